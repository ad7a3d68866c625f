/**
 * The generated sections of BENCHMARKS.md, from the measured results.
 * Ratios are always "how many times faster sitelets is" (> 1: we lead,
 * < 1: we trail), computed from medians taken in one process.
 */
import type { SocketResult } from "./socket/socket-bench.js"
import type { Environment } from "./common/environment.js"
import type { Timing } from "./common/harness.js"
import { formatNs, formatPercent, formatRatio, table } from "./common/markdown.js"
import type { AdversarialResult } from "./adversarial/adversarial-bench.js"
import type { FetchResult } from "./fetch/fetch-bench.js"
import type { RenderResult } from "./render/render-bench.js"
import type { LinkingResult } from "./linking/linking-bench.js"
import type { BuildResult } from "./routing/build.js"
import type { PerCallResult } from "./routing/per-call.js"
import type { ScenarioResult } from "./routing/routing-bench.js"
import type { ServerResult } from "./server/server-bench.js"
import { articles } from "./server/compression-apps.js"

/** Everything one `npm run bench` measured (also written to bench/results.json). */
import type { LinkWeight } from "./bundle/link-weight.js"

export interface Results {
  readonly environment: Environment
  readonly routing?: readonly ScenarioResult[]
  readonly routingNotes?: ReadonlyArray<readonly [string, string]>
  readonly routingPerCall?: readonly PerCallResult[]
  readonly build?: readonly BuildResult[]
  readonly linking?: readonly LinkingResult[]
  /** Fetch handlers in process: sitelets and Hono on the same endpoints. */
  readonly fetch?: readonly FetchResult[]
  /** Page rendering: sitelets' JSX, the Html builders and Hono's JSX. */
  readonly rendering?: readonly RenderResult[]
  readonly server?: readonly ServerResult[]
  /** The compression benchmark: each framework plain, then compressing (`+` in the name). */
  readonly compression?: readonly ServerResult[]
  readonly adversarial?: readonly AdversarialResult[]
  /** The WebSocket echo and idle-memory benchmark. */
  readonly sockets?: readonly SocketResult[]
  /** Issue 36's fixture linked in a browser bundle: by `Router.Infer`, and by links compiled ahead of time. */
  readonly linkWeight?: LinkWeight
}

const ours = "sitelets"

export { serverSection } from "./server/server-report.js"
const timingOf = (timings: readonly Timing[], name: string) => timings.find((timing) => timing.name === name)

/**
 * `## Environment`: machine, versions, commit, and how time is measured.
 *
 * @example
 * ```ts
 * environmentSection(environment()).startsWith("## Environment") //=> true
 * ```
 */
export function environmentSection(env: Environment): string {
  return [
    "## Environment",
    "",
    table(
      ["", ""],
      [
        ["date (UTC)", env.date],
        ["machine", `${env.cpu}, ${env.cores} cores, ${env.memoryGiB} GiB`],
        ["OS", env.os],
        ["Node", env.node],
        ["sitelets commit", env.commit],
        ...env.packages.map(([name, version]) => [name, version]),
      ],
    ),
    "",
    `The machine has ${env.cores} cores, and while these figures were taken other processes (other sessions' ` +
      "type-checks and tests) were running on the same cores. Micro-benchmarks therefore report **process CPU time** " +
      "per operation (user + system, GC threads included: what the work costs us, not how long we waited for a core), " +
      "over interleaved rounds (A B C, A B C, …) so a busy moment hits every contender alike; wall-clock medians are in " +
      "`bench/results.json`. The server benchmark is wall-clock by nature and is the most exposed to that load.",
    "",
    "sitelets is measured as users load it: `npm run bench` builds the package first and the benchmarks import " +
      "`sitelets` and `sitelets/node` from the built `dist/` (bundled with the harness by esbuild, target es2022; " +
      "running through `tsx` would add esbuild's `keepNames` wrappers to every closure and slow everything down).",
  ].join("\n")
}

/**
 * `## Routing`: CPU time per request, then sitelets' speed relative to each peer.
 *
 * @example
 * ```ts
 * routingSection(await routingBench(), contenderNotes())
 * ```
 */
