/**
 * The request as a router reads it: the target split into segments and query
 * and percent-decoded exactly once (`target.ts`, `percent.ts`, a bad escape
 * is a 400), headers and cookies (`cookie-header.ts`), the lazy request view
 * hosts build for a route table (`request-view.ts`), the static paths known
 * in this process, and the body limits a request carries.
 *
 * It may import `internal/` and `json/` (its row of docs/architecture.md,
 * which the layers test holds the code to). Other rooms import its modules
 * by their paths, not through this index, so a bundle or a Worker loads only
 * the modules it uses; this index is the room's table of contents, checked
 * by the compiler.
 *
 * @example
 * ```ts
 * parseTarget("/blog/a%2Fb?q=1") //=> { segments: ["blog", "a/b"], query: Map { "q" => ["1"] }, … }
 * ```
 */
export { type BodyLimits, defaultBodyLimits, jsonOptionsOf } from "./body-limits.js"
export { isCookieName, isCookieValue, maxCookiePairs, parseCookieHeader } from "./cookie-header.js"
export { knownTarget } from "./known-targets.js"
export { PathMask } from "./path-mask.js"
export { appendComponent, decodeComponent, encodeComponent, encodeQueryComponent } from "./percent.js"
export { RequestView } from "./request-view.js"
export {
  createRouteRequest,
  noBody,
  noHeaders,
  once,
  type ParseInput,
  type PlainRequest,
  type RouteHeaders,
  type RouteRequest,
  routeRequestFromFetch,
  type RouteRequestInit,
  toRouteRequest,
  upperCase,
} from "./request.js"
export { targetMessages } from "./target-messages.js"
export { parseQuery, parseTarget } from "./target.js"
