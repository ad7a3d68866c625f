/**
 * `npm run bench`: bundles the runtime benchmarks with esbuild (sitelets
 * from src/, target es2022 like the published build, packages external),
 * then runs the bundle with plain node. Arguments select a subset:
 * `npm run bench -- routing linking`.
 */
import { spawnSync } from "node:child_process"
import { fileURLToPath } from "node:url"
import { build } from "esbuild"

const root = fileURLToPath(new URL("..", import.meta.url))
const outdir = `${root}node_modules/.cache/sitelets-bench`

await build({
  entryPoints: { main: `${root}bench/main.ts`, "server-child": `${root}bench/server/server-child.ts` },
  outdir,
  outExtension: { ".js": ".mjs" },
  bundle: true,
  format: "esm",
  platform: "node",
  target: "es2022",
  packages: "external",
  logLevel: "warning",
})

const run = spawnSync(process.execPath, [`${outdir}/main.mjs`, ...process.argv.slice(2)], {
  stdio: "inherit",
  cwd: root,
  env: { ...process.env, SITELETS_BENCH_ROOT: root.replace(/\/$/, "") },
})
process.exit(run.status ?? 1)
