import type { Router, RouteOutcome } from "./router.js"
import { andThen, isPromise } from "../internal/maybe-promise.js"
import type { RouteRequest } from "./request/request.js"
import { makeRouter } from "./make-router.js"
import { noteComposition } from "./composition.js"
import { mapResult, type ParseRequestResult } from "./codec/result.js"
import { prefixPath, type RoutePath } from "./link/route-path.js"
import { parseTarget } from "./request/target.js"
import { combinatorMessages } from "./combinator-messages.js"
import { deepEqual } from "./deep-equal.js"
import {
  type Answering,
  firstAnswers,
  isTagged,
  type MappedAnswers,
  type RouterAnswers,
  type SumAnswers,
} from "./answers.js"

/**
 * The endpoint type of a router.
 *
 * @example
 * ```ts
 * type E = EndpointOfRouter<Router<Site>> //=> Site
 * ```
 */
export type EndpointOfRouter<R> = R extends { link(endpoint: infer Endpoint): RoutePath | undefined } ? Endpoint : never

/**
 * A router that accepts nothing and links nothing.
 *
 * @example
 * ```ts
 * await Router.Empty<number>().Parse({ url: "/" }) //=> undefined
 * ```
 */
export function Empty<Endpoint = never>(): Router<Endpoint> {
  return makeRouter<Endpoint>({ route: () => undefined, link: () => undefined })
}

/**
 * The first router that accepts a request handles it; links come from the
 * first router that produces the value. Infers the endpoint union from its
 * parts; takes routers or one array.
 *
 * @example
 * ```ts
 * const both = Router.Sum(Router.Infer(Pages), Router.Shift("api", Router.Infer(Api))) // Router<Pages | Api>
 * ```
 */
export function Sum<const Parts extends ReadonlyArray<Router<any>>>(
  parts: Parts,
): Router<EndpointOfRouter<Parts[number]>> & Answering<SumAnswers<Parts>>
export function Sum<const Parts extends ReadonlyArray<Router<any>>>(
  ...parts: Parts
): Router<EndpointOfRouter<Parts[number]>> & Answering<SumAnswers<Parts>>
/** With the endpoint type given (`Router.Sum<Site>(…)`): every part a `Router<Site>`. */
export function Sum<Endpoint>(
  ...routers: ReadonlyArray<Router<Endpoint>> | [ReadonlyArray<Router<Endpoint>>]
): Router<Endpoint>
export function Sum<Endpoint>(
  ...routers: ReadonlyArray<Router<Endpoint>> | [ReadonlyArray<Router<Endpoint>>]
): Router<Endpoint> {
  const parts: ReadonlyArray<Router<Endpoint>> = Array.isArray(routers[0])
    ? (routers[0] as ReadonlyArray<Router<Endpoint>>)
    : (routers as ReadonlyArray<Router<Endpoint>>)
  // Synchronous while every part answers synchronously; from the first promise on, the rest follows it.
  const tryFrom = (
    request: RouteRequest,
    offset: number,
    withErrors: boolean,
    first: number,
  ): RouteOutcome<Endpoint> => {
    for (let index = first; index < parts.length; index++) {
      const result = (parts[index] as Router<Endpoint>).route(request, offset, withErrors)
      if (isPromise(result)) return result.then((settled) => settled ?? tryFrom(request, offset, withErrors, index + 1))
      if (result !== undefined) return result
    }
    return undefined
  }
  // The error pass: the first part's error that got past the method (a query, form or JSON body that does not
  // parse), else the first part's wrong method. A field's error says more, in whatever order the parts come.
  const explainFrom = (
    request: RouteRequest,
    offset: number,
    first: number,
    wrongMethod: ParseRequestResult<Endpoint> | undefined,
  ): RouteOutcome<Endpoint> => {
    for (let index = first; index < parts.length; index++) {
      const result = (parts[index] as Router<Endpoint>).route(request, offset, true)
      if (isPromise(result))
        return result.then((settled) =>
          settled !== undefined && settled.$ !== "InvalidMethod"
            ? settled
            : explainFrom(request, offset, index + 1, wrongMethod ?? settled),
        )
      if (result === undefined) continue
      if (result.$ !== "InvalidMethod") return result
      wrongMethod ??= result
    }
    return wrongMethod
  }
  const sum = makeRouter<Endpoint>({
    // A success in any part beats an error result in an earlier part.
    route: (request, offset, withErrors) => {
      const strict = tryFrom(request, offset, false, 0)
      return withErrors ? andThen(strict, (found) => found ?? explainFrom(request, offset, 0, undefined)) : strict
    },
    link: (endpoint) => {
      for (const router of parts) {
        const path = router.link(endpoint)
        if (path !== undefined) return path
      }
      return undefined
    },
    // The answers of the part that links the value, as Link does.
    answers: (endpoint) => firstAnswers(parts, endpoint),
    shadowed: () => parts.flatMap((router) => router.Shadowed),
    describe: () => parts.flatMap((router) => router.describe()),
  })
  return noteComposition(sum, { kind: "sum", parts })
}

