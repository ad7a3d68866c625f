/**
 * The client's router combinators: the root namespace's `Sum`, `Shift`,
 * `Map`, `Embed`, `Single`, `Empty` and `New`, returning client routers
 * (`Events`, `Fetch`, `Socket`) that keep the declared answers of every case
 * they hold, in their types (see `router/answers.ts`) and at run time
 * (`router.answers`).
 */
import type { Answering, MappedAnswers, RouterAnswers, SumAnswers } from "../router/answers.js"
import type { EndpointOfRouter } from "../router/combinators.js"
import { RouterNamespace } from "../router/namespace.js"
import type { RouteRequest } from "../router/request/request.js"
import type { RoutePath } from "../router/link/route-path.js"
import type { RouteOutcome, Router } from "../router/router.js"
import { clientRouter, type EventRouter } from "./event-router.js"

/**
 * The first router that accepts a request handles it; links, and the
 * declared answers `Fetch` decodes, come from the first router that links
 * the value. Infers the endpoint union from its parts; takes routers or
 * one array.
 *
 * @example
 * ```ts
 * const api = Router.Sum(Router.Infer(Reads), Router.Infer(Writes))
 * const user = await api.Fetch({ $: "GetUser", id: 1 }) // User, as declared by Reads
 * ```
 */
export function Sum<const Parts extends ReadonlyArray<Router<any>>>(
  parts: Parts,
): EventRouter<EndpointOfRouter<Parts[number]>, SumAnswers<Parts>>
export function Sum<const Parts extends ReadonlyArray<Router<any>>>(
  ...parts: Parts
): EventRouter<EndpointOfRouter<Parts[number]>, SumAnswers<Parts>>
export function Sum(...parts: ReadonlyArray<Router<unknown>> | [ReadonlyArray<Router<unknown>>]): EventRouter<unknown> {
  return clientRouter(RouterNamespace.Sum(...(parts as ReadonlyArray<Router<unknown>>)))
}

/**
 * Puts a router under a path prefix (segment-exact); the client members and
 * the declared answers stay.
 *
 * @example
 * ```ts
 * const api = Router.Shift("api", Router.Infer(Api))
 * await api.Fetch({ $: "GetUser", id: 1 }) // GET /api/users/1, decoded as declared
 * ```
 */
export function Shift<Endpoint, Responses = {}>(
  prefix: string,
  router: Router<Endpoint> & Answering<Responses>,
): EventRouter<Endpoint, RouterAnswers<Answering<Responses>>> {
  return clientRouter(RouterNamespace.Shift(prefix, router))
}

/**
 * Changes the endpoint type with a bijection; `Fetch` decodes a value by
 * the answers of the inner case it encodes to.
 *
 * @example
 * ```ts
 * const ids = Router.Map((n: number) => ({ id: n }), (x: { id: number }) => x.id, Router.Infer(t.int))
 * ```
 */
export function Map<Inner, Outer, Responses = {}>(
  decode: (inner: Inner) => Outer,
  encode: (outer: Outer) => Inner,
  router: Router<Inner> & Answering<Responses>,
): EventRouter<Outer, MappedAnswers<Outer, RouterAnswers<Answering<Responses>>>> {
  return clientRouter(RouterNamespace.Map(decode, encode, router))
}

/**
 * Embeds a router into a larger endpoint type; `Fetch` decodes a value by
 * the answers of the inner case it encodes to.
 *
 * @example
 * ```ts
 * const api = Router.Embed((call: Api) => ({ $: "Api" as const, call }), (s: Site) => (s.$ === "Api" ? s.call : undefined), Router.Infer(Api))
 * ```
 */
export function Embed<Inner, Outer, Responses = {}, Produced extends Outer = Outer>(
  decode: (inner: Inner) => Produced,
  encodePartial: (outer: Outer) => Inner | undefined,
  router: Router<Inner> & Answering<Responses>,
): EventRouter<Outer, MappedAnswers<Produced, RouterAnswers<Answering<Responses>>>> {
  return clientRouter(RouterNamespace.Embed(decode, encodePartial, router))
}

/**
 * One endpoint at one fixed path, as a client router.
 *
 * @example
 * ```ts
 * Router.Single({ $: "About" }, "/about").Link({ $: "About" }) //=> "/about"
 * ```
 */
export function Single<Endpoint>(endpoint: Endpoint, url: string): EventRouter<Endpoint> {
  return clientRouter(RouterNamespace.Single(endpoint, url))
}

/**
 * The router that accepts and links nothing, as a client router.
 *
 * @example
 * ```ts
 * Router.Sum(Router.Empty(), api) // the same URLs as api
 * ```
 */
export function Empty<Endpoint = never>(): EventRouter<Endpoint> {
  return clientRouter(RouterNamespace.Empty<Endpoint>())
}

/**
 * A router from its two primitive operations, as a client router.
 *
 * @example
 * ```ts
 * const custom = Router.New<string>((req, offset) => ({ $: "Success", endpoint: req.segments.slice(offset).join("/") }), (s) => ({ segments: s.split("/"), query: [] }))
 * ```
 */
export function New<Endpoint>(
  route: (request: RouteRequest, offset: number, withErrors: boolean) => RouteOutcome<Endpoint>,
  link: (endpoint: Endpoint) => RoutePath | undefined,
): EventRouter<Endpoint> {
  return clientRouter(RouterNamespace.New(route, link))
}
