/**
 * The sitelets contenders: the GitHub table declared as templates (the
 * union is generated at run time; its type-level cost is measured by
 * bench/types), routed the way the hosts route (`createRouteRequest` from
 * a method and raw target, then `router.route(request, 0, false)`, awaited
 * only when it is a promise: it is synchronous unless a body must be read).
 */
import { createRouteRequest, Router, type RouteRequest } from "../../src/index.js"
import { isPromise } from "../../src/internal/maybe-promise.js"
import { caseName, templateCases, type TableRequest, type TableRoute } from "./github-table.js"
import type { Answer, Contender } from "./peers.js"

/** A table endpoint as the router gives it: `{ $: "R63", owner, repo, number }`, all strings. */
export type TableEndpoint = { readonly $: string } & Readonly<Record<string, string>>

/**
 * The table's router. Built from a runtime record, so its static type is
 * the wide one; the values are the same typed endpoint objects a
 * literal declaration gives.
 *
 * @example
 * ```ts
 * tableRouter(loadTable()).Link({ $: "R0" }) //=> "/authorizations"
 * ```
 */
export function tableRouter(table: readonly TableRoute[]): Router<TableEndpoint> {
  const cases = templateCases(table)
  return Router.Infer(cases as never) as unknown as Router<TableEndpoint>
}

function answerOf(table: readonly TableRoute[], endpoint: TableEndpoint | undefined): Answer | undefined {
  if (endpoint === undefined) return undefined
  const id = Number(endpoint.$.slice(1))
  const route = table[id]
  if (!route || caseName(route) !== endpoint.$) return undefined
  const params: Record<string, string> = {}
  for (const name of Object.keys(endpoint)) if (name !== "$") params[name] = endpoint[name] as string
  return { id, params }
}

/**
 * Two rows for sitelets: the whole per-request cost a host pays (parse the
 * target, then route), and the routing step alone on a prebuilt request
 * (how much of the cost is the one-time target parse).
 */
export function ours(table: readonly TableRoute[]): Contender[] {
  const router = tableRouter(table)
  if (router.Shadowed.length > 0) throw new Error(`shadowed cases in the table: ${router.Shadowed.join(", ")}`)
  const route = router.route
  const one = async (request: TableRequest) => {
    const result = await route(createRouteRequest({ method: request.method, target: request.path }), 0, false)
    return answerOf(table, result?.$ === "Success" ? result.endpoint : undefined)
  }
  const prebuilt = new Map<readonly TableRequest[], RouteRequest[]>()
  const prebuiltOf = (requests: readonly TableRequest[]) => {
    let built = prebuilt.get(requests)
    if (!built)
      prebuilt.set(requests, (built = requests.map((r) => createRouteRequest({ method: r.method, target: r.path }))))
    return built
  }
  return [
    {
      name: "sitelets",
      note: "`createRouteRequest({ method, target })` + `router.route(req, 0, false)` (synchronous here: no body) → typed endpoint",
      one,
      pass: async (requests, times) => {
        let hits = 0
        for (let k = 0; k < times; k++) {
          for (const r of requests) {
            const outcome = route(createRouteRequest({ method: r.method, target: r.path }), 0, false)
            const result = isPromise(outcome) ? await outcome : outcome
            if (result !== undefined) hits++
          }
        }
        return hits
      },
    },
    {
      name: "sitelets (route only)",
      note: "`router.route(req, 0, false)` on a prebuilt RouteRequest (breakdown, not a peer row)",
      one,
      pass: async (requests, times) => {
        const built = prebuiltOf(requests)
        let hits = 0
        for (let k = 0; k < times; k++) {
          for (const r of built) {
            const outcome = route(r, 0, false)
            if ((isPromise(outcome) ? await outcome : outcome) !== undefined) hits++
          }
        }
        return hits
      },
    },
  ]
}
