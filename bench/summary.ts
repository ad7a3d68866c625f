/**
 * The generated `## Targets` section: each goal of the issues against the
 * figures just measured, and where sitelets leads and trails.
 */
import { formatRatio, table } from "./common/markdown.js"
import type { Results } from "./report.js"
import { jsonFigures, jsonGoalRows } from "./json-targets.js"
import { cpuRatio, serverGoalRows, serverGoals } from "./server/server-report.js"
import { matchGoalRows } from "./routing/match-goals.js"

const ours = "sitelets"

function routingLines(results: Results, rows: string[][], leads: string[], trails: string[]): void {
  const routing = results.routing ?? []
  const mix = routing.find((result) => result.key === "all")
  const statics = routing.find((result) => result.key === "static")
  const median = (timings: NonNullable<typeof mix>["timings"], name: string) =>
    timings.find((timing) => timing.name === name)?.median
  if (mix) {
    const mine = median(mix.timings, ours)
    const fmw = median(mix.timings, "find-my-way compile()")
    if (mine && fmw)
      rows.push([
        "routing mix ≥ find-my-way `compile()`",
        formatRatio(fmw / mine),
        fmw / mine >= 1 ? "met" : "**missed**",
      ])
  }
  if (statics) {
    const mine = median(statics.timings, ours)
    const map = median(statics.timings, "Map.get")
    if (mine && map)
      rows.push([
        "static hit within 2× of `Map.get`",
        `${formatRatio(mine / map)} Map.get's time`,
        mine / map <= 2 ? "met" : "**missed**",
      ])
  }
  for (const scenario of routing) {
    const mine = median(scenario.timings, ours)
    if (!mine) continue
    for (const timing of scenario.timings) {
      if (timing.name.startsWith(ours)) continue
      const text = `${timing.name} on ${scenario.key} (${formatRatio(timing.median / mine)})`
      ;(timing.median >= mine ? leads : trails).push(text)
    }
  }
}

/**
 * Issue 28's routing goals, per call (mitata's p50, a fresh process per
 * scenario): the four-request mix (static hit, one and three parameters, a
 * miss: the sum of their p50s) against find-my-way's tree and `compile()`,
 * all 203 routes against `compile()`, and a static hit against `Map.get`.
 */
function perCallLines(results: Results, rows: string[][]): void {
  const perCall = results.routingPerCall ?? []
  const p50 = (key: string, name: string) =>
    perCall.find((result) => result.key === key)?.timings.find((timing) => timing.name === name)?.p50
  const mixOf = (name: string) => {
    const parts = ["static", "oneParam", "threeParams", "miss"].map((key) => p50(key, name))
    return parts.every((part) => part !== undefined) ? parts.reduce((sum, part) => sum + part, 0) : undefined
  }
  const goal = (label: string, ratio: number | undefined, target: number) => {
    if (ratio !== undefined && Number.isFinite(ratio))
      rows.push([label, formatRatio(ratio), ratio >= target ? "met" : "**missed**"])
  }
  const mine = mixOf(ours)
  const tree = mixOf("find-my-way")
  const compiled = mixOf("find-my-way compile()")
  if (mine !== undefined) {
    goal("four-request mix ≥ 1.0× find-my-way's tree, per call", tree && tree / mine, 1)
    goal("four-request mix ≥ 0.6× find-my-way `compile()`, per call", compiled && compiled / mine, 0.6)
  }
  const all = p50("all", ours)
  const allCompiled = p50("all", "find-my-way compile()")
  if (all && allCompiled) goal("all 203 routes ≥ 0.8× find-my-way `compile()`, per call", allCompiled / all, 0.8)
  const hit = p50("static", ours)
  const map = p50("static", "Map.get")
  if (hit && map)
    rows.push([
      "static hit within 2× of `Map.get`, per call",
      `${formatRatio(hit / map)} Map.get's time`,
      hit / map <= 2 ? "met" : "**missed**",
    ])
}

