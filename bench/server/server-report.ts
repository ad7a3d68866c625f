/**
 * The whole-server section of BENCHMARKS.md and its goals (issue 53): per
 * runtime, each server's CPU per request on both endpoints as the first
 * figure (median and range over the measured rounds), req/s beside it, and
 * sitelets against the peers of its runtime as per-round ratios of CPU per
 * request (sitelets' ÷ the peer's: below 1, sitelets spends less).
 */
import { median } from "../common/harness.js"
import { formatRatio, table } from "../common/markdown.js"
import { load, type ServerResult } from "./server-bench.js"

const runtimes = [
  ["node", "Node"],
  ["bun", "Bun"],
  ["deno", "Deno"],
  ["workerd", "workerd"],
] as const

/** A CPU figure as "12.3 µs (11.9–13.0)". */
const cpuText = (result: ServerResult): string =>
  `${result.cpuUsPerRequest.toFixed(1)} µs (${Math.min(...result.cpuRounds).toFixed(1)}–${Math.max(...result.cpuRounds).toFixed(1)})`

/** What one server's CPU per request is against another's, round by round. */
export interface CpuRatio {
  /** The median of the per-round ratios (ours ÷ theirs). */
  readonly median: number
  readonly low: number
  readonly high: number
}

/**
 * The per-round ratios of two rows' CPU per request on one endpoint (the
 * rounds are the same interleaved rounds, so round i of each saw the same
 * moment of the machine); undefined when either row is missing.
 *
 * @example
 * ```ts
 * cpuRatio(results, "sitelets Fetch host on Bun", "elysia on Bun", "JSON")?.median //=> 1.12
 * ```
 */
export function cpuRatio(
  results: readonly ServerResult[],
  ours: string,
  theirs: string,
  endpoint: string,
): CpuRatio | undefined {
  const a = results.find((result) => result.name === ours && result.endpoint === endpoint)
  const b = results.find((result) => result.name === theirs && result.endpoint === endpoint)
  if (a === undefined || b === undefined || a.cpuRounds.length === 0) return undefined
  const ratios = a.cpuRounds.map((value, round) => value / (b.cpuRounds[round] ?? Number.NaN))
  return { median: median(ratios), low: Math.min(...ratios), high: Math.max(...ratios) }
}

/** A ratio as "1.12× (1.05–1.20)". */
export const ratioText = (ratio: CpuRatio): string =>
  `${formatRatio(ratio.median)} (${ratio.low.toFixed(2)}–${ratio.high.toFixed(2)})`

/**
 * Issue 53's goals for the whole server: sitelets' CPU per request against
 * each runtime's peers, on the JSON and the text endpoint. `limit` is the
 * largest ratio (ours ÷ theirs) that meets the goal.
 */
export const serverGoals: ReadonlyArray<{
  readonly ours: string
  readonly theirs: string
  readonly limit: number
}> = [
  { ours: "sitelets Fetch host on Bun", theirs: "elysia on Bun", limit: 1 },
  { ours: "sitelets Fetch host on Bun", theirs: "hono on Bun", limit: 1 },
  { ours: "sitelets Fetch host on Deno", theirs: "hono on Deno", limit: 1 },
  { ours: "sitelets node host", theirs: "fastify", limit: 1 },
  { ours: "sitelets node host", theirs: "node:http (raw)", limit: 1.08 },
]

/**
 * The goal rows of `## Targets` for the whole server: each goal on each
 * endpoint, its measured ratio (median and range) and verdict, then the same
 * for the compiled-table rows and against each runtime's floor, for reading.
 *
 * @example
 * ```ts
 * serverGoalRows(results.server ?? []) //=> [["sitelets Fetch host on Bun ≤ 1.0× elysia on Bun's CPU per request (JSON)", "1.12× (…)", "**missed**"], …]
 * ```
 */
export function serverGoalRows(results: readonly ServerResult[]): string[][] {
  const rows: string[][] = []
  for (const goal of serverGoals)
    for (const endpoint of ["JSON", "text"]) {
      const ratio = cpuRatio(results, goal.ours, goal.theirs, endpoint)
      if (ratio === undefined) continue
      rows.push([
        `${goal.ours} ≤ ${goal.limit.toFixed(2).replace(/0$/, "")}× ${goal.theirs}'s CPU per request (${endpoint}, issue 53)`,
        ratioText(ratio),
        ratio.median <= goal.limit ? "met" : "**missed**",
      ])
    }
  return rows
}

