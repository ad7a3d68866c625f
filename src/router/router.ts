/**
 * The router contract shared by `Router.Infer`, the composition primitives
 * and the sitelets built on them. A router is host-agnostic: it sees a
 * {@link RouteRequest} parsed once, and links to a {@link RoutePath}.
 */
import type { ParseInput, RouteRequest } from "./request/request.js"
import type { ParseRequestResult } from "./codec/result.js"
import type { RoutePath } from "./link/route-path.js"
import type { RouteSource } from "./route-source.js"
import type { Linkable } from "../descriptor/request-only.js"
import type { ResponseDescriptors } from "../descriptor/responses.js"
import { RouterNamespace } from "./namespace.js"
import type { MaybePromise } from "../internal/maybe-promise.js"

/**
 * What `route` gives: a result when the path matched, undefined when it did
 * not; a promise only when a body had to be read.
 *
 * @example
 * ```ts
 * const outcome: RouteOutcome<number> = { $: "Success", endpoint: 1 }
 * ```
 */
export type RouteOutcome<Endpoint> = MaybePromise<ParseRequestResult<Endpoint> | undefined>

/**
 * A bidirectional router for endpoint values of type `Endpoint`.
 *
 * @example
 * ```ts
 * const router = Router.Infer(t.union({ Home: "GET /", Article: "GET /article/<id:int>" }))
 * router.Link({ $: "Article", id: 1 })              //=> "/article/1"
 * await router.Parse({ url: "/article/1" })          //=> { $: "Article", id: 1 }
 * ```
 */
export interface Router<Endpoint> {
  /**
   * The URL of an endpoint. Throws `LinkError` naming the field when no URL can carry the value;
   * a case with header or cookie fields does not compile here ({@link Linkable}).
   */
  Link(endpoint: Linkable<Endpoint>): string
  /** The endpoint a request stands for, or undefined when no case accepts it (or the target is bad). */
  Parse(request: ParseInput): Promise<Endpoint | undefined>
  /**
   * Synchronous: the endpoint of a request with this method and target and
   * no body or headers, or undefined — what `Parse` gives for it (a JSON
   * body is missing, a form is empty). `Match("GET", location.pathname + location.search)`.
   */
  Match(method: string, target: string): Endpoint | undefined
  /**
   * Like `Parse`, but a request whose path matched and whose method, query,
   * JSON body or form data is wrong gives an error result instead of undefined.
   */
  ParseWithErrors(request: ParseInput): Promise<ParseRequestResult<Endpoint> | undefined>
  /** Cases that can never match because an earlier case always wins (`"Blog2 (shadowed by Blog1)"`). */
  readonly Shadowed: readonly string[]
  /**
   * Matches `request.segments[offset..]` exactly (plus method, query, body).
   * `withErrors` allows error results for requests whose path matched.
   * Synchronous unless a body must be read (then a promise).
   */
  route(request: RouteRequest, offset: number, withErrors: boolean): RouteOutcome<Endpoint>
  /** The path of an endpoint, or undefined when this router does not produce it. Throws `LinkError`. */
  link(endpoint: Endpoint): RoutePath | undefined
  /** Where its routes come from, for documents such as `OpenApi.Document` (`describeRoutes` reads them). */
  describe(): readonly RouteSource[]
  /**
   * The answers the case of an endpoint value declares (`Returns`,
   * `Responds`), by status, or undefined; kept through `Shift`, `Sum`,
   * `Map` and `Embed`, so `Router.Fetch` decodes a composed router's
   * answers as the plain one's.
   */
  answers(endpoint: Endpoint): ResponseDescriptors | undefined
}

/**
 * The two primitive operations a router is made of.
 *
 * @example
 * ```ts
 * makeRouter<string>({ route: async () => undefined, link: (s) => ({ segments: [s], query: [] }) })
 * ```
 */
export interface RouterParts<Endpoint> {
  route: Router<Endpoint>["route"]
  link: Router<Endpoint>["link"]
  /** The cases that can never match, or a function computing them on first read of `Router.Shadowed` (it costs a pass over every pair of cases). */
  shadowed?: readonly string[] | (() => readonly string[])
  /** Where its routes come from; a router made from functions alone (`Router.New`) has none to give. */
  describe?: () => readonly RouteSource[]
  /** The declared answers of an endpoint value's case (none by default). */
  answers?: Router<Endpoint>["answers"]
  /**
   * `Match` on the raw method and target, before a request view is built
   * (a compiled route table): the endpoint, `null` for none, or undefined
   * to route as usual.
   */
  match?: (method: string, target: string) => Endpoint | null | undefined
  /** `match` is a compiled table's (its calls get a call site of their own). */
  compiledMatch?: boolean
  /** A faster `Link` for the values it can write; undefined (or a throw) hands the value to `link`. */
  url?: (endpoint: Endpoint) => string | undefined
}

/**
 * Builds and composes routers: `Router.Infer(descriptor)`, `Router.Sum`,
 * `Router.Shift`, `Router.Map`, `Router.Embed`, `Router.Single`,
 * `Router.Empty`, `Router.New`.
 *
 * @example
 * ```ts
 * const api = Router.Shift("api", Router.Infer(Api))
 * const site = Router.Sum(Router.Infer(Pages), api)
 * ```
 */
export const Router = RouterNamespace
