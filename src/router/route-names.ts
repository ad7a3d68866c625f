/**
 * The route of an endpoint value, as its declaration spells it: the path
 * template of the described route its link fits (`/blog/{id}`), with the
 * composition's prefixes — a low-cardinality name for spans and metrics,
 * never the URL itself (`/blog/42`).
 */
import { type DescribedRoute, describeRoutes } from "./describe.js"
import type { Router } from "./router.js"

interface NamedRoute {
  readonly template: string
  readonly methods: readonly string[] | undefined
  /** Literal texts (or undefined for a one-segment parameter) up to the first parameter of variable length. */
  readonly fixed: ReadonlyArray<string | undefined>
  /** Whether a parameter of variable length (a wildcard, a list) follows `fixed`. */
  readonly open: boolean
  /** Its place in the declaration: the router tries routes in this order. */
  readonly position: number
}

/** The routes, indexed by their first literal segment; those starting with a parameter (or empty) apart. */
interface RouteIndex {
  readonly byFirst: ReadonlyMap<string, readonly NamedRoute[]>
  readonly rest: readonly NamedRoute[]
}

function named(route: DescribedRoute, position: number): NamedRoute {
  const fixed: Array<string | undefined> = []
  let open = false
  for (const segment of route.segments) {
    if (segment.kind === "literal") fixed.push(segment.text)
    else if (segment.shape === "segment") fixed.push(undefined)
    else {
      open = true
      break
    }
  }
  const parts = route.segments.map((segment) => (segment.kind === "literal" ? segment.text : `{${segment.name}}`))
  return { template: `/${parts.join("/")}`, methods: route.methods, fixed, open, position }
}

function indexOf(routes: readonly NamedRoute[]): RouteIndex {
  const byFirst = new Map<string, NamedRoute[]>()
  const rest: NamedRoute[] = []
  for (const route of routes) {
    const first = route.fixed[0]
    if (first === undefined) rest.push(route)
    else byFirst.set(first, [...(byFirst.get(first) ?? []), route])
  }
  return { byFirst, rest }
}

const fits = (route: NamedRoute, method: string, segments: readonly string[]): boolean => {
  if (route.methods !== undefined && !route.methods.includes(method === "HEAD" ? "GET" : method)) return false
  if (route.open ? segments.length < route.fixed.length : segments.length !== route.fixed.length) return false
  return route.fixed.every((text, i) => text === undefined || text === segments[i])
}

// In declaration order: the first route the link fits, among those its first segment may start.
function find(index: RouteIndex, method: string, segments: readonly string[]): NamedRoute | undefined {
  const literal = segments.length > 0 ? index.byFirst.get(segments[0]!) : undefined
  const a = literal?.find((route) => fits(route, method, segments))
  const b = index.rest.find((route) => fits(route, method, segments))
  // Both fit (a literal start, a parameter start): the one declared first, as the router matches.
  if (a === undefined || b === undefined) return a ?? b
  return a.position < b.position ? a : b
}

// One index per router, made on the first route it names: hosts and the client share it.
const indexes = new WeakMap<object, RouteIndex>()

/**
 * The route an endpoint value takes on a router for a method, or undefined
 * when the router does not link the value (or cannot describe its routes). The router's routes are
 * described once, on its first call, and kept while the router lives.
 *
 * @example
 * ```ts
 * routeName(Router.Shift("api", Router.Infer(Api)), { $: "GetArticle", id: 42 }, "GET") //=> "/api/articles/{id}"
 * ```
 */
export function routeName(router: Router<any>, endpoint: unknown, method: string): string | undefined {
  // A router that cannot describe its routes (the light routers of sitelets/fetch) names none.
  if (typeof router.describe !== "function") return undefined
  let index = indexes.get(router)
  if (index === undefined) indexes.set(router, (index = indexOf(describeRoutes(router).map(named))))
  let segments: readonly string[]
  try {
    const path = router.link(endpoint)
    if (path === undefined) return undefined
    segments = path.segments
  } catch {
    return undefined
  }
  return find(index, method, segments)?.template
}

/**
 * The route a request's path takes on a router for a method, by its path
 * alone (no endpoint value: its body, say, failed), or undefined where no
 * route's path fits. For naming a request refused after its path and
 * method matched (413, 415, a body that does not parse), never for routing.
 *
 * @example
 * ```ts
 * routeOfPath(Router.Infer(Api), "POST", ["api", "articles"]) //=> "/api/articles"
 * ```
 */
export function routeOfPath(router: Router<any>, method: string, segments: readonly string[]): string | undefined {
  if (typeof router.describe !== "function") return undefined
  let index = indexes.get(router)
  if (index === undefined) indexes.set(router, (index = indexOf(describeRoutes(router).map(named))))
  return find(index, method, segments)?.template
}
