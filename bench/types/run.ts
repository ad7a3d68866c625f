/**
 * `npm run bench:types`: instantiations, types, check time and memory for
 * generated apps of 0/50/200/500 routes, and the marginal instantiations per
 * route (the slope from 50 to 500 routes; "vs 0" also carries one-off costs
 * of the first route, like the first use of the output types). Each app also has one `Router.Infer(App).Link(…)` per
 * case (`--no-links` leaves them out).
 */
import { marginalPerRoute, measureTypeCost, type TypeCost } from "./measure.js"

const links = !process.argv.includes("--no-links")
const sizes = [0, 50, 200, 500]
const results: TypeCost[] = []
for (const routes of sizes) results.push(measureTypeCost(routes, { links }))

const base = results[0] as TypeCost
console.log(`type cost of generated apps${links ? " (with one Link per case)" : ""}`)
console.log("routes  instantiations   types    check(s)  memory(MB)  per route (vs 0)")
for (const result of results) {
  const perRoute = result.routes === 0 ? "" : marginalPerRoute(base, result).toFixed(1)
  console.log(
    [
      String(result.routes).padStart(6),
      String(result.instantiations).padStart(15),
      String(result.types).padStart(7),
      result.checkTimeSeconds.toFixed(2).padStart(11),
      (result.memoryKilobytes / 1024).toFixed(0).padStart(11),
      perRoute.padStart(17),
    ].join(" "),
  )
  for (const error of result.errors) console.log(`  ! ${error}`)
}
const last = results[results.length - 1] as TypeCost
const first = results[1] as TypeCost
console.log(
  `marginal instantiations per route (${first.routes} → ${last.routes} routes): ${marginalPerRoute(first, last).toFixed(1)}`,
)
