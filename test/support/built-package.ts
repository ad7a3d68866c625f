/**
 * The package as it ships (dist/), for tests that run it as a user would
 * (the CLI, the build plugins): npm test builds before the tests run; a
 * test file run alone builds it here when it is missing.
 */
import { execFileSync } from "node:child_process"
import { existsSync } from "node:fs"
import { join } from "node:path"

/** The repository's root folder. */
export const repoRoot = new URL("../..", import.meta.url).pathname

/**
 * The path of a built file (`"dist/cli.js"`), building the package first when it is missing.
 *
 * @example
 * ```ts
 * beforeAll(() => void builtFile("dist/cli.js"), 120_000)
 * ```
 */
export function builtFile(path: string): string {
  const file = join(repoRoot, path)
  if (!existsSync(file)) execFileSync("npm", ["run", "build"], { cwd: repoRoot, stdio: "ignore" })
  return file
}
