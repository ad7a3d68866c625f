/**
 * `npm run bench:types`: instantiations, types, check time and memory for
 * generated apps of 0/50/200/500 routes, the marginal instantiations per
 * route (the slope from 50 to 500 routes; "vs 0" also carries one-off costs
 * of the first route, like the first use of the output types), then the
 * editor latency on a 300-route app. Then issue 17's mixed app (five route
 * shapes, extra JSON fields, async handlers, a client module of links) at
 * 100, 300, 1,000 and 2,000 routes.
 *
 * The app is the issue's: one handler per case through `Sitelet.Infer`, each
 * reading its case's fields and making one `ctx.Link(…)`. `--switch` measures
 * the older app instead (a `switch` over `e.$` and one `Router.Infer(App).Link(…)`
 * per case); `--no-links` leaves the links out; `--no-editor` skips the
 * editor timings (the language service in process, tsserver and 7's LSP server).
 */
import { measureEditorLatency, type EditorLatency } from "./editor.js"
import { measureServerLatency } from "./servers.js"
import {
  marginalPerRoute,
  measureJsxTypeCost,
  measureMixedTypeCost,
  measureTypeCost,
  type TypeCost,
} from "./measure.js"

/** One table row: the figures of `result`, and its marginal cost per route from `from` when given. */
function printRow(result: TypeCost, from: TypeCost | undefined): void {
  console.log(
    [
      String(result.routes).padStart(6),
      String(result.instantiations).padStart(15),
      String(result.types).padStart(7),
      result.checkTimeSeconds.toFixed(2).padStart(11),
      (result.memoryKilobytes / 1024).toFixed(0).padStart(11),
      (from ? marginalPerRoute(from, result).toFixed(1) : "").padStart(17),
    ].join(" "),
  )
  for (const error of result.errors) console.log(`  ! ${error}`)
}

const links = !process.argv.includes("--no-links")
const handlers = !process.argv.includes("--switch")
const sizes = [0, 50, 200, 500]
const results: TypeCost[] = []
for (const routes of sizes) results.push(measureTypeCost(routes, { links, handlers }))

const base = results[0] as TypeCost
const shape = handlers ? "one handler per case via Sitelet.Infer" : "a switch over e.$"
console.log(`type cost of generated apps (${shape}${links ? ", one link per case" : ""})`)
console.log("routes  instantiations   types    check(s)  memory(MB)  per route (vs 0)")
for (const result of results) printRow(result, result.routes === 0 ? undefined : base)
const last = results[results.length - 1] as TypeCost
const first = results[1] as TypeCost
const middle = results[2] as TypeCost
console.log(
  `marginal instantiations per route: ${marginalPerRoute(first, last).toFixed(1)} (${first.routes} → ${last.routes} routes), ` +
    `${marginalPerRoute(first, middle).toFixed(1)} (${first.routes} → ${middle.routes}), ` +
    `${marginalPerRoute(middle, last).toFixed(1)} (${middle.routes} → ${last.routes}; a larger figure here means superlinear growth)`,
)

// Issue 17's mixed app: five shapes (extra JSON fields among them), async handlers, a client module of links.
const mixed = [100, 300, 1000, 2000].map((routes) => measureMixedTypeCost(routes))
console.log("\ntype cost of the mixed app (five shapes, every third handler async, a client file of one link per case)")
console.log("routes  instantiations   types    check(s)  memory(MB)  per route (vs previous size)")
for (const [i, result] of mixed.entries()) printRow(result, mixed[i - 1])

// Issue 16's declared answers: the same t.case app with and without `Returns(Answer)` on every case.
const answerCosts = (answers: "json" | "declared") =>
  [50, 200].map((routes) => measureTypeCost(routes, { links: true, handlers: true, answers })) as [TypeCost, TypeCost]
const [json50, json200] = answerCosts("json")
const [declared50, declared200] = answerCosts("declared")
const jsonSlope = marginalPerRoute(json50, json200)
const declaredSlope = marginalPerRoute(declared50, declared200)
console.log(
  `\ndeclared answers (t.case(template, {}) cases answering Content.Json, 50 → 200 routes): ${jsonSlope.toFixed(1)} per route; ` +
    `with Returns(Answer) on every case: ${declaredSlope.toFixed(1)} (+${(declaredSlope - jsonSlope).toFixed(1)} per declaration)`,
)

