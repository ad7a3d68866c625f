/**
 * The runtime benchmarks, run from the bundle bench/run.ts builds:
 * routing, linking, adversarial paths, whole servers; writes
 * BENCHMARKS.md (its generated sections only) and bench/results.json.
 * `node main.mjs routing linking` runs a subset: it prints the subset's
 * figures and stores them in bench/results.json beside the other sections'
 * stored figures, and leaves BENCHMARKS.md alone;
 * `SITELETS_BENCH_QUICK=1` is a smoke run (tiny batches, 1 s of load) whose
 * report goes to the temp folder instead; `render` rewrites the generated
 * sections from bench/results.json without measuring.
 */
import { spawnSync } from "node:child_process"
import { readFileSync, writeFileSync, existsSync } from "node:fs"
import { withFigures } from "./common/docs-figures.js"
import { tmpdir } from "node:os"
import { fileURLToPath } from "node:url"
import { environment } from "./common/environment.js"
import { mergeSections } from "./common/markdown.js"
import { repoPath } from "./common/paths.js"
import { adversarialBench } from "./adversarial/adversarial-bench.js"
import { linkingBench } from "./linking/linking-bench.js"
import { buildBench } from "./routing/build.js"
import { perCallBench } from "./routing/per-call.js"
import { contenderNotes, routingBench } from "./routing/routing-bench.js"
import { compressionScenario, load, quickLoad, serverBench } from "./server/server-bench.js"
import { linkWeight } from "./bundle/link-weight.js"
import {
  adversarialSection,
  environmentSection,
  linkingSection,
  routingSection,
  compressionSection,
  fetchSection,
  renderSection,
  serverSection,
  type Results,
} from "./report.js"
import { buildSection, perCallSection } from "./report-scale.js"
import { summarySection } from "./summary.js"
import { type FetchResult, fetchBench } from "./fetch/fetch-bench.js"
import { renderBench } from "./render/render-bench.js"
import { quickSocketLoad, socketBench, socketLoad } from "./socket/socket-bench.js"
import { socketSection } from "./socket/socket-report.js"

/**
 * The in-process Fetch benchmark under Bun and Deno (bench/fetch/fetch-child.ts, bundled by bench/run.ts), when
 * their runtimes are installed (npm run bench installs them).
 */
function fetchOnRuntimes(quick: boolean): FetchResult[] {
  const entry = fileURLToPath(new URL("./fetch-child.mjs", import.meta.url))
  const { SITELETS_BENCH_BUN: bun, SITELETS_BENCH_DENO: deno } = process.env
  if (!bun || !deno || !existsSync(bun) || !existsSync(deno) || !existsSync(entry)) {
    process.stderr.write("  (no Bun/Deno: run through npm run bench for their rows)\n")
    return []
  }
  const mode = quick ? ["quick"] : []
  const runs = [
    ["bun", bun, [entry, ...mode]],
    ["deno", deno, ["run", "-A", entry, ...mode]],
  ] as const
  return runs.flatMap(([runtime, binary, args]) => {
    const run = spawnSync(binary, args, { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], maxBuffer: 1 << 24 })
    if (run.status !== 0) throw new Error(`the ${runtime} Fetch benchmark exited with ${run.status}`)
    const last = run.stdout.trim().split("\n").pop() ?? "[]"
    return (JSON.parse(last) as FetchResult[]).map((result) => ({ ...result, runtime }))
  })
}

const childEntry = fileURLToPath(new URL("./server-child.mjs", import.meta.url))
const perCallEntry = fileURLToPath(new URL("./per-call-child.mjs", import.meta.url))
const buildEntry = fileURLToPath(new URL("./build-child.mjs", import.meta.url))
const all = [
  "routing",
  "build",
  "linking",
  "fetch",
  "rendering",
  "adversarial",
  "server",
  "compression",
  "sockets",
  "weight",
] as const
const socketEntry = fileURLToPath(new URL("./socket-child.mjs", import.meta.url))
const asked = process.argv.slice(2)
const selected = asked.length > 0 && !asked.includes("render") ? all.filter((name) => asked.includes(name)) : all
const step = (name: string) => process.stderr.write(`${name}…\n`)
const quick = process.env.SITELETS_BENCH_QUICK === "1"
const harness = quick ? { batchMs: 2, rounds: 3, warmupMs: 10 } : undefined

// `render` rewrites the generated sections from bench/results.json without measuring again.
const render = asked.includes("render")
const env = render
  ? (JSON.parse(readFileSync(repoPath("bench/results.json"), "utf8")) as Results).environment
  : environment()
// A subset run keeps the other sections' figures in bench/results.json.
const stored = (): Partial<Results> =>
  existsSync(repoPath("bench/results.json"))
    ? (JSON.parse(readFileSync(repoPath("bench/results.json"), "utf8")) as Results)
    : {}
let results: Results = render
  ? (stored() as Results)
  : selected.length < all.length
    ? { ...stored(), environment: env }
    : { environment: env }
