/**
 * Typed requests: the full request for an endpoint value — method, URL,
 * query, and a JSON or form body — built from the same router that parses
 * it on the server, so no URL or body is written by hand.
 */
import { LinkError } from "../router/link/link-error.js"
import { linkNoRoute } from "../router/link/link-messages.js"
import type { Router } from "../router/router.js"
import { routePathToString, type RoutePath } from "../router/link/route-path.js"
import { type EndpointRequestInit, type EndpointRequestParts, requestOf, requestParts } from "./request-parts.js"

export {
  type ClientAuth,
  type EndpointRequestInit,
  type EndpointRequestParts,
  resolveLink,
} from "./request-parts.js"

/**
 * The route path of an endpoint value; throws `LinkError` when no router of
 * the composition produces it (as `router.Link` does).
 *
 * @example
 * ```ts
 * routePathToString(linkOf(router, { $: "Article", id: 1 })) //=> "/article/1"
 * ```
 */
export function linkOf<Endpoint>(
  router: { link(endpoint: Endpoint): RoutePath | undefined },
  endpoint: Endpoint,
): RoutePath {
  const path = router.link(endpoint)
  if (path === undefined) throw new LinkError("", linkNoRoute)
  return path
}

/**
 * The method, path, headers and body of the request for an endpoint value.
 * A `Json` field is serialized with the JSON codec (`Content-Type:
 * application/json`); `FormData` fields are urlencoded (in the query, for
 * a GET or HEAD, where the server reads them). A `Content-Type`
 * given in `headers` is kept. Throws `LinkError` when no URL can carry the value.
 *
 * @example
 * ```ts
 * const api = Router.Infer(t.union({ Create: t.case("POST /posts/<blog:int>", { post: Json(Post) }) }))
 * endpointRequestParts(api, { $: "Create", blog: 3, post })
 * //=> { path: "/posts/3", method: "POST", headers: Headers { content-type: "application/json" }, body: '{"title":…}' }
 * ```
 */
export function endpointRequestParts<Endpoint>(
  router: Router<Endpoint>,
  endpoint: Endpoint,
  headersInit?: HeadersInit,
): EndpointRequestParts {
  const route = linkOf(router, endpoint)
  return requestParts(route, routePathToString(route), headersInit)
}

/**
 * The `Request` for an endpoint value: `Router.Request(router, e, init?)`.
 * The caller's `init` adds headers, credentials, a signal…; the endpoint
 * alone decides method, URL and body.
 *
 * @example
 * ```ts
 * const request = endpointRequest(api, { $: "Create", blog: 3, post }, { base: "http://localhost:8080" })
 * request.method //=> "POST"
 * request.url    //=> "http://localhost:8080/posts/3"
 * await fetch(request)
 * ```
 */
export function endpointRequest<Endpoint>(
  router: Router<Endpoint>,
  endpoint: Endpoint,
  init: EndpointRequestInit = {},
): Request {
  return requestOf(endpointRequestParts(router, endpoint, init.headers), init)
}