// The same apps on TypeScript 7 (the native compiler): single-threaded (comparable with 5.9) and with its default
// parallel checkers (each checker instantiates again the types another one built for the files it checks).
console.log("\non TypeScript 7.0 (marginal instantiations per route; check time at the largest size)")
for (const compiler of ["7.0", "7.0-parallel"] as const) {
  const handler = [50, 200, 500].map((routes) => measureTypeCost(routes, { links: true, handlers: true }, compiler))
  const mixed7 = [100, 300, 1000, 2000].map((routes) => measureMixedTypeCost(routes, compiler))
  const [j50, j200, d50, d200] = (["json", "json", "declared", "declared"] as const).map((answers, i) =>
    measureTypeCost(i % 2 === 0 ? 50 : 200, { links: true, handlers: true, answers }, compiler),
  ) as [TypeCost, TypeCost, TypeCost, TypeCost]
  const declaration = marginalPerRoute(d50, d200) - marginalPerRoute(j50, j200)
  console.log(
    `${compiler.padEnd(13)} handler ${marginalPerRoute(handler[0]!, handler[1]!).toFixed(1)} (500 routes: ${handler[2]!.checkTimeSeconds} s), ` +
      `mixed ${marginalPerRoute(mixed7[0]!, mixed7[1]!).toFixed(1)} / ${marginalPerRoute(mixed7[1]!, mixed7[2]!).toFixed(1)} ` +
      `(2,000 routes: ${mixed7[3]!.checkTimeSeconds} s), a declaration +${declaration.toFixed(1)}`,
  )
}

// Issue 26: JSX pages. Each element's props are related to its intrinsic element's attribute interface (no generic
// to instantiate), so the slope measures what a page of elements costs the checker per element.
console.log("\nJSX pages (list items of two elements, a component every tenth; per element, 100 → 500 items)")
for (const compiler of ["5.9", "7.0"] as const) {
  const [small, large] = [measureJsxTypeCost(100, compiler), measureJsxTypeCost(500, compiler)]
  for (const error of [...small.errors, ...large.errors]) console.log(`  ! ${error}`)
  console.log(
    `${compiler.padEnd(4)}  ${(marginalPerRoute(small, large) / 2).toFixed(1)} instantiations per element, ` +
      `${large.instantiations} in all at 1,000 elements, check ${large.checkTimeSeconds.toFixed(2)} s`,
  )
}

if (!process.argv.includes("--no-editor")) {
  const routes = 300
  console.log(
    `\neditor latency (${routes}-route app; semantic diagnostics of the client file after an edit): the language service ` +
      "in process, then through tsserver (5.9) and TypeScript 7's language server (LSP), protocol and process included",
  )
  console.log("via          client                         cold(ms)  median(ms)  min(ms)  max(ms)  runs")
  const label = (latency: EditorLatency) =>
    latency.client === "links" ? "one router.Link per case" : "one handler per case + ctx.Link"
  const print = (via: string, latency: EditorLatency) => {
    console.log(
      [
        via.padEnd(12),
        label(latency).padEnd(30),
        latency.coldMs.toFixed(0).padStart(8),
        latency.medianMs.toFixed(0).padStart(11),
        latency.minMs.toFixed(0).padStart(8),
        latency.maxMs.toFixed(0).padStart(8),
        String(latency.runs).padStart(5),
      ].join(" "),
    )
    for (const diagnostic of latency.diagnostics) console.log(`  ! ${diagnostic}`)
  }
  for (const client of ["links", "handlers"] as const) print("LS 5.9", measureEditorLatency(routes, client))
  for (const server of ["tsserver-5.9", "lsp-7.0"] as const)
    for (const client of ["links", "handlers"] as const)
      print(server, await measureServerLatency(server, routes, client))
  console.log("target: median < 500 ms (reported, not gated)")
}