/**
 * Issue 39's per-call goals, on the ratios taken round by round against
 * find-my-way's `compile()`: the compiled table (`Match` with it) on the
 * four-request mix, all routes, one parameter and a miss, a static hit
 * against `Map.get`, and the runtime router (`Match`, no table) against
 * find-my-way's tree on the mix.
 */
function compiledLines(results: Results, rows: string[][]): void {
  const perCall = results.routingPerCall ?? []
  const timing = (key: string, name: string) =>
    perCall.find((result) => result.key === key)?.timings.find((entry) => entry.name === name)
  const compiledName = "sitelets compiled"
  // The mix in find-my-way compile()'s time: each request's time is its p50 ÷ the round-by-round ratio.
  const mixRatio = (name: string, peer = "find-my-way compile()") => {
    const keys = ["static", "oneParam", "threeParams", "miss"]
    let mine = 0
    let theirs = 0
    for (const key of keys) {
      const base = timing(key, "find-my-way compile()")
      const entry = timing(key, name)
      const other = timing(key, peer)
      if (!base?.toCompile || !entry?.toCompile || !other?.toCompile) return undefined
      mine += base.p50 / entry.toCompile
      theirs += base.p50 / other.toCompile
    }
    return theirs / mine
  }
  const goal = (label: string, ratio: number | undefined, target: number) => {
    if (ratio !== undefined && Number.isFinite(ratio))
      rows.push([label, formatRatio(ratio), ratio >= target ? "met" : "**missed**"])
  }
  goal("compiled table: four-request mix ≥ 1.2× find-my-way `compile()`, per call", mixRatio(compiledName), 1.2)
  goal("compiled table: all 203 routes ≥ 1.0× `compile()`", timing("all", compiledName)?.toCompile, 1)
  goal("compiled table: one parameter ≥ 1.0× `compile()`", timing("oneParam", compiledName)?.toCompile, 1)
  goal("compiled table: miss ≥ 0.8× `compile()`", timing("miss", compiledName)?.toCompile, 0.8)
  const hit = timing("static", compiledName)
  const map = timing("static", "Map.get")
  if (hit?.toCompile && map?.toCompile)
    rows.push([
      "compiled table: static hit at or under `Map.get`'s time",
      `${formatRatio(map.toCompile / hit.toCompile)} Map.get's time`,
      map.toCompile <= hit.toCompile ? "met" : "**missed**",
    ])
  goal(
    "runtime router (`Match` without a compiled table: the table walked as data): mix ≥ 1.0× find-my-way's tree",
    mixRatio("sitelets Match", "find-my-way"),
    1,
  )
}

/** Issue 17's goals: `Parse` near the host's path, router build time and retained heap near find-my-way's. */
function scaleLines(results: Results, rows: string[][]): void {
  for (const scenario of results.routing ?? []) {
    if (scenario.key !== "static" && scenario.key !== "all") continue
    const median = (name: string) => scenario.timings.find((timing) => timing.name === name)?.median
    const parse = median("sitelets Parse")
    const host = median(ours)
    const awaited = median("sitelets (awaited)")
    if (parse && host && awaited)
      rows.push([
        `\`Parse\` within 1.3× of createRouteRequest + route (${scenario.key})`,
        `${formatRatio(parse / host)} (${formatRatio(parse / awaited)} of the same awaited)`,
        parse / host <= 1.3 ? "met" : parse / awaited <= 1.3 ? "**met only counting the await**" : "**missed**",
      ])
  }
  for (const build of results.build ?? []) {
    if (build.routes < 10_000) continue
    const mine = build.timings.find((timing) => timing.name === ours)
    const fmw = build.timings.find((timing) => timing.name === "find-my-way")
    if (!mine || !fmw) continue
    rows.push([
      `router build ≤ 2× find-my-way (${build.routes.toLocaleString("en")} ${build.shape})`,
      `${formatRatio(mine.ms / fmw.ms)} its time`,
      mine.ms / fmw.ms <= 2 ? "met" : "**missed**",
    ])
    rows.push([
      `retained heap ≤ find-my-way's (${build.routes.toLocaleString("en")} ${build.shape})`,
      `${formatRatio(mine.retained / fmw.retained)} its heap`,
      mine.retained <= fmw.retained ? "met" : "**missed**",
    ])
  }
}

