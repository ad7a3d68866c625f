/**
 * The generated `## Routing per call` and `## Router build` sections of
 * BENCHMARKS.md: the routing table through mitata's per-call harness, and
 * router build time and retained heap on generated tables.
 */
import { formatNs, formatRatio, table } from "./common/markdown.js"
import type { BuildResult } from "./routing/build.js"
import type { PerCallResult } from "./routing/per-call.js"
import { scenarioLabels } from "./routing/routing-bench.js"

const ours = "sitelets"

/**
 * `## Routing per call`: mitata p50 per request, and sitelets' speed against each peer.
 *
 * @example
 * ```ts
 * perCallSection(perCallBench(entry)).startsWith("## Routing per call") //=> true
 * ```
 */
export function perCallSection(results: readonly PerCallResult[]): string {
  const names = [...new Set(results.flatMap((result) => result.timings.map((timing) => timing.name)))]
  const head = ["router", ...results.map((result) => scenarioLabels[result.key])]
  const p50 = (result: PerCallResult, name: string) => result.timings.find((timing) => timing.name === name)?.p50
  const timesRows = names.map((name) => [
    name === ours ? `**${name}**` : name,
    ...results.map((result) => {
      const value = p50(result, name)
      return value === undefined ? "—" : formatNs(value)
    }),
  ])
  const ratioRows = names
    .filter((name) => !name.startsWith(ours))
    .map((name) => [
      name,
      ...results.map((result) => {
        const peer = p50(result, name)
        const mine = p50(result, ours)
        return peer !== undefined && mine !== undefined ? formatRatio(peer / mine) : "—"
      }),
    ])
  const toCompile = (result: PerCallResult, name: string) =>
    result.timings.find((timing) => timing.name === name)?.toCompile
  const compileRows = names
    .filter((name) => results.some((result) => toCompile(result, name) !== undefined))
    .map((name) => [
      name.startsWith(ours) ? `**${name}**` : name,
      ...results.map((result) => {
        const ratio = toCompile(result, name)
        return ratio === undefined ? "—" : formatRatio(ratio)
      }),
    ])
  return [
    "## Routing per call",
    "",
    "The same table, contenders and requests as `## Routing`, timed as independent harnesses time them: mitata's " +
      "`measure` (per-call samples in batches of 4,096 calls; the figure is the samples' p50, median over 15 " +
      "interleaved rounds), **each scenario in a fresh Node process**, so every contender's code is trained on that " +
      "scenario's requests alone. `## Routing` instead warms every contender on the whole 203-route mix before " +
      "timing, as a server that sees every route would. The two differ most for generated matchers: rou3 " +
      "`compileRouter`'s one-parameter lookup is several times slower once its code has also seen the other routes " +
      "(the same function, deoptimised to the general path), which is the gap between this table and `## Routing`.",
    "",
    "**p50 time per request** (mitata):",
    "",
    table(head, timesRows),
    "",
    "**Speed of sitelets relative to each peer** (peer p50 ÷ sitelets p50; above 1× sitelets leads):",
    "",
    table(head, ratioRows),
    "",
    "**Speed relative to find-my-way's `compile()`, round by round** (its p50 ÷ each p50 within one round, median " +
      "over the rounds: the steadiest figure on a shared machine, since a slow phase slows both sides of a ratio):",
    "",
    table(head, compileRows),
  ].join("\n")
}

const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`

/**
 * `## Router build`: time to the first answer and retained heap, with ratios to find-my-way.
 *
 * @example
 * ```ts
 * buildSection(buildBench(entry)).startsWith("## Router build") //=> true
 * ```
 */
export function buildSection(results: readonly BuildResult[]): string {
  const names = [...new Set(results.flatMap((result) => result.timings.map((timing) => timing.name)))]
  const head = ["table", ...names.flatMap((name) => [`${name} build`, `${name} heap`])]
  const rows = results.map((result) => [
    `${result.routes.toLocaleString("en")} ${result.shape}`,
    ...names.flatMap((name) => {
      const timing = result.timings.find((candidate) => candidate.name === name)
      return timing ? [`${timing.ms.toFixed(1)} ms`, megabytes(timing.retained)] : ["—", "—"]
    }),
  ])
  const ratioRows = results.map((result) => {
    const mine = result.timings.find((timing) => timing.name === ours)
    const fmw = result.timings.find((timing) => timing.name === "find-my-way")
    return [
      `${result.routes.toLocaleString("en")} ${result.shape}`,
      mine && fmw ? formatRatio(mine.ms / fmw.ms) : "—",
      mine && fmw ? formatRatio(mine.retained / fmw.retained) : "—",
    ]
  })
  return [
    "## Router build",
    "",
    "Generated tables: `static` (`GET /static/s<i>/page`), `parametric` (`GET /param/p<i>/<id:int>`), `mixed` " +
      "(alternately static and `GET /param/p<i>/<id:int>/<slug>`). Build = from the declaration (sitelets: " +
      "`Router.Infer(t.union(cases))`) to the first answered request; heap = what the built router retains after two " +
      "full collections. Each table runs in its own `node --expose-gc` process; medians over 3 interleaved rounds.",
    "",
    table(head, rows),
    "",
    "**sitelets against find-my-way** (sitelets ÷ find-my-way; below 1× sitelets is faster / smaller):",
    "",
    table(["table", "build time", "retained heap"], ratioRows),
  ].join("\n")
}
