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
}

function named(route: DescribedRoute): NamedRoute {
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
  return { template: `/${parts.join("/")}`, methods: route.methods, fixed, open }
}

const fits = (route: NamedRoute, method: string, segments: readonly string[]): boolean => {
  if (route.methods !== undefined && !route.methods.includes(method === "HEAD" ? "GET" : method)) return false
  if (route.open ? segments.length < route.fixed.length : segments.length !== route.fixed.length) return false
  return route.fixed.every((text, i) => text === undefined || text === segments[i])
}

/**
 * A function naming the route of an endpoint value for a method; the
 * routes are described on the first call. `undefined` when the router does
 * not link the value.
 *
 * @example
 * ```ts
 * const routeOf = routeNamer(Router.Shift("api", Router.Infer(Api)))
 * routeOf({ $: "GetArticle", id: 42 }, "GET") //=> "/api/articles/{id}"
 * ```
 */
export function routeNamer(router: Router<any>): (endpoint: unknown, method: string) => string | undefined {
  let routes: readonly NamedRoute[] | undefined
  return (endpoint, method) => {
    routes ??= describeRoutes(router).map(named)
    let segments: readonly string[]
    try {
      const path = router.link(endpoint)
      if (path === undefined) return undefined
      segments = path.segments
    } catch {
      return undefined
    }
    return routes.find((route) => fits(route, method, segments))?.template
  }
}