if (!render && selected.includes("routing")) {
  step("routing")
  results = { ...results, routing: await routingBench(harness), routingNotes: contenderNotes() }
  step("routing, per call (mitata, a fresh process per scenario)")
  results = { ...results, routingPerCall: perCallBench(perCallEntry, quick) }
}
if (!render && selected.includes("build")) {
  step("router build")
  results = { ...results, build: buildBench(buildEntry, quick ? [1000] : [1000, 10000]) }
}
if (!render && selected.includes("linking")) {
  step("linking")
  results = { ...results, linking: await linkingBench(harness) }
}
if (!render && selected.includes("fetch")) {
  step("Fetch handlers in process")
  const onNode = (await fetchBench(harness)).map((result) => ({ ...result, runtime: "node" as const }))
  results = { ...results, fetch: [...onNode, ...fetchOnRuntimes(quick)] }
}
if (!render && selected.includes("rendering")) {
  step("page rendering")
  results = { ...results, rendering: await renderBench(harness) }
}
if (!render && selected.includes("adversarial")) {
  step("adversarial paths")
  results = { ...results, adversarial: await adversarialBench() }
}
if (!render && selected.includes("server")) {
  step("whole server")
  const { SITELETS_BENCH_BUN: bun, SITELETS_BENCH_DENO: deno, SITELETS_BENCH_RUNTIME_CHILD: child } = process.env
  // The Bun, Deno and workerd rows need their runtimes (bench/run.ts installs them); without them, Node's rows only.
  const { SITELETS_BENCH_WORKERD: workerdBinary } = process.env
  const workerdChild = fileURLToPath(new URL("./workerd-child.mjs", import.meta.url))
  const worker = fileURLToPath(new URL("./workerd-worker.mjs", import.meta.url))
  const workerd =
    workerdBinary && existsSync(workerdBinary) && existsSync(workerdChild) && existsSync(worker)
      ? { binary: workerdBinary, child: workerdChild, worker }
      : undefined
  const runtimes =
    bun && deno && child && existsSync(bun) && existsSync(deno) ? { bun, deno, child, workerd } : undefined
  if (runtimes === undefined) process.stderr.write("  (no Bun/Deno: run through npm run bench for their rows)\n")
  // SITELETS_BENCH_ROUNDS: more rounds while working on some rows (with SITELETS_BENCH_ROWS).
  const rounds = Number(process.env.SITELETS_BENCH_ROUNDS ?? Number.NaN)
  const settings = quick ? quickLoad : Number.isInteger(rounds) && rounds > 1 ? { ...load, rounds } : undefined
  results = { ...results, server: await serverBench(childEntry, settings, runtimes) }
}
if (!render && selected.includes("compression")) {
  step("compression")
  const settings = quick ? quickLoad : undefined
  results = { ...results, compression: await serverBench(childEntry, settings, undefined, compressionScenario) }
}

if (!render && selected.includes("sockets")) {
  step("WebSockets")
  const bunBinary = repoPath("test/runtimes/node_modules/.bin/bun")
  const bunChild = fileURLToPath(new URL("./socket-bun-child.mjs", import.meta.url))
  const bun = existsSync(bunBinary) && existsSync(bunChild) ? { bun: bunBinary, entry: bunChild } : undefined
  if (bun === undefined) process.stderr.write("  (no Bun: run through npm run bench for the Bun rows)\n")
  results = { ...results, sockets: await socketBench(socketEntry, quick ? quickSocketLoad : socketLoad, bun) }
}

if (!render && selected.includes("weight")) {
  step("a link's weight (browser bundles)")
  results = { ...results, linkWeight: await linkWeight() }
}

// A run on some rows only (SITELETS_BENCH_ROWS) is for the terminal, never for the results.
const partial = process.env.SITELETS_BENCH_ROWS !== undefined
if (!quick && !render && !partial)
  writeFileSync(repoPath("bench/results.json"), JSON.stringify(results, null, 2) + "\n")
if (selected.length === all.length && !partial) {
  const file = quick ? `${tmpdir()}/sitelets-bench-quick.md` : repoPath("BENCHMARKS.md")
  const generated = new Map<string, string>([
    ["Targets", summarySection(results)],
    ["Environment", environmentSection(env)],
    ["Routing", routingSection(results.routing ?? [], results.routingNotes ?? [])],
    ["Routing per call", perCallSection(results.routingPerCall ?? [])],
    ["Router build", buildSection(results.build ?? [])],
    ["Linking", linkingSection(results.linking ?? [])],
    ["Fetch handler in process", fetchSection(results.fetch ?? [])],
    ["Rendering", renderSection(results.rendering ?? [])],
    ["Whole server", serverSection(results.server ?? [])],
    ["Compression", compressionSection(results.compression ?? [])],
    ["WebSockets", socketSection(results.sockets ?? [])],
    ["Adversarial paths", adversarialSection(results.adversarial ?? [])],
  ])
  const preamble = [
    "# Benchmarks",
    "",
    "`npm run bench` regenerates the sections below except `## JSON` (written by the JSON benchmark) and " +
      "`## Notes` (written by hand); `npm run bench:types` measures the type-level cost. Figures are from one run " +
      "on one machine: read the ratios, which come from one process, rather than the absolute times.",
  ].join("\n")
  const order = [
    "Targets",
    "Environment",
    "Routing",
    "Routing per call",
    "Router build",
    "Linking",
    "Fetch handler in process",
    "Rendering",
    "JSON",
    "Whole server",
    "Compression",
    "WebSockets",
    "Adversarial paths",
    "Notes",
  ]
  const source = repoPath("BENCHMARKS.md")
  const benchmarks = mergeSections(existsSync(source) ? readFileSync(source, "utf8") : "", preamble, generated, order)
  writeFileSync(file, benchmarks)
  process.stderr.write(`wrote ${file}\n`)
  // The documentation's performance page shows this run's targets, dated.
  if (!quick) {
    const page = repoPath("docs/performance.md")
    writeFileSync(page, withFigures(readFileSync(page, "utf8"), benchmarks))
    process.stderr.write(`wrote ${page}\n`)
  }
} else {
  process.stdout.write(JSON.stringify(results, null, 2) + "\n")
}