/**
 * The targets table and the lead/trail lists.
 *
 * @example
 * ```ts
 * summarySection(results).startsWith("## Targets") //=> true
 * ```
 */
export function summarySection(results: Results): string {
  const rows: string[][] = []
  const leads: string[] = []
  const trails: string[] = []
  routingLines(results, rows, leads, trails)
  perCallLines(results, rows)
  compiledLines(results, rows)
  rows.push(...matchGoalRows(results.routingPerCall ?? []))
  for (const linking of results.linking ?? []) {
    const mine = linking.timings.find((timing) => timing.name === "sitelets Link")
    const ptr = linking.timings.find((timing) => timing.name.startsWith("path-to-regexp"))
    if (mine && ptr) {
      const ratio = ptr.median / mine.median
      rows.push([
        `linking ≥ 2× path-to-regexp (${linking.input})`,
        formatRatio(ratio),
        ratio >= 2 ? "met" : "**missed**",
      ])
      ;(ratio >= 1 ? leads : trails).push(`path-to-regexp linking, ${linking.input} (${formatRatio(ratio)})`)
    }
  }
  for (const fetch of results.fetch ?? []) {
    const mine = fetch.timings.find((timing) => timing.name === "sitelets Fetch.Handler")
    const hono = fetch.timings.find((timing) => timing.name === "hono app.fetch")
    if (mine && hono) {
      const ratio = hono.median / mine.median
      const where = { node: "Node", bun: "Bun", deno: "Deno" }[fetch.runtime ?? "node"]
      rows.push([
        `Fetch handler in process ≥ 1.0× Hono, same headers (${where}, ${fetch.scenario})`,
        formatRatio(ratio),
        ratio >= 1 ? "met" : "**missed**",
      ])
      ;(ratio >= 1 ? leads : trails).push(
        `hono app.fetch in process on ${where}, ${fetch.scenario} (${formatRatio(ratio)})`,
      )
    }
  }
  // The whole server (issue 53): sitelets' CPU per request against each runtime's peers, round by round.
  const server = results.server ?? []
  rows.push(...serverGoalRows(server))
  for (const goal of serverGoals) {
    const ratio = cpuRatio(server, goal.ours, goal.theirs, "JSON")
    if (ratio === undefined) continue
    ;(ratio.median <= 1 ? leads : trails).push(
      `${goal.theirs}, server CPU per request, JSON (${formatRatio(ratio.median)} of its)`,
    )
  }
  rows.push(...jsonGoalRows(jsonFigures()))
  // A link at a link's weight (issue 53): issue 36's fixture, its links compiled ahead of time.
  const weight = results.linkWeight
  if (weight !== undefined)
    rows.push([
      "a typed link ≤ 2 KB gzip: issue 36's fixture with its links compiled (`CompiledLinks`; issue 53)",
      `${(weight.compiled.gzip / 1024).toFixed(2)} KB (Router.Infer of sitelets/link: ${(weight.infer.gzip / 1024).toFixed(2)} KB)`,
      weight.compiled.gzip <= 2048 ? "met" : "**missed**",
    ])
  scaleLines(results, rows)
  const worst = Math.max(...(results.adversarial ?? []).map((result) => result.maxMs))
  if (Number.isFinite(worst))
    rows.push([
      "16,000-character crafted path well under 20 ms",
      `worst ${worst.toPrecision(3)} ms`,
      worst < 20 ? "met" : "**missed**",
    ])
  return [
    "## Targets",
    "",
    "Generated from this run (ratios: how many times faster sitelets is; details in the sections below).",
    "",
    table(["goal (issues 7, 12, 17, 28, 53)", "measured", ""], rows),
    "",
    `**sitelets leads** against: ${leads.length > 0 ? leads.join("; ") : "none"}.`,
    "",
    `**sitelets trails** against: ${trails.length > 0 ? trails.join("; ") : "none"}.`,
  ].join("\n")
}
