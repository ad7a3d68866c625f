/**
 * `npm run bench:json`: builds the package (`npm run build`), bundles
 * bench/json.bench.ts with esbuild against the built `dist/` (the published
 * code, as users load it; other packages external) and runs the bundle with
 * plain node from the repository root.
 */
import { spawnSync } from "node:child_process"
import { fileURLToPath } from "node:url"
import { build } from "esbuild"

const root = fileURLToPath(new URL("..", import.meta.url))

// The published code: the benchmarks import "sitelets" and "sitelets/node", resolved to the fresh build.
const built = spawnSync("npm", ["run", "build"], { stdio: ["ignore", "ignore", "inherit"], cwd: root })
if (built.status !== 0) process.exit(built.status ?? 1)
const alias = { sitelets: `${root}dist/index.js`, "sitelets/node": `${root}dist/host/node/index.js` }
const outfile = `${root}node_modules/.cache/sitelets-bench-json/json.mjs`

await build({
  entryPoints: [`${root}bench/json.bench.ts`],
  outfile,
  bundle: true,
  format: "esm",
  platform: "node",
  target: "es2022",
  packages: "external",
  alias,
  logLevel: "warning",
})

// --expose-gc: the large-payload tables measure the heap a decoded value retains.
const run = spawnSync(process.execPath, ["--expose-gc", outfile], { stdio: "inherit", cwd: root })
process.exit(run.status ?? 1)
