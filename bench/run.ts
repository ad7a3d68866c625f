/**
 * `npm run bench`: builds the package (`npm run build`), bundles the
 * benchmarks with esbuild against the built `dist/` (the published code, as
 * users load it; other packages external), then runs the bundle with plain
 * node. Arguments select a subset:
 * `npm run bench -- routing linking`. The whole-server rows on Bun, Deno and
 * workerd run their servers in those runtimes, installed from npm into
 * test/runtimes (the runtime matrix's install; done here when missing).
 */
import { spawnSync } from "node:child_process"
import { existsSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { build } from "esbuild"

const root = fileURLToPath(new URL("..", import.meta.url))

// The published code: the benchmarks import "sitelets" and "sitelets/node", resolved to the fresh build.
const built = spawnSync("npm", ["run", "build"], { stdio: ["ignore", "ignore", "inherit"], cwd: root })
if (built.status !== 0) process.exit(built.status ?? 1)
const outdir = `${root}node_modules/.cache/sitelets-bench`
// The whole-server rows' compiled table, written by the first build's plugin before any bundle reads it.
const usersTable = `${outdir}/users.compiled.mjs`
const { CompileRoutes } = (await import(
  `${root}dist/router/table/compile-entry.js`
)) as typeof import("sitelets/compile")
const alias = {
  "sitelets-bench-users-table": usersTable,
  sitelets: `${root}dist/index.js`,
  "sitelets/node": `${root}dist/host/node/index.js`,
  "sitelets/compile": `${root}dist/router/table/compile-entry.js`,
  // The JSX pages of the rendering benchmark import the runtime (Hono's stays a package).
  "sitelets/jsx-runtime": `${root}dist/jsx-runtime.js`,
}

// The rows that start their own server on Bun or Deno (Elysia, the bare floors) are bundled only into the
// runtime child, which runs them: every other bundle leaves their module an import it never takes.
const ownServersOnlyInRuntimes = {
  name: "own-servers-only-in-runtimes",
  setup(plugin: { onResolve: (options: { filter: RegExp }, resolve: () => { external: true }) => void }) {
    plugin.onResolve({ filter: /\/own-servers\.js$/ }, () => ({ external: true }))
  },
}

// Both bundles: ESM for node, es2022 like the published build, sitelets from the fresh build.
const common = {
  outdir,
  outExtension: { ".js": ".mjs" },
  bundle: true,
  format: "esm",
  platform: "node",
  target: "es2022",
  alias,
  logLevel: "warning",
} as const

await build({
  ...common,
  entryPoints: {
    main: `${root}bench/main.ts`,
    "server-child": `${root}bench/server/server-child.ts`,
    "per-call-child": `${root}bench/routing/per-call-child.ts`,
    "build-child": `${root}bench/routing/build-child.ts`,
    "socket-child": `${root}bench/socket/socket-child.ts`,
    "workerd-child": `${root}bench/server/workerd-child.ts`,
  },
  packages: "external",
  plugins: [
    CompileRoutes.Esbuild([{ module: `${root}bench/server/users-api.ts`, export: "UsersApi", out: usersTable }]),
    ownServersOnlyInRuntimes,
  ],
})

// The workerd rows' Worker: one ES module with everything it imports, as Workers take it.
await build({
  ...common,
  entryPoints: { "workerd-worker": `${root}bench/server/workerd-worker.ts` },
  platform: "neutral",
  plugins: [ownServersOnlyInRuntimes],
})

// The Bun and Deno rows' server and in-process bench: bundled with what they import (Hono included), run by the runtime itself.
await build({
  ...common,
  entryPoints: {
    "runtime-child": `${root}bench/server/runtime-child.ts`,
    "fetch-child": `${root}bench/fetch/fetch-child.ts`,
    "socket-bun-child": `${root}bench/socket/socket-bun-child.ts`,
  },
})
const runtimeBin = (name: string) => `${root}test/runtimes/node_modules/.bin/${name}`
if (!existsSync(runtimeBin("bun")) || !existsSync(runtimeBin("deno")) || !existsSync(runtimeBin("workerd"))) {
  spawnSync("npm", ["ci", "--prefix", "test/runtimes", "--no-audit", "--no-fund"], { stdio: "inherit", cwd: root })
}

const run = spawnSync(process.execPath, [`${outdir}/main.mjs`, ...process.argv.slice(2)], {
  stdio: "inherit",
  cwd: root,
  env: {
    ...process.env,
    SITELETS_BENCH_ROOT: root.replace(/\/$/, ""),
    SITELETS_BENCH_BUN: runtimeBin("bun"),
    SITELETS_BENCH_DENO: runtimeBin("deno"),
    SITELETS_BENCH_WORKERD: runtimeBin("workerd"),
    SITELETS_BENCH_RUNTIME_CHILD: `${outdir}/runtime-child.mjs`,
  },
})
process.exit(run.status ?? 1)