export function routingSection(
  results: readonly ScenarioResult[],
  notes: ReadonlyArray<readonly [string, string]>,
): string {
  const names = [...new Set(results.flatMap((result) => result.timings.map((timing) => timing.name)))]
  const head = ["router", ...results.map((result) => result.label)]
  const timesRows = names.map((name) => [
    name === ours ? `**${name}**` : name,
    ...results.map((result) => {
      const timing = timingOf(result.timings, name)
      return timing ? `${formatNs(timing.median)} ±${formatPercent(timing.spread / 2)}` : "—"
    }),
  ])
  const ratioRows = names
    .filter((name) => !name.startsWith(ours))
    .map((name) => [
      name,
      ...results.map((result) => {
        const peer = timingOf(result.timings, name)
        const mine = timingOf(result.timings, ours)
        return peer && mine ? formatRatio(peer.median / mine.median) : "—"
      }),
    ])
  return [
    "## Routing",
    "",
    "The GitHub REST API table (`../shared/bench/github-routes.json`, 203 routes), declared as sitelets templates " +
      "(`:name` → `<name>`, string holes; the union is generated at run time in the table's order) and loaded into every peer. " +
      "Every contender's answers (route and parameters) for all 203 requests and the miss are checked before timing. " +
      'sitelets produces the typed endpoint value (`{ $: "R63", owner, repo, number }`); peers produce their param bag ' +
      "(Hono: its index map and stash, as its router does before `c.req.param()`).",
    "",
    "**Median CPU time per request** (± half the interquartile range, over 11 rounds):",
    "",
    table(head, timesRows),
    "",
    "**Speed of sitelets relative to each peer** (peer time ÷ sitelets time; above 1× sitelets leads, below it trails):",
    "",
    table(head, ratioRows),
    "",
    "What each row runs:",
    "",
    ...notes.map(([name, note]) => `- **${name}**: ${note}`),
  ].join("\n")
}

/**
 * Table rows of timed subjects per input: the input's label, each subject's
 * median (± half its IQR), and how many times faster `mine` is than it.
 *
 * @example
 * ```ts
 * timingRows(results, (result) => result.input, "sitelets Link")
 * ```
 */
function timingRows<Result extends { readonly timings: readonly Timing[] }>(
  results: readonly Result[],
  label: (result: Result) => string,
  mine: string,
): string[][] {
  return results.flatMap((result) => {
    const ours = timingOf(result.timings, mine)
    return result.timings.map((timing) => [
      label(result),
      timing.name,
      `${formatNs(timing.median)} ±${formatPercent(timing.spread / 2)}`,
      ours ? formatRatio(timing.median / ours.median) : "—",
    ])
  })
}

/**
 * `## Linking`: the three linkers on each input.
 *
 * @example
 * ```ts
 * linkingSection(await linkingBench())
 * ```
 */
export function linkingSection(results: readonly LinkingResult[]): string {
  const rows = timingRows(results, (result) => result.input, "sitelets Link")
  return [
    "## Linking",
    "",
    "The URL of `GET /repos/<owner>/<repo>/issues/<number>` (the 203-route router, so `Link` also finds the case): " +
      '`router.Link({ $: "R63", owner, repo, number })`, path-to-regexp\'s `compile("/repos/:owner/:repo/issues/:number")` ' +
      "function, and a hand-written template literal with `encodeURIComponent` (the floor). All three give the same string " +
      "(checked). Target: ≥ 2× path-to-regexp.",
    "",
    table(["input", "linker", "median CPU time (± ½ IQR, 11 rounds)", "sitelets speed vs row"], rows),
    "",
    ...results.map((result) => `- ${result.input}: \`${result.url}\``),
  ].join("\n")
}

/**
 * `## Fetch handler in process`: `Fetch.Handler(site).fetch` against Hono's `app.fetch`.
 *
 * @example
 * ```ts
 * fetchSection(await fetchBench())
 * ```
 */
export function fetchSection(results: readonly FetchResult[]): string {
  const runtimeName = { node: "Node", bun: "Bun", deno: "Deno" } as const
  const rows = timingRows(
    results,
    (result) => `${runtimeName[result.runtime ?? "node"]}: ${result.scenario}`,
    "sitelets Fetch.Handler",
  )
  return [
    "## Fetch handler in process",
    "",
    "One process per runtime (Node here; Bun and Deno run the same bundled benchmark, bench/fetch/fetch-child.ts), " +
      "interleaved rounds: each operation builds a `Request`, calls the handler and reads the answer's body. " +
      "sitelets' `Fetch.Handler(site).fetch` against Hono's `app.fetch` with the same routes, bodies and headers " +
      "(checked first: Hono sets `X-Content-Type-Options: nosniff` on each answer and sitelets' 404 headers on its " +
      "404, as a user who wants what sitelets sends writes), and Hono once more as it comes: the difference between " +
      "the two Hono rows is what those headers cost on that runtime. Goal (issue 28): ≥ 1.0× Hono.",
    "",
    table(["scenario", "handler", "median CPU time (± ½ IQR)", "sitelets speed vs row"], rows),
    "",
    ...results
      .filter((result) => (result.runtime ?? "node") === "node")
      .map((result) => `- ${result.scenario}: \`${result.url}\``),
  ].join("\n")
}

