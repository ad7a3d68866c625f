/**
 * Issue 53's routing goals (item 3), on the per-call figures: `Router.Match`
 * through the public API, with a compiled table and with the walked
 * default, on every single-request row, and the compiled table's static
 * hit beside rou3's `compileRouter`. Ratios are the per-call section's
 * round-by-round ones (each taken within one round against find-my-way's
 * `compile()`), so a slow phase of a shared machine slows both sides.
 */
import { formatRatio } from "../common/markdown.js"
import type { PerCallResult } from "./per-call.js"

const rowNames = {
  static: "static hit",
  oneParam: "one parameter",
  threeParams: "three parameters",
  miss: "miss",
} as const

/**
 * The Targets rows of issue 53, item 3: label, measured, met or missed.
 *
 * @example
 * ```ts
 * const rows = matchGoalRows(results.routingPerCall ?? [])
 * rows[0] //=> ["compiled `Router.Match` ≥ 1.0× find-my-way `compile()`, static hit (issue 53)", "1.44×", "met"]
 * ```
 */
export function matchGoalRows(perCall: readonly PerCallResult[]): string[][] {
  const rows: string[][] = []
  const speed = (key: string, name: string) =>
    perCall.find((result) => result.key === key)?.timings.find((entry) => entry.name === name)?.toCompile
  const atLeast = (label: string, ratio: number | undefined, target: number) => {
    if (ratio !== undefined && Number.isFinite(ratio))
      rows.push([label, formatRatio(ratio), ratio >= target ? "met" : "**missed**"])
  }
  for (const [key, row] of Object.entries(rowNames))
    atLeast(
      `compiled \`Router.Match\` ≥ 1.0× find-my-way \`compile()\`, ${row} (issue 53)`,
      speed(key, "sitelets compiled"),
      1,
    )
  // Both speeds are against compile() in the same rounds: rou3's over ours is our time over rou3's.
  const mine = speed("static", "sitelets compiled")
  const rou3 = speed("static", "rou3 compileRouter")
  if (mine && rou3)
    rows.push([
      "compiled `Router.Match`: static hit within 1.2× of rou3 `compileRouter` (issue 53)",
      `${formatRatio(rou3 / mine)} its time`,
      rou3 / mine <= 1.2 ? "met" : "**missed**",
    ])
  for (const [key, row] of Object.entries(rowNames)) {
    const walked = speed(key, "sitelets Match")
    const tree = speed(key, "find-my-way")
    if (walked && tree)
      atLeast(`walked \`Router.Match\` ≥ 1.0× find-my-way's tree, ${row} (issue 53)`, walked / tree, 1)
  }
  return rows
}
