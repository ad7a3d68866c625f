/**
 * `Sitelet.CorsContent(url, Cors.Of(e), allows => allows', content)`: one
 * endpoint at one URL, served with CORS. A preflight (`OPTIONS` with
 * `Access-Control-Request-Method`) is answered here with 204 and never
 * reaches the content function; `Sitelet.Protect` lets such an answer
 * through, so preflights are answered before any login guard. Actual
 * requests run the content; every answer a host gives to a request this
 * part accepted (the content's, a 500 when the content throws, a 4xx from
 * a body limit, a login redirect) gets the CORS headers and `Vary: Origin`
 * through {@link withAcceptedCors}, once (RELIABILITY G3).
 */
import { Single } from "../../router/combinators.js"
import type { RouteRequest } from "../../router/request/request.js"
import type { ParseRequestResult } from "../../router/codec/result.js"
import { resolveContent, type Content, type StaticContent } from "../content-model.js"
import type { Context } from "../context.js"
import { checkAllows, type CheckedAllows, type Cors, type CorsAllows } from "./cors.js"
import { allowedOrigin, isPreflight, preflightContent, withCorsHeaders } from "./cors-headers.js"
import { makeSitelet, type Dispatched, type Sitelet } from "../sitelet.js"
import { markSources } from "../../router/route-source.js"

// Dispatch results that answer a preflight, and the requests they answered.
// `Map`/`Embed` wrap a result in a new object, so the request is marked too:
// within one dispatch, the first part that accepts a request is the answer.
const preflightAnswers = new WeakSet<object>()
const preflightRequests = new WeakSet<RouteRequest>()
// Actual requests a CorsContent part accepted, with its allows (the first part that accepts is the answer).
const acceptedRequests = new WeakMap<RouteRequest, CheckedAllows>()

/**
 * A response to `request` with the CORS headers of the `CorsContent` part
 * that accepted it (allowed origin, credentials, exposed headers, and
 * `Vary: Origin` in every case); unchanged when no such part accepted it.
 * Hosts pass every answer through it — a generic 500 when the content
 * throws, a 4xx, a `Protect` redirect — so a cache never serves one
 * origin's answer to another. Idempotent: a response that already has them
 * comes back the same.
 *
 * @example
 * ```ts
 * const answer = withAcceptedCors(request, errorContent(500))
 * headerOf(answer, "vary") //=> "Origin" (when a CorsContent part accepted the request)
 * ```
 */
export function withAcceptedCors(request: RouteRequest, content: StaticContent): StaticContent {
  const allows = acceptedRequests.get(request)
  return allows === undefined ? content : withCorsHeaders(allows, request.headers, content)
}

/**
 * Whether a `CorsContent` part accepted `request` and its allow-list admits
 * the request's `Origin`: the cross-site requests the site asked for, which
 * the host's CSRF check lets through.
 *
 * @example
 * ```ts
 * if (!corsAdmits(request) && crossSite(request)) refuse()
 * ```
 */
export function corsAdmits(request: RouteRequest): boolean {
  const allows = acceptedRequests.get(request)
  return allows !== undefined && allowedOrigin(allows, request.headers) !== undefined
}

/**
 * True when a dispatch result for `request` is a CORS preflight answer made
 * by `CorsContent` (possibly translated by `Map`/`Embed`): it runs no user
 * code and reveals no content, so `Protect` lets it through.
 *
 * @example
 * ```ts
 * const found = await site.dispatch(request, 0, false)
 * if (found && isPreflightAnswer(found, request)) return found // no login needed
 * ```
 */
export function isPreflightAnswer(dispatched: object, request: RouteRequest): boolean {
  return preflightAnswers.has(dispatched) || preflightRequests.has(request)
}

/**
 * A sitelet serving `cors.EndPoint` at `url` with CORS. `allows` receives
 * the endpoint's default allows (methods from the router, nothing else) and
 * returns the allows to use; they are checked now, so `*` with credentials,
 * a malformed origin or a bad header name throws when the sitelet is built.
 * It accepts the allowed `Methods` (and `HEAD` with `GET`) and preflights:
 * any other method is not its, so the host answers 405 with `Allow` (host
 * option `methodNotAllowed`) or lets the request fall through.
 *
 * @example
 * ```ts
 * const api = Sitelet.CorsContent(
 *   "/api/items",
 *   Cors.Of({ $: "Items" }),
 *   (allows) => ({ ...allows, Origins: ["https://app.example"], Headers: ["Content-Type"], MaxAge: 600 }),
 *   (ctx, e) => Content.Json({ items: [] }),
 * )
 * ```
 */
export function CorsContent<Endpoint>(
  url: string,
  cors: Cors<Endpoint>,
  allows: (defaults: CorsAllows) => CorsAllows,
  content: (ctx: Context<Endpoint>, endpoint: Endpoint) => Content<Endpoint> | Promise<Content<Endpoint>>,
): Sitelet<Endpoint> {
  const checked = checkAllows(allows(cors.DefaultAllows))
  // The part answers the methods it allows (HEAD with GET), its preflight (OPTIONS) apart: any other method is not
  // accepted, so the host answers it 405 with Allow (methodNotAllowed) or lets it fall through.
  const router = Single(cors.EndPoint, url, checked.Methods)
  const path = Single(cors.EndPoint, url)
  return makeSitelet<Endpoint>(
    markSources(router, { cors: true }),
    (request, offset, lenient) => {
      if (lenient) return undefined
      // Single routes synchronously (it never reads a body).
      const result = (isPreflight(request.method, request.headers) ? path : router).route(request, offset, false) as
        | ParseRequestResult<Endpoint>
        | undefined
      if (result?.$ !== "Success") return undefined
      const endpoint = result.endpoint
      if (isPreflight(request.method, request.headers)) {
        const answer: Dispatched<Endpoint> = Object.freeze({
          endpoint,
          serve: async () => preflightContent(checked, request.headers),
        })
        preflightAnswers.add(answer)
        preflightRequests.add(request)
        return answer
      }
      if (!acceptedRequests.has(request)) acceptedRequests.set(request, checked)
      // The host core passes every answer to this request through withAcceptedCors: the CORS headers are added there, once.
      return { endpoint, serve: async (ctx: Context<Endpoint>) => resolveContent(content(ctx, endpoint), ctx) }
    },
    false,
  )
}
