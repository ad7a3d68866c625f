/**
 * Type-checks a folder of modules with one of the compilers users have
 * (TypeScript 5.9, 6.0, 7.0, each a dev dependency run by its command line:
 * 7 has no JavaScript API in its stable surface) and gives each file's
 * diagnostics as the editor shows them first: line and first line of text.
 */
import { spawnSync } from "node:child_process"
import { mkdirSync, rmSync, writeFileSync } from "node:fs"

/** The repository root. */
export const root = new URL("../..", import.meta.url).pathname

/** The compilers of the matrix, by the version a user installs. */
export const compilers = ["5.9", "6.0", "7.0"] as const
export type Compiler = (typeof compilers)[number]

const binaries: Record<Compiler, string> = {
  "5.9": "typescript",
  "6.0": "typescript-6",
  "7.0": "typescript-7",
}

/** One diagnostic: the file's one-based line, and the first line of its message. */
export interface FirstLine {
  readonly line: number
  readonly code: number
  readonly text: string
}

/**
 * Writes `files` (name → source) and a `tsconfig.json` of `compilerOptions`
 * (JSON form) to `folder`, checks them with `compiler`, and gives each
 * file's diagnostics (a file without any maps to `[]`) and the exit status.
 *
 * @example
 * ```ts
 * const { byFile } = checkWith("7.0", `${root}node_modules/.cache/x/`, { "a.ts": "const n: number = ''" }, { strict: true })
 * byFile.get("a.ts") //=> [{ line: 1, code: 2322, text: "Type 'string' is not assignable to type 'number'." }]
 * ```
 */
export function checkWith(
  compiler: Compiler,
  folder: string,
  files: Readonly<Record<string, string>>,
  compilerOptions: object,
): { byFile: Map<string, FirstLine[]>; status: number | null; output: string } {
  rmSync(folder, { recursive: true, force: true })
  mkdirSync(folder, { recursive: true })
  const byFile = new Map<string, FirstLine[]>()
  for (const [name, source] of Object.entries(files)) {
    writeFileSync(`${folder}${name}`, source)
    byFile.set(name, [])
  }
  writeFileSync(`${folder}tsconfig.json`, JSON.stringify({ compilerOptions, include: ["*.ts"] }))
  const tsc = `${root}node_modules/${binaries[compiler]}/bin/tsc`
  const run = spawnSync(process.execPath, [tsc, "-p", folder, "--pretty", "false"], { encoding: "utf8" })
  // `name.ts(4,5): error TS2345: first line`, then indented elaboration lines.
  for (const match of run.stdout.matchAll(/^(?:.*\/)?([^/(]+\.ts)\((\d+),\d+\): error TS(\d+): (.*)$/gm)) {
    const [, name, line, code, text] = match as unknown as [string, string, string, string, string]
    byFile.get(name)?.push({ line: Number(line), code: Number(code), text })
  }
  return { byFile, status: run.status, output: run.stdout + run.stderr }
}
