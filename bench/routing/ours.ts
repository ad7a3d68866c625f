/**
 * The sitelets contenders: the GitHub table declared as templates (the
 * union is generated at run time; its type-level cost is measured by
 * bench/types), routed the way the hosts route (a view of the method and
 * raw target that the route table reads before anything parses it, or
 * plain data from `createRouteRequest` for the runtime router alone; then
 * `router.route(request, 0, false)`, awaited only when it is a promise: it
 * is synchronous unless a body must be read).
 */
import { createRouteRequest, type InferOptions, type Router as RouterOf, type RouteRequest } from "sitelets"
// The root Router, from the entry that installs the table walked as data (as the hosts do).
import { Router } from "sitelets/compile"
import { noBody, noHeaders, upperCase } from "../../src/router/request/request.js"
import { RequestView } from "../../src/router/request/request-view.js"
import { caseName, templateCases, type TableOrder, type TableRequest, type TableRoute } from "./github-table.js"
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
export function tableRouter(
  table: readonly TableRoute[],
  order: TableOrder = "declared",
  options: InferOptions = {},
): RouterOf<TableEndpoint> {
  const cases = templateCases(table, order)
  const router = Router.Infer(cases as never, options) as unknown as RouterOf<TableEndpoint>
  if (router.Shadowed.length > 0) throw new Error(`shadowed cases in the table: ${router.Shadowed.join(", ")}`)
  return router
}

// A promise-like check without importing the library's internals (the bench loads the package as users do).
const isPromise = <T>(value: T | Promise<T>): value is Promise<T> =>
  typeof (value as { then?: unknown } | undefined)?.then === "function"

/** The synchronous result of a route call (no request here has a body, so none is a promise). */
function settled<T>(outcome: T | Promise<T>): T {
  if (isPromise(outcome)) throw new Error("a bodiless request routed asynchronously")
  return outcome
}

/** A table endpoint as a bench answer (route id and parameters), or undefined for a miss. */
export function answerOf(table: readonly TableRoute[], endpoint: TableEndpoint | undefined): Answer | undefined {
  if (endpoint === undefined) return undefined
  const id = Number(endpoint.$.slice(1))
  const route = table[id]
  if (!route || caseName(route) !== endpoint.$) return undefined
  const params: Record<string, string> = {}
  for (const name of Object.keys(endpoint)) if (name !== "$") params[name] = endpoint[name] as string
  return { id, params }
}

/** How a row routes: the table's order, its static cases first, or the runtime router alone (no route table). */
type HostVariant = TableOrder | "runtime alone"

/** The row a host pays for: a view of the method and raw target (or plain data, parsed first), then route. */
function hostPath(table: readonly TableRoute[], variant: HostVariant): Contender {
  const router =
    variant === "runtime alone" ? tableRouter(table, "declared", { rawTable: false }) : tableRouter(table, variant)
  const route = router.route
  // What the hosts build (src/host/serve.ts): a view parsed on first read for a router with a route table (a
  // router of Router.Infer), plain data for the runtime router alone.
  const requestOf: (method: string, target: string) => RouteRequest =
    variant === "runtime alone"
      ? (method, target) => createRouteRequest({ method, target })
      : (method, target) => new RequestView(upperCase(method), target, noHeaders, noBody, undefined)
  return {
    name: variant === "declared" ? "sitelets" : `sitelets (${variant})`,
    note:
      variant === "declared"
        ? "a host's request view + `router.route(req, 0, false)` (synchronous here: no body) → typed endpoint; cases in the table's order; the route table walked as data"
        : variant === "static first"
          ? "the same, the union's static cases declared first (breakdown: what declaration order costs)"
          : "`Router.Infer(D, { rawTable: false })`: `createRouteRequest` (the target parsed first) + `route`, no route table (breakdown: before issue 39)",
    one: (request) => {
      const result = settled(route(requestOf(request.method, request.path), 0, false))
      return answerOf(table, result?.$ === "Success" ? result.endpoint : undefined)
    },
    pass: (requests, times) => {
      let hits = 0
      for (let k = 0; k < times; k++)
        for (const r of requests) if (settled(route(requestOf(r.method, r.path), 0, false)) !== undefined) hits++
      return hits
    },
  }
}

/**
 * The sitelets rows: the whole per-request cost a host pays (parse the
 * target, then route) in the table's order and static-first; the routing
 * step alone on a prebuilt request (how much of the cost is the one-time
 * target parse); the host row awaited (what one promise per request costs);
 * and `router.Parse({ url, method })`, the call the README shows.
 */
export function ours(table: readonly TableRoute[]): Contender[] {
  const router = tableRouter(table)
  const route = router.route
  const prebuilt = new Map<readonly TableRequest[], RouteRequest[]>()
  const prebuiltOf = (requests: readonly TableRequest[]) => {
    let built = prebuilt.get(requests)
    if (!built)
      prebuilt.set(requests, (built = requests.map((r) => createRouteRequest({ method: r.method, target: r.path }))))
    return built
  }
  const host = hostPath(table, "declared")
  return [
    host,
    hostPath(table, "static first"),
    hostPath(table, "runtime alone"),
    {
      name: "sitelets (route only)",
      note: "`router.route(req, 0, false)` on a prebuilt RouteRequest (breakdown, not a peer row)",
      one: host.one,
      pass: (requests, times) => {
        const built = prebuiltOf(requests)
        let hits = 0
        for (let k = 0; k < times; k++) for (const r of built) if (settled(route(r, 0, false)) !== undefined) hits++
        return hits
      },
    },
    {
      name: "sitelets (awaited)",
      note: "the `sitelets` row with its result awaited as a resolved promise (breakdown: the floor for any promise-returning parse, `Parse` included)",
      one: host.one,
      pass: async (requests, times) => {
        let hits = 0
        for (let k = 0; k < times; k++)
          for (const r of requests) {
            const outcome = route(createRouteRequest({ method: r.method, target: r.path }), 0, false)
            if ((await Promise.resolve(outcome)) !== undefined) hits++
          }
        return hits
      },
    },
    {
      name: "sitelets Parse",
      note: "`await router.Parse({ url, method })`, the public call (a promise per request)",
      one: async (request) => answerOf(table, await router.Parse({ url: request.path, method: request.method })),
      pass: async (requests, times) => {
        let hits = 0
        for (let k = 0; k < times; k++)
          for (const r of requests) if ((await router.Parse({ url: r.path, method: r.method })) !== undefined) hits++
        return hits
      },
    },
  ]
}
