/**
 * `npm run bench:types`: instantiations, types, check time and memory for
 * generated apps of 0/50/200/500 routes, and the marginal instantiations per
 * route. `--links` adds one `Router.Infer(App).Link(…)` per case.
 */
import { marginalPerRoute, measureTypeCost, type TypeCost } from "./measure.js"

const links = process.argv.includes("--links")
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
