// The TypeScript compilers sitelets is checked with, each installed from npm as a dev dependency:
// 5.9 (`typescript`, the primary: tsup and the declaration build use it), 6.0 and 7.0 (the native compiler,
// npm's `latest`) under the aliases `typescript-6` and `typescript-7`. Their bins all claim the name `tsc`,
// so every script calls a compiler by its package path, never `tsc` from node_modules/.bin.
import { execFileSync } from "node:child_process"
import { fileURLToPath } from "node:url"

const root = fileURLToPath(new URL("..", import.meta.url))

/** name → the compiler's command (node and its script). */
export const compilers = {
  "5.9": [process.execPath, `${root}node_modules/typescript/bin/tsc`],
  "6.0": [process.execPath, `${root}node_modules/typescript-6/bin/tsc`],
  "7.0": [process.execPath, `${root}node_modules/typescript-7/bin/tsc`],
}

/** The projects every compiler checks: the sources, tests, examples and benches; the deploy snippets; the type tests. */
export const projects = ["tsconfig.json", "examples/deploy", "type-tests"]

/** Runs one compiler on one project; returns its output (throws with it on errors). */
export function check(name, project, extra = []) {
  const [command, script] = compilers[name]
  return execFileSync(command, [script, "--noEmit", "-p", project, ...extra], { cwd: root, encoding: "utf8" })
}

// `node scripts/compilers.mjs [5.9 6.0 7.0]`: every project on each compiler named (all by default), with times.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const names = process.argv.length > 2 ? process.argv.slice(2) : Object.keys(compilers)
  let failed = false
  for (const name of names) {
    for (const project of projects) {
      const started = performance.now()
      try {
        check(name, project)
        console.log(`TypeScript ${name}  ${project}: ok (${((performance.now() - started) / 1000).toFixed(1)} s)`)
      } catch (error) {
        failed = true
        console.log(`TypeScript ${name}  ${project}: FAILED\n${error.stdout ?? error.message}`)
      }
    }
  }
  process.exit(failed ? 1 : 0)
}
