/**
 * `npm run bench:json`: bundles bench/json.bench.ts with esbuild (sitelets
 * from src/, target es2022 like the published build, packages external) and
 * runs the bundle with plain node from the repository root.
 */
import { spawnSync } from "node:child_process"
import { fileURLToPath } from "node:url"
import { build } from "esbuild"

const root = fileURLToPath(new URL("..", import.meta.url))
const outfile = `${root}node_modules/.cache/sitelets-bench-json/json.mjs`

await build({
  entryPoints: [`${root}bench/json.bench.ts`],
  outfile,
  bundle: true,
  format: "esm",
  platform: "node",
  target: "es2022",
  packages: "external",
  logLevel: "warning",
})

const run = spawnSync(process.execPath, [outfile], { stdio: "inherit", cwd: root })
process.exit(run.status ?? 1)