// Prefix segments are compared with decoded request segments, so they are decoded once too.
const segmentsOf = (path: string): string[] => parseTarget(path.startsWith("/") ? path : "/" + path).segments.slice()

/**
 * Puts a router under a path prefix. Segment-exact: `/apix` is not under
 * `/api`. The prefix may hold several segments (`"api/v1"`).
 *
 * @example
 * ```ts
 * Router.Shift("api", Router.Infer(t.int)).Link(5) //=> "/api/5"
 * ```
 */
export function Shift<Endpoint, Responses = {}>(
  prefix: string,
  router: Router<Endpoint> & Answering<Responses>,
): Router<Endpoint> & Answering<Responses> {
  const segments = segmentsOf(prefix)
  if (segments.length === 0) throw new TypeError(combinatorMessages.shiftEmpty)
  const shifted = makeRouter<Endpoint>({
    route: (request, offset, withErrors) => {
      for (let i = 0; i < segments.length; i++) if (request.segments[offset + i] !== segments[i]) return undefined
      return router.route(request, offset + segments.length, withErrors)
    },
    link: (endpoint) => {
      const path = router.link(endpoint)
      return path && prefixPath(segments, path)
    },
    answers: router.answers,
    shadowed: () => router.Shadowed,
    describe: () => router.describe().map((source) => ({ ...source, prefix: [...segments, ...source.prefix] })),
  })
  return noteComposition(shifted, { kind: "shift", segments, inner: router })
}

/** The route of `router` with `decode` applied to the endpoint it finds (shared by `Map` and `Embed`). */
function decodedRoute<Inner, Outer>(decode: (inner: Inner) => Outer, router: Router<Inner>): Router<Outer>["route"] {
  return (request, offset, withErrors) =>
    andThen(router.route(request, offset, withErrors), (result) => result && mapResult(result, decode))
}

/**
 * Changes the endpoint type with a bijection: `decode` after parsing,
 * `encode` before linking.
 *
 * @example
 * ```ts
 * const ids = Router.Map((n: number) => ({ id: n }), (x: { id: number }) => x.id, Router.Infer(t.int))
 * ids.Link({ id: 3 }) //=> "/3"
 * ```
 */
export function Map<Inner, Outer, Responses = {}>(
  decode: (inner: Inner) => Outer,
  encode: (outer: Outer) => Inner,
  router: Router<Inner> & Answering<Responses>,
): Router<Outer> & Answering<MappedAnswers<Outer, RouterAnswers<Answering<Responses>>>> {
  const mapped = makeRouter<Outer>({
    route: decodedRoute(decode, router),
    link: (endpoint) => router.link(encode(endpoint)),
    answers: (endpoint) => (isTagged(endpoint) ? router.answers(encode(endpoint)) : undefined),
    shadowed: () => router.Shadowed,
    describe: () => router.describe(),
  })
  return noteComposition(mapped, { kind: "same", inner: router })
}

