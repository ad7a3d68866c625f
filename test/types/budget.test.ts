/**
 * The type-cost gate: generated apps of 50 and 200 route templates (with a
 * `switch` over every case and one `Router.Infer(App).Link(…)` per case) are
 * type-checked with `tsc --extendedDiagnostics`; the marginal instantiations
 * per route must stay within the budget and tsc must report no error (in
 * particular no "excessively deep" instantiation). Instantiation counts are
 * exact, so this gate is stable; nothing here asserts on time. (500 routes
 * took ~19 s on the shared CI machine, so it lives in `npm run bench:types`.)
 */
import { describe, expect, it } from "vitest"
import { marginalPerRoute, measureTypeCost } from "../../bench/types/measure.js"

/** Issue 2: under 300 instantiations per route (peers: Hono ~2,500, Elysia ~2,900, ts-rest ~7,600). */
const budgetPerRoute = 300

describe("type cost of route templates", () => {
  it("stays within the per-route instantiation budget from 50 to 200 routes", () => {
    const costs = [50, 200].map((routes) => measureTypeCost(routes, { links: true }))
    for (const cost of costs) {
      expect(cost.errors, `tsc errors at ${cost.routes} routes`).toEqual([])
      expect(cost.instantiations).toBeGreaterThan(0)
    }
    const [fifty, twoHundred] = costs as [(typeof costs)[0], (typeof costs)[0]]
    // More routes must cost more: a gate that measured nothing would pass vacuously.
    expect(twoHundred.instantiations).toBeGreaterThan(fifty.instantiations + 150 * 50)
    expect(marginalPerRoute(fifty, twoHundred)).toBeLessThanOrEqual(budgetPerRoute)
  }, 120_000)
})
