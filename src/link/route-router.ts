/**
 * `sitelets/route`'s `Router`: links and reads a request's target, at a
 * router's weight without its body readers. `Infer` gives a router with
 * `Link`, `Match(method, target)` (synchronous: the endpoint of a bodiless
 * request without headers, or undefined) and `Parse` (the same, as the full
 * router's `Parse` takes it); `Shift`, `Sum`, `Map` and `Embed` compose them.
 */
import type { Descriptor, Infer as InferType } from "../descriptor/descriptor.js"
import type { Linkable } from "../descriptor/request-only.js"
import { type CaseInput, inferInput, type UnionOutput, type ValidateCases } from "../descriptor/union.js"
import type { RoutePath } from "../router/link/route-path.js"
import { parseTarget } from "../router/request/target.js"
import { Router as Links, prefixSegments } from "./link-router.js"
import { type MatchInput, matchReaderOf } from "./link-match.js"

/**
 * A router that links and reads targets. `match` reads from segment `at`
 * (for composition).
 *
 * @example
 * ```ts
 * const pages = Router.Infer(Pages)
 * pages.Match("GET", "/blog/3") //=> { $: "Post", id: 3 }
 * ```
 */
export interface RouteRouter<Endpoint> {
  Link(endpoint: Linkable<Endpoint>): string
  link(endpoint: Endpoint): RoutePath | undefined
  /** The endpoint of a request with this method and target and no body or headers, or undefined. */
  Match(method: string, target: string): Endpoint | undefined
  /** `Match` for `{ url, method? }` (GET by default), as a promise like the full router's `Parse`. */
  Parse(request: { readonly url: string; readonly method?: string }): Promise<Endpoint | undefined>
  match(input: MatchInput, at: number): Endpoint | undefined
}

function routeRouter<Endpoint>(
  linker: { link(endpoint: Endpoint): RoutePath | undefined; Link(endpoint: Linkable<Endpoint>): string },
  match: (input: MatchInput, at: number) => Endpoint | undefined,
): RouteRouter<Endpoint> {
  const Match = (method: string, target: string): Endpoint | undefined => {
    const parsed = parseTarget(target)
    return parsed.bad === undefined
      ? match({ segments: parsed.segments, query: parsed.query, method: method.toUpperCase() }, 0)
      : undefined
  }
  return Object.freeze({
    link: linker.link,
    Link: linker.Link,
    match,
    Match,
    Parse: (request: { readonly url: string; readonly method?: string }) =>
      Promise.resolve().then(() => Match(request.method ?? "GET", request.url)),
  })
}

/**
 * A route router from a declaration.
 *
 * @example
 * ```ts
 * Router.Infer(t.union({ Home: "GET /", Post: "GET /blog/<id:int>" })).Match("GET", "/blog/3") //=> { $: "Post", id: 3 }
 * ```
 */
function Infer<const D extends Descriptor>(descriptor: D): RouteRouter<InferType<D>>
function Infer<const Cases extends Readonly<Record<string, CaseInput>>>(
  cases: Cases & ValidateCases<Cases>,
): RouteRouter<UnionOutput<Cases>>
function Infer(input: Descriptor | Readonly<Record<string, CaseInput>>): RouteRouter<unknown> {
  const descriptor = inferInput(input)
  const read = matchReaderOf(descriptor)
  return routeRouter(Links.Infer(descriptor), (request, at) => {
    try {
      return read(request, at, (value, end) => (end === request.segments.length ? { value } : undefined))?.value
    } catch (error) {
      // A path nesting a recursive type deeper than the stack allows matches nothing.
      if (error instanceof RangeError) return undefined
      throw error
    }
  })
}

/**
 * A route router under a path prefix (segment-exact).
 *
 * @example
 * ```ts
 * Router.Shift("app", Router.Infer(Pages)).Match("GET", "/app/blog/3") //=> { $: "Post", id: 3 }
 * ```
 */
function Shift<Endpoint>(prefix: string, router: RouteRouter<Endpoint>): RouteRouter<Endpoint> {
  const segments = prefixSegments(prefix)
  return routeRouter(Links.Shift(prefix, router), (input, at) => {
    for (let i = 0; i < segments.length; i++) if (input.segments[at + i] !== segments[i]) return undefined
    return router.match(input, at + segments.length)
  })
}

/**
 * The first router that reads a target reads it; links from the first that links the value.
 *
 * @example
 * ```ts
 * Router.Sum(Router.Infer(Pages), Router.Shift("api", Router.Infer(Api)))
 * ```
 */
function Sum<const Parts extends ReadonlyArray<RouteRouter<any>>>(
  ...parts: Parts
): RouteRouter<Parts[number] extends RouteRouter<infer Endpoint> ? Endpoint : never> {
  return routeRouter(Links.Sum(...parts), (input, at) => {
    for (const part of parts) {
      const found = part.match(input, at)
      if (found !== undefined) return found
    }
    return undefined
  })
}

/**
 * Changes the endpoint type with a bijection.
 *
 * @example
 * ```ts
 * Router.Map((p: Pages) => …, (o: Outer) => …, Router.Infer(Pages))
 * ```
 */
function Map<Inner, Outer>(
  decode: (inner: Inner) => Outer,
  encode: (outer: Outer) => Inner,
  router: RouteRouter<Inner>,
): RouteRouter<Outer> {
  return routeRouter(Links.Map(decode, encode, router), (input, at) => {
    const inner = router.match(input, at)
    return inner === undefined ? undefined : decode(inner)
  })
}

/**
 * Embeds a router into a larger endpoint type.
 *
 * @example
 * ```ts
 * Router.Embed((call: Api) => ({ $: "Api", call }), (s: Site) => (s.$ === "Api" ? s.call : undefined), api)
 * ```
 */
function Embed<Inner, Outer>(
  decode: (inner: Inner) => Outer,
  encodePartial: (outer: Outer) => Inner | undefined,
  router: RouteRouter<Inner>,
): RouteRouter<Outer> {
  return routeRouter(Links.Embed(decode, encodePartial, router), (input, at) => {
    const inner = router.match(input, at)
    return inner === undefined ? undefined : decode(inner)
  })
}

/**
 * The `Router` of `sitelets/route`: `Infer`, `Shift`, `Sum`, `Map`, `Embed`,
 * for routers that link and read targets.
 *
 * @example
 * ```ts
 * import { Router } from "sitelets/route"
 * const pages = Router.Shift("app", Router.Infer(Pages))
 * pages.Match("GET", location.pathname + location.search)
 * ```
 */
export const Router = Object.freeze({ Infer, Shift, Sum, Map, Embed })