/**
 * Embeds a router into a larger endpoint type: `decode` after parsing,
 * `encodePartial` before linking returns undefined for outer values this
 * router does not produce.
 *
 * @example
 * ```ts
 * const blog = Router.Embed((b: Blog) => ({ $: "Blog", b }), (s: Site) => (s.$ === "Blog" ? s.b : undefined), Router.Infer(Blog))
 * ```
 */
export function Embed<Inner, Outer, Responses = {}, Produced extends Outer = Outer>(
  decode: (inner: Inner) => Produced,
  encodePartial: (outer: Outer) => Inner | undefined,
  router: Router<Inner> & Answering<Responses>,
): Router<Outer> & Answering<MappedAnswers<Produced, RouterAnswers<Answering<Responses>>>> {
  const embedded = makeRouter<Outer>({
    route: decodedRoute(decode, router),
    link: (endpoint) => {
      const inner = encodePartial(endpoint)
      return inner === undefined ? undefined : router.link(inner)
    },
    answers: (endpoint) => {
      const inner = isTagged(endpoint) ? encodePartial(endpoint) : undefined
      return inner === undefined ? undefined : router.answers(inner)
    },
    shadowed: () => router.Shadowed,
    describe: () => router.describe(),
  })
  return noteComposition(embedded, { kind: "same", inner: router })
}

// The name documents give a single path's endpoint: its `$` tag, when it has one.
function singleName(endpoint: unknown): { name?: string } {
  const tag = (endpoint as { $?: unknown } | null)?.$
  return typeof tag === "string" && tag !== "" ? { name: tag } : {}
}

/**
 * One endpoint at one fixed path: any method, or only those listed
 * (`HEAD` wherever `GET` is). Links the values deep-equal to `endpoint`.
 *
 * @example
 * ```ts
 * Router.Single({ $: "About" }, "/about").Link({ $: "About" }) //=> "/about"
 * Router.Single({ $: "Feed" }, "/feed.json", ["GET"]) // a DELETE there is not accepted (405 under methodNotAllowed)
 * ```
 */
export function Single<Endpoint>(endpoint: Endpoint, url: string, methods?: readonly string[]): Router<Endpoint> {
  const target = parseTarget(url)
  if (!url.startsWith("/") || target.bad !== undefined || url.includes("?"))
    throw new TypeError(combinatorMessages.singlePath(url))
  const segments = target.segments
  const path: RoutePath = { segments, query: [] }
  const accepted = methods === undefined ? undefined : Object.freeze(methods.map((method) => method.toUpperCase()))
  const single = makeRouter<Endpoint>({
    route: (request, offset): ParseRequestResult<Endpoint> | undefined => {
      if (request.segments.length - offset !== segments.length) return undefined
      for (let i = 0; i < segments.length; i++) if (request.segments[offset + i] !== segments[i]) return undefined
      if (accepted !== undefined && !accepted.includes(request.method === "HEAD" ? "GET" : request.method))
        return undefined
      return { $: "Success", endpoint }
    },
    link: (value) => (deepEqual(value, endpoint) ? path : undefined),
    describe: () => [
      {
        prefix: segments,
        alternatives: undefined,
        ...singleName(endpoint),
        ...(accepted === undefined ? {} : { methods: accepted }),
      },
    ],
  })
  return noteComposition(single, { kind: "single", segments, ...(accepted === undefined ? {} : { methods: accepted }) })
}

/**
 * A router from its two primitive operations (for custom routing).
 *
 * @example
 * ```ts
 * const custom = Router.New<string>((req, offset) => ({ $: "Success", endpoint: req.segments.slice(offset).join("/") }), (s) => ({ segments: s.split("/"), query: [] }))
 * ```
 */
export function New<Endpoint>(route: Router<Endpoint>["route"], link: Router<Endpoint>["link"]): Router<Endpoint> {
  return makeRouter<Endpoint>({ route, link })
}