/**
 * `## Rendering`: the same page in sitelets' JSX, the `Html` builders and Hono's JSX.
 *
 * @example
 * ```ts
 * renderSection(await renderBench())
 * ```
 */
export function renderSection(results: readonly RenderResult[]): string {
  const rows = timingRows(
    results,
    (result) => `${result.cards} cards (${(result.bytes / 1024).toFixed(1)} KB)`,
    "sitelets JSX",
  )
  return [
    "## Rendering",
    "",
    "One page — a layout and article cards, each with a link, escaped text (`&`, `<`, quotes) and attributes — " +
      "rendered to a string by sitelets' JSX (`sitelets/jsx-runtime`), the `Html` builders it is built on, and Hono's JSX " +
      "(`hono/jsx`), one process, interleaved rounds; the three agree on the markup (checked first).",
    "",
    table(["page", "renderer", "median CPU time (± ½ IQR)", "sitelets JSX speed vs row"], rows),
  ].join("\n")
}

/**
 * `## Adversarial paths`: each crafted target's outcome and cost.
 *
 * @example
 * ```ts
 * adversarialSection(await adversarialBench())
 * ```
 */
export function adversarialSection(results: readonly AdversarialResult[]): string {
  return [
    "## Adversarial paths",
    "",
    "Crafted targets of about 16,000 characters against the 203-route sitelets router: the whole per-request cost " +
      "(`createRouteRequest` + `route`), CPU time per lookup, 15 rounds of 10 lookups. Reported, not asserted " +
      "(the issue's goal: well under 20 ms).",
    "",
    table(
      ["target", "length", "outcome", "median", "worst round"],
      results.map((result) => [
        result.label,
        result.length.toLocaleString("en-US"),
        result.outcome,
        `${result.medianMs.toPrecision(3)} ms`,
        `${result.maxMs.toPrecision(3)} ms`,
      ]),
    ),
  ].join("\n")
}

/**
 * `## Compression`: what gzip costs per response on each framework (server
 * CPU per request compressing, minus plain), side by side.
 *
 * @example
 * ```ts
 * compressionSection(results.compression ?? []).startsWith("## Compression") //=> true
 * ```
 */
export function compressionSection(results: readonly ServerResult[]): string {
  const frameworks = results.filter((result) => !result.name.includes(" + "))
  const rows = frameworks.map((plain) => {
    const compressed = results.find((result) => result.name.startsWith(`${plain.name} + `))
    const cost = compressed === undefined ? Number.NaN : compressed.cpuUsPerRequest - plain.cpuUsPerRequest
    return { plain, compressed, cost }
  })
  const ourCost = rows.find((row) => row.plain.name.startsWith(ours))?.cost ?? Number.NaN
  return [
    "## Compression",
    "",
    `\`GET /articles\` (a 100-article JSON list, ${articlesBytes()} bytes) with \`Accept-Encoding: gzip\`, loaded as in ` +
      "the whole-server benchmark (same rounds, same autocannon settings, every row in the same interleaved rounds). " +
      "Each framework runs twice: plain, and with its own compression (gzip). The cost of compressing is the " +
      "difference in server CPU per request; the ratio is that cost against sitelets' (above 1: sitelets compresses " +
      "for less).",
    "",
    table(
      [
        "framework",
        "plain: CPU / request",
        "compressing: CPU / request",
        "req/s compressing",
        "compression cost",
        "cost ÷ sitelets'",
      ],
      rows.map(({ plain, compressed, cost }) => [
        plain.name.startsWith(ours) ? `**${plain.name}**` : plain.name,
        `${plain.cpuUsPerRequest.toFixed(1)} µs`,
        compressed === undefined ? "—" : `${compressed.cpuUsPerRequest.toFixed(1)} µs`,
        compressed === undefined ? "—" : Math.round(compressed.requestsPerSecond).toLocaleString("en-US"),
        Number.isNaN(cost) ? "—" : `${cost.toFixed(1)} µs`,
        Number.isNaN(cost) || Number.isNaN(ourCost) ? "—" : formatRatio(cost / ourCost),
      ]),
    ),
    "",
    ...results.map((result) => `- **${result.name}**: ${result.note}`),
  ].join("\n")
}

const articlesBytes = (): string => JSON.stringify(articles).length.toLocaleString("en-US")
