/**
 * The compiled-table contenders (issue 39): the GitHub table compiled by
 * `Router.Compile` into an ES module (written next to the bench bundles and
 * imported, as a build would), used by `Router.Infer(D, { compiled })`.
 * `Match(method, target)` routes on the raw method and target, no request
 * view built first; the host path hands `route` a `RequestView` parsed on
 * first read (what the hosts do for a router with a table), the plain-data
 * view built first is shown for comparison; `Match` without a compiled
 * table walks the same table as data, and with `{ rawTable: false }` is
 * the runtime router's alone.
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { pathToFileURL } from "node:url"
import { type CompiledTable, createRouteRequest, Router, t } from "sitelets"
import { Router as Compiler } from "sitelets/compile"
import { noBody, noHeaders } from "../../src/router/request/request.js"
import { RequestView } from "../../src/router/request/request-view.js"
import { repoPath } from "../common/paths.js"
import { templateCases, type TableRoute } from "./github-table.js"
import { answerOf, type TableEndpoint } from "./ours.js"
import type { Contender } from "./peers.js"

/** The table's module, written and imported; with its size and the time Router.Compile took. */
export async function compiledTable(table: readonly TableRoute[]) {
  const union = t.union(templateCases(table, "declared") as never)
  const started = performance.now()
  const source = Compiler.Compile(Router.Infer(union))
  const compileMs = performance.now() - started
  const folder = repoPath("node_modules/.cache/sitelets-bench")
  mkdirSync(folder, { recursive: true })
  const file = `${folder}/github-table.compiled.mjs`
  writeFileSync(file, source)
  const compiled = (await import(pathToFileURL(file).href)) as CompiledTable
  return { union, compiled, source, compileMs }
}

/**
 * The rows: `Match` with the compiled table, `Match` without it, and the
 * host path (request view first, then `route`) with it.
 *
 * @example
 * ```ts
 * const rows = await compiledContenders(loadTable())
 * ```
 */
export async function compiledContenders(table: readonly TableRoute[]): Promise<Contender[]> {
  const { union, compiled } = await compiledTable(table)
  const fast = Router.Infer(union, { compiled }) as unknown as Router<TableEndpoint>
  const walked = Router.Infer(union) as unknown as Router<TableEndpoint>
  const alone = Router.Infer(union, { rawTable: false }) as unknown as Router<TableEndpoint>
  // Each row calls its router from a call site of its own, as an application's code does: one literal shared by the
  // three rows made that call polymorphic (three `Match` functions), which no application sees.
  const matchRow = (name: string, note: string, router: Router<TableEndpoint>, pass: Contender["pass"]): Contender => ({
    name,
    note,
    one: (request) => answerOf(table, router.Match(request.method, request.path)),
    pass,
  })
  const route = fast.route
  return [
    matchRow(
      "sitelets compiled",
      "`Router.Infer(D, { compiled })`.Match(method, target): the compiled table on the raw target, no request view",
      fast,
      (requests, times) => {
        let hits = 0
        for (let k = 0; k < times; k++) for (const r of requests) if (fast.Match(r.method, r.path) !== undefined) hits++
        return hits
      },
    ),
    matchRow(
      "sitelets Match",
      "`router.Match(method, target)` without a compiled table: the route table walked as data on the raw target",
      walked,
      (requests, times) => {
        let hits = 0
        for (let k = 0; k < times; k++)
          for (const r of requests) if (walked.Match(r.method, r.path) !== undefined) hits++
        return hits
      },
    ),
    matchRow(
      "sitelets Match (runtime alone)",
      "`Router.Infer(D, { rawTable: false }).Match`: the target parsed, then the runtime router (before issue 39)",
      alone,
      (requests, times) => {
        let hits = 0
        for (let k = 0; k < times; k++)
          for (const r of requests) if (alone.Match(r.method, r.path) !== undefined) hits++
        return hits
      },
    ),
    {
      name: "sitelets compiled (host view)",
      note: "what the hosts do for a router with a table: a `RequestView` (target parsed on first read) + `route`",
      one: (request) => {
        const result = route(new RequestView(request.method, request.path, noHeaders, noBody, undefined), 0, false)
        return answerOf(table, (result as { $?: string; endpoint?: TableEndpoint } | undefined)?.endpoint)
      },
      pass: (requests, times) => {
        let hits = 0
        for (let k = 0; k < times; k++)
          for (const r of requests)
            if (route(new RequestView(r.method, r.path, noHeaders, noBody, undefined), 0, false) !== undefined) hits++
        return hits
      },
    },
    {
      name: "sitelets compiled (view first)",
      note: "`createRouteRequest` + `route` with the compiled table: plain data, parsed before the table routes (breakdown)",
      one: (request) => {
        const result = route(createRouteRequest({ method: request.method, target: request.path }), 0, false)
        return answerOf(table, (result as { $?: string; endpoint?: TableEndpoint } | undefined)?.endpoint)
      },
      pass: (requests, times) => {
        let hits = 0
        for (let k = 0; k < times; k++)
          for (const r of requests)
            if (route(createRouteRequest({ method: r.method, target: r.path }), 0, false) !== undefined) hits++
        return hits
      },
    },
  ]
}
