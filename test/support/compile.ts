/**
 * Compiles one TypeScript module against the sources with the TypeScript
 * API, strict, and gives its diagnostics: for tests of the sentences the
 * compiler reports (their line, code, whole text and first line).
 */
import { mkdirSync, writeFileSync } from "node:fs"
import ts from "typescript"

/** The repository root, for imports from `src/` in the compiled source. */
export const root = new URL("../..", import.meta.url).pathname

/** One diagnostic of the compiled module. */
export interface Compiled {
  /** Zero-based line in the source. */
  readonly line: number
  readonly code: number
  /** The whole message, elaboration included. */
  readonly message: string
  /** The first line only, as an editor shows it first. */
  readonly first: string
}

/**
 * The diagnostics of `source`, written to `node_modules/.cache/<name>/`.
 *
 * @example
 * ```ts
 * diagnosticsOf("redirects", `import { t } from "${root}src/index.js"\nt.case("GET /<id:integer>")`)[0]?.first
 * ```
 */
export function diagnosticsOf(name: string, source: string): Compiled[] {
  const folder = `${root}node_modules/.cache/${name}/`
  mkdirSync(folder, { recursive: true })
  const file = `${folder}module.ts`
  writeFileSync(file, source)
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ["lib.es2023.d.ts", "lib.dom.d.ts"],
    types: [],
    skipLibCheck: true,
  })
  return ts.getPreEmitDiagnostics(program, program.getSourceFile(file)).map((diagnostic) => {
    const text = diagnostic.messageText
    return {
      line: diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start!).line,
      code: diagnostic.code,
      message: ts.flattenDiagnosticMessageText(text, "\n"),
      first: typeof text === "string" ? text : text.messageText,
    }
  })
}
