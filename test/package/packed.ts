/**
 * The package as users install it: `npm pack` of the built `dist/` (no
 * scripts run: `npm test` builds first), unpacked into a temporary
 * `node_modules/sitelets` beside its runtime dependencies, so tests import,
 * bundle and lint exactly what would be published.
 */
import { execFileSync } from "node:child_process"
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, symlinkSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

const root = new URL("../..", import.meta.url).pathname

/** The packed package: the tarball, and a folder whose `node_modules/sitelets` holds it unpacked. */
export interface Packed {
  readonly tarball: string
  /** A folder to resolve `sitelets` from (it has `node_modules/sitelets`). */
  readonly folder: string
  /** The paths inside the tarball, `package/` removed. */
  readonly files: readonly string[]
  /** What the files take unpacked, in bytes (npm's own count). */
  readonly unpackedBytes: number
}

/** The sentence a missing build throws (written once). */
export const notBuilt = "dist/ is missing: run `npm run build` first (`npm test` does)"

/**
 * Packs and unpacks the package once per test file.
 *
 * @example
 * ```ts
 * const { folder } = packPackage()
 * await build({ stdin: { contents: 'import { t } from "sitelets"', resolveDir: folder }, bundle: true })
 * ```
 */
export function packPackage(): Packed {
  if (!existsSync(`${root}dist/index.js`)) throw new Error(notBuilt)
  const folder = mkdtempSync(join(tmpdir(), "sitelets-packed-"))
  const output = execFileSync("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", folder], {
    cwd: root,
    encoding: "utf8",
  })
  const [packed] = JSON.parse(output) as Array<{
    filename: string
    unpackedSize: number
    files: Array<{ path: string }>
  }>
  const tarball = join(folder, packed!.filename)
  mkdirSync(join(folder, "node_modules"))
  execFileSync("tar", ["-xzf", tarball, "-C", join(folder, "node_modules")])
  renameSync(join(folder, "node_modules", "package"), join(folder, "node_modules", "sitelets"))
  // What `npm install sitelets` brings along: the runtime dependencies (linked from this checkout's install).
  const manifest = JSON.parse(readFileSync(`${root}package.json`, "utf8")) as { dependencies?: Record<string, string> }
  // And what a React user has beside it for `sitelets/react` (its optional peer dependency, with its types).
  // And `@opentelemetry/api` for `sitelets/otel`, the other optional peer an entry imports.
  // And the MCP SDK for `sitelets/mcp`.
  const peers = [
    "react",
    "react-dom",
    "@types/react",
    "@types/react-dom",
    "@opentelemetry/api",
    "@modelcontextprotocol/sdk",
  ]
  for (const scope of ["@types", "@opentelemetry", "@modelcontextprotocol"])
    mkdirSync(join(folder, "node_modules", scope))
  for (const name of [...Object.keys(manifest.dependencies ?? {}), ...peers])
    symlinkSync(join(root, "node_modules", name), join(folder, "node_modules", name), "dir")
  return { tarball, folder, files: packed!.files.map((file) => file.path), unpackedBytes: packed!.unpackedSize }
}
