/**
 * The typed `Request` of `sitelets/fetch`: the link writer's route path
 * (path, query, and the form, header and cookie fields and JSON body it
 * writes as the full router does) made into a request as `sitelets/client`
 * makes it — with the JSON writer alone.
 */
import { type EndpointRequestInit, requestOf, requestParts } from "./request-parts.js"
import { LinkError } from "../router/link/link-error.js"
import { linkNoRoute } from "../router/link/link-messages.js"
import type { RoutePath } from "../router/link/route-path.js"
import { urlOf } from "../link/link-router.js"

/**
 * The `Request` for an endpoint value on a link router: `Router.Request`
 * of `sitelets/fetch`.
 *
 * @example
 * ```ts
 * const request = fetchRequest(api, { $: "Save", post }, { base: "http://localhost:8080" })
 * request.method //=> "POST"
 * ```
 */
export function fetchRequest<Endpoint>(
  router: { link(endpoint: Endpoint): RoutePath | undefined },
  endpoint: Endpoint,
  init: EndpointRequestInit = {},
): Request {
  const path = router.link(endpoint)
  if (path === undefined) throw new LinkError("", linkNoRoute)
  return requestOf(requestParts(path, urlOf(path), init.headers), init)
}
