#!/usr/bin/env node
/**
 * `npx sitelets compile <module>#<export> -o <file>`: imports the module
 * (JavaScript, or TypeScript under a loader such as `tsx`), takes the
 * export — a union declaration, or a router of `Router.Infer` on one — and
 * writes its compiled route table to `<file>`, with a `.d.ts` beside it.
 * The table names this command, so a stale one says what to rerun.
 */
import { pathToFileURL } from "node:url"
import { writeRouteTable } from "./router/compile-plugins.js"

const usage = "usage: sitelets compile <module>#<export> -o <file.js>"

/**
 * Runs the command with its arguments (after `sitelets`); resolves to the
 * file written, or throws with the usage or the reason.
 *
 * @example
 * ```ts
 * await compileCommand(["compile", "dist/endpoints.js#Site", "-o", "dist/routes.compiled.js"])
 * ```
 */
export async function compileCommand(args: readonly string[]): Promise<string> {
  const [command, target, flag, out] = args
  if (command !== "compile" || target === undefined || flag !== "-o" || out === undefined) throw new Error(usage)
  const hash = target.lastIndexOf("#")
  if (hash <= 0 || hash === target.length - 1) throw new Error(`${usage} (the export is named after #)`)
  return writeRouteTable(
    { module: target.slice(0, hash), export: target.slice(hash + 1), out },
    `npx sitelets ${args.join(" ")}`,
  )
}

// Run as a program (the package's `bin`), not when imported.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  compileCommand(process.argv.slice(2)).then(
    (out) => console.log(`sitelets: wrote ${out}`),
    (error: unknown) => {
      console.error(`sitelets: ${error instanceof Error ? error.message : String(error)}`)
      process.exitCode = 1
    },
  )
}
