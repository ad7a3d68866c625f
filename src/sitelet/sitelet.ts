/**
 * The `Sitelet<E>` type: a router for endpoints of type `E` and a way to
 * serve each endpoint. Combinators build new sitelets from these two parts.
 */
import type { RouteRequest } from "../router/request/request.js"
import type { Router } from "../router/router.js"
import { Sum as sumRouters } from "../router/combinators.js"
import { type HandleOptions, handleWithHost } from "./fetch-port.js"
import type { StaticContent } from "./content-model.js"
import type { Context } from "./context.js"
import { isPromise, type MaybePromise } from "../internal/maybe-promise.js"

/**
 * A request a sitelet accepted: its endpoint and the function producing
 * its response for a context (synchronously when the handler is).
 *
 * @example
 * ```ts
 * const found = await site.dispatch(request, 0, false) // a promise only when a body was read
 * if (found) await found.serve(ctx)
 * ```
 */
export interface Dispatched<Endpoint> {
  readonly endpoint: Endpoint
  readonly serve: (ctx: Context<Endpoint>) => MaybePromise<StaticContent>
  /**
   * How weakly the lenient pass accepted: `"method"` for a method the case
   * does not take (an `InferWithErrors` part's `InvalidMethod`),
   * `"fallback"` for a `Sitelet.Fallback`. A `Sum` prefers a later part that
   * got past the method (its query, header or body failed), then a wrong
   * method, then a fallback, each the first of its kind.
   */
  readonly weak?: "method" | "fallback"
}

/**
 * Finds the part of a sitelet that accepts a request from segment `offset`.
 * Dispatch runs in two passes: strict (`lenient = false`: only successful
 * parses) then lenient (`true`: `InferWithErrors` parts may accept a request
 * whose path matched with an error result), so a success anywhere in a
 * `Sum` wins over an error result in an earlier part. The lenient pass runs
 * only on a sitelet whose `lenient` flag is set. Synchronous unless a
 * body must be read.
 *
 * @example
 * ```ts
 * const found = (await site.dispatch(req, 0, false)) ?? (site.lenient ? await site.dispatch(req, 0, true) : undefined)
 * ```
 */
export type Dispatch<Endpoint> = (
  request: RouteRequest,
  offset: number,
  lenient: boolean,
) => MaybePromise<Dispatched<Endpoint> | undefined>

/**
 * A sitelet: a router and the content of each endpoint. Build one with
 * `Sitelet.Infer`, `Sitelet.New`, `Sitelet.Content`, and combine with
 * `Sitelet.Sum`/`plus`, `Shift`, `Folder`, `Map`, `Embed`, `EmbedInUnion`.
 *
 * @example
 * ```ts
 * const site: Sitelet<Site> = Sitelet.Infer(Site, (ctx, e) => Content.Text(e.$))
 * site.Router.Link({ $: "Home" })                       //=> "/"
 * await site.Handle(new Request("http://x/"))           //=> Response (200, "Home")
 * ```
 */
export interface Sitelet<Endpoint> {
  /** Links and parses the endpoints of this sitelet. */
  readonly Router: Router<Endpoint>
  /** Finds the part accepting a request (used by hosts and combinators). */
  readonly dispatch: Dispatch<Endpoint>
  /**
   * False when no part can accept a request in the lenient pass (no
   * `InferWithErrors` inside): hosts and `Sum` then skip that pass.
   */
  readonly lenient: boolean
  /**
   * Serves a Fetch API request: the response, or `undefined` when no part
   * of the sitelet accepts the request.
   */
  Handle(request: Request, options?: HandleOptions): Promise<Response | undefined>
  /** `this + other`: the first that accepts a request serves it. */
  plus<Other>(other: Sitelet<Other>): Sitelet<Endpoint | Other>
}

/**
 * The endpoint type of a sitelet.
 *
 * @example
 * ```ts
 * type E = EndpointOf<typeof site> //=> Site
 * ```
 */
export type EndpointOf<Site> = Site extends Sitelet<infer Endpoint> ? Endpoint : never

/**
 * Makes a sitelet from a router and a dispatch function. `lenient` says
 * whether `dispatch` may accept a request in the lenient pass (by default
 * it may; a sitelet that always answers `undefined` there passes `false`).
 *
 * @example
 * ```ts
 * const echo = makeSitelet(router, async (req, offset, lenient) => {
 *   const result = lenient ? undefined : await router.route(req, offset, false)
 *   return result?.$ === "Success" ? { endpoint: result.endpoint, serve: async () => Content.Text("hi") } : undefined
 * }, false) // never accepts in the lenient pass
 * ```
 */
export function makeSitelet<Endpoint>(
  router: Router<Endpoint>,
  dispatch: Dispatch<Endpoint>,
  lenient = true,
): Sitelet<Endpoint> {
  const site: Sitelet<Endpoint> = Object.freeze({
    Router: router,
    dispatch,
    lenient,
    Handle: (request: Request, options?: HandleOptions) => handleWithHost(site, request, options),
    plus: <Other>(other: Sitelet<Other>) => sumSitelets<Endpoint | Other>([site, other as Sitelet<Endpoint | Other>]),
  })
  return site
}

/**
 * The sum of sitelets: the first part that accepts a request serves it,
 * and links come from the first part that links the value.
 *
 * @example
 * ```ts
 * sumSitelets([pages, api]).Router.Link({ $: "Users" }) //=> "/api/users"
 * ```
 */
export function sumSitelets<Endpoint>(parts: ReadonlyArray<Sitelet<Endpoint>>): Sitelet<Endpoint> {
  const frozen = Object.freeze([...parts])
  const lenientParts = Object.freeze(frozen.filter((part) => part.lenient))
  // Synchronous while every part answers synchronously; from the first promise on, the rest follows it. In the
  // lenient pass a weak acceptance (a wrong method, a fallback) is kept while a later part may say more.
  const dispatchFrom = (
    request: RouteRequest,
    offset: number,
    lenient: boolean,
    first: number,
    method?: Dispatched<Endpoint>,
    fallback?: Dispatched<Endpoint>,
  ): ReturnType<Dispatch<Endpoint>> => {
    const parts = lenient ? lenientParts : frozen
    for (let index = first; index < parts.length; index++) {
      const found = (parts[index] as Sitelet<Endpoint>).dispatch(request, offset, lenient)
      if (isPromise(found))
        return found.then((settled) =>
          settled !== undefined && settled.weak === undefined
            ? settled
            : dispatchFrom(
                request,
                offset,
                lenient,
                index + 1,
                method ?? (settled?.weak === "method" ? settled : undefined),
                fallback ?? (settled?.weak === "fallback" ? settled : undefined),
              ),
        )
      if (found === undefined) continue
      if (found.weak === undefined) return found
      if (found.weak === "method") method ??= found
      else fallback ??= found
    }
    return method ?? fallback
  }
  const dispatch: Dispatch<Endpoint> = (request, offset, lenient) => dispatchFrom(request, offset, lenient, 0)
  return makeSitelet<Endpoint>(sumRouters(frozen.map((part) => part.Router)), dispatch, lenientParts.length > 0)
}