/** One runtime's table: every row on both endpoints. */
function runtimeTable(results: readonly ServerResult[], runtime: string): string {
  const names = [...new Set(results.filter((result) => (result.runtime ?? "node") === runtime).map((r) => r.name))]
  const of = (name: string, endpoint: string) =>
    results.find((result) => result.name === name && result.endpoint === endpoint)
  const rows = names.map((name) => {
    const json = of(name, "JSON")
    const text = of(name, "text")
    const cell = (result: ServerResult | undefined, show: (result: ServerResult) => string) =>
      result === undefined ? "—" : show(result)
    const rate = (result: ServerResult) => Math.round(result.requestsPerSecond).toLocaleString("en-US")
    return [
      name.startsWith("sitelets") ? `**${name}**` : name,
      cell(json, cpuText),
      cell(text, cpuText),
      cell(json, rate),
      cell(text, rate),
      cell(json, (result) => `${result.p99Ms} ms`),
      String([json, text].reduce((sum, result) => sum + (result ? result.errors + result.non2xx : 0), 0)),
    ]
  })
  return table(
    [
      "server",
      "JSON: CPU / request",
      "text: CPU / request",
      "JSON req/s",
      "text req/s",
      "JSON p99",
      "errors + non-2xx",
    ],
    rows,
  )
}

/** The ratios of sitelets' rows to every other row of their runtime, per endpoint. */
function ratioLines(results: readonly ServerResult[], runtime: string): string[] {
  const names = [...new Set(results.filter((result) => (result.runtime ?? "node") === runtime).map((r) => r.name))]
  const ours = names.filter((name) => name.startsWith("sitelets"))
  const theirs = names.filter((name) => !name.startsWith("sitelets"))
  return ours.flatMap((mine) =>
    theirs.map((other) => {
      const parts = ["JSON", "text"].flatMap((endpoint) => {
        const ratio = cpuRatio(results, mine, other, endpoint)
        return ratio === undefined ? [] : [`${endpoint} ${ratioText(ratio)}`]
      })
      return `- ${mine} ÷ ${other}: ${parts.join(", ")}`
    }),
  )
}

/**
 * `## Whole server`: per runtime, CPU per request and req/s of every row on
 * both endpoints, sitelets' ratios to each other row, and what each row is.
 *
 * @example
 * ```ts
 * serverSection(results.server ?? []).startsWith("## Whole server") //=> true
 * ```
 */
export function serverSection(results: readonly ServerResult[]): string {
  const present = runtimes.filter(([runtime]) => results.some((result) => (result.runtime ?? "node") === runtime))
  const notes = [...new Map(results.map((result) => [result.name, result.note])).entries()]
  return [
    "## Whole server",
    "",
    '`GET /users/42` → `{"id":42,"name":"user 42","active":true}` (JSON) and `GET /hello` → `hello` (text), every ' +
      "server sending the same headers (the type and `nosniff`), on loopback. Each server runs in its own child " +
      `process; autocannon runs in the parent with one load-generator worker, ${load.connections} connections, ` +
      `pipelining ${load.pipelining}, a fixed ${load.amount.toLocaleString("en-US")} requests per load. The first ` +
      "figure is the server process's CPU time (user + system, all its threads) over those requests divided by " +
      `their count: what a request costs that server. ${load.rounds} interleaved rounds, each loading every server ` +
      "on both endpoints in a rotating order; the first is dropped as warm-up, and the median and range of the other " +
      `${load.rounds - 1} are reported. Ratios are taken round by round (sitelets' CPU ÷ the other row's in the same ` +
      "round: below 1, sitelets spends less), then their median and range. req/s measure the server and the load " +
      "generator sharing 2 cores: compare rows, not absolute numbers. Each server's answers and its 404 are checked " +
      "before the load.",
    "",
    ...present.flatMap(([runtime, label]) => [
      `### ${label}`,
      "",
      runtimeTable(results, runtime),
      "",
      ...ratioLines(results, runtime),
      "",
    ]),
    "Per round, in round order (µs of server CPU per request, JSON then text):",
    "",
    ...[...new Set(results.map((result) => result.name))].map((name) => {
      const rounds = results
        .filter((result) => result.name === name)
        .map((result) => result.cpuRounds.map((value) => value.toFixed(1)).join(", "))
      return `- ${name}: ${rounds.join(" · ")}`
    }),
    "",
    ...notes.map(([name, note]) => `- **${name}**: ${note}`),
  ].join("\n")
}
