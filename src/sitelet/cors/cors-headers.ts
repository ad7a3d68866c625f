/**
 * The CORS protocol on responses: answering a preflight, and adding the CORS
 * headers to an actual response. The request's `Origin` is compared exactly
 * with the allow-list (no regex, no reflection of unlisted origins); a
 * disallowed origin gets no CORS headers at all. `Vary: Origin` is appended to
 * every response of a CORS endpoint, never replacing the response's own
 * `Vary` and never copying the request's.
 */
import type { RouteHeaders } from "../../router/request/request.js"
import { header, staticContent, type ContentHeader, type StaticContent } from "../content-model.js"
import type { CheckedAllows } from "./cors.js"
import { Status } from "../http/http-status.js"
import { withVary } from "../content/vary.js"

/**
 * True for a CORS preflight: `OPTIONS` with `Access-Control-Request-Method`.
 *
 * @example
 * ```ts
 * isPreflight("OPTIONS", new Headers({ "access-control-request-method": "PUT" })) //=> true
 * ```
 */
export function isPreflight(method: string, headers: RouteHeaders): boolean {
  return method === "OPTIONS" && headers.get("access-control-request-method") !== null
}

/**
 * The `Access-Control-Allow-Origin` value for this request, or undefined when the origin is not allowed.
 *
 * @example
 * ```ts
 * allowedOrigin(checked, new Headers({ origin: "https://app.example" })) //=> "https://app.example" when listed
 * ```
 */
export function allowedOrigin(allows: CheckedAllows, headers: RouteHeaders): string | undefined {
  const origin = headers.get("origin")
  if (origin === null) return undefined
  // Browsers send the serialized origin; compare it as sent, lower-cased like the allow-list.
  const lower = origin.toLowerCase()
  if (allows.originSet.has(lower)) return lower
  return allows.anyOrigin ? "*" : undefined
}

/**
 * What an allowed origin gets on every answer, preflight or actual, as the
 * specification lists them and WebSharper writes them: the origin, the
 * credentials flag, the accepted methods and the allowed request headers
 * (comma-separated).
 */
function originHeaders(allows: CheckedAllows, origin: string): ContentHeader[] {
  const out: ContentHeader[] = [header("Access-Control-Allow-Origin", origin)]
  if (allows.Credentials) out.push(header("Access-Control-Allow-Credentials", "true"))
  if (allows.Methods.length > 0) out.push(header("Access-Control-Allow-Methods", allows.Methods.join(", ")))
  if (allows.Headers.length > 0) out.push(header("Access-Control-Allow-Headers", allows.Headers.join(", ")))
  return out
}

/**
 * The answer to a preflight: 204 with the allowed origin, methods, headers
 * and max-age, or a bare 204 (with `Vary: Origin`) for a disallowed origin.
 *
 * @example
 * ```ts
 * preflightContent(allows, request.headers).status.code //=> 204
 * ```
 */
export function preflightContent(allows: CheckedAllows, headers: RouteHeaders): StaticContent {
  const origin = allowedOrigin(allows, headers)
  const out: ContentHeader[] = []
  if (origin !== undefined) {
    out.push(...originHeaders(allows, origin))
    if (allows.MaxAge !== undefined) out.push(header("Access-Control-Max-Age", String(allows.MaxAge)))
  }
  out.push(header("Content-Length", "0"))
  return staticContent(Status.Custom(204), withVary(out, "Origin"), undefined)
}

/**
 * Adds the CORS headers for an actual (non-preflight) request to a response:
 * the allowed origin, credentials, methods, request headers and exposed
 * headers when the origin is allowed, and `Vary: Origin` in every case.
 *
 * @example
 * ```ts
 * withCorsHeaders(allows, request.headers, Content.Text("hi"))
 * ```
 */
export function withCorsHeaders(allows: CheckedAllows, headers: RouteHeaders, content: StaticContent): StaticContent {
  const origin = allowedOrigin(allows, headers)
  const list = content.headers
  // A shared (frozen) list gets one answer list per part and origin, made once and frozen in turn, so the host's
  // per-list work (the runtime's Headers, nosniff) is done once too. The origins are the part's own ("*" or one of
  // its allow-list, never a request's text), so there are as many lists as the part names.
  if (!Object.isFrozen(list)) return staticContent(content.status, corsList(allows, origin, list), content.body)
  let byList = sharedLists.get(allows)
  if (byList === undefined) sharedLists.set(allows, (byList = new WeakMap()))
  let byOrigin = byList.get(list)
  if (byOrigin === undefined) byList.set(list, (byOrigin = new Map()))
  const key = origin ?? ""
  let shared = byOrigin.get(key)
  if (shared === undefined) byOrigin.set(key, (shared = Object.freeze(corsList(allows, origin, list))))
  return staticContent(content.status, shared, content.body)
}

const sharedLists = new WeakMap<
  CheckedAllows,
  WeakMap<readonly ContentHeader[], Map<string, readonly ContentHeader[]>>
>()

// A content's headers with the CORS headers for `origin` (none for a refused one) and `Vary: Origin`.
function corsList(allows: CheckedAllows, origin: string | undefined, list: readonly ContentHeader[]): ContentHeader[] {
  const extra: ContentHeader[] = []
  if (origin !== undefined) {
    extra.push(...originHeaders(allows, origin))
    if (allows.ExposeHeaders.length > 0)
      extra.push(header("Access-Control-Expose-Headers", allows.ExposeHeaders.join(", ")))
  }
  // A handler's own CORS headers would contradict ours: ours win.
  const kept = list.filter(([name]) => !name.toLowerCase().startsWith("access-control-"))
  return withVary([...kept, ...extra], "Origin")
}
