/**
 * Request ids: the client's (or a proxy's) `X-Request-Id` when it is a
 * sensible token, else a random UUID. Shared by `ctx.RequestId` and the
 * host option `observe`, so a log line and the handler's own logs agree.
 */
import type { RouteHeaders } from "../router/request/request.js"

// A token a log line can hold as it is: no spaces, quotes, controls or separators that would split a field.
const usable = /^[A-Za-z0-9._:/+=@-]{1,128}$/

/**
 * The request's `X-Request-Id` when usable, else a fresh random UUID.
 *
 * @example
 * ```ts
 * requestIdOf(new Headers({ "x-request-id": "abc-123" })) //=> "abc-123"
 * requestIdOf(new Headers({ "x-request-id": "a b" }))     //=> "0b6e…" (a UUID)
 * ```
 */
export function requestIdOf(headers: RouteHeaders): string {
  const given = headers.get("x-request-id")
  return given !== null && usable.test(given) ? given : crypto.randomUUID()
}
