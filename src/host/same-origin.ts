/**
 * The one rule for "does this request come from the site itself?", used by
 * the cross-site request check (host option `csrf`) and the WebSocket
 * origin check alike. A browser says where a request comes from twice, in
 * headers no page's script can set: `Sec-Fetch-Site`, its own verdict, and
 * `Origin`, the page's origin.
 *
 * 1. An `Origin` the site allows (a trusted origin, a CORS part's list, a
 *    socket's `AllowedOrigins`) passes, whatever `Sec-Fetch-Site` says.
 * 2. Else `Sec-Fetch-Site`, when sent, decides: `same-origin` or `none` (a
 *    request the user started) passes, `same-site` and `cross-site` do not.
 *    It is right behind a TLS-terminating proxy, where the request's own
 *    origin (its scheme and `Host`) is not the page's.
 * 3. Else `Origin`, when sent, must be the origin the request was sent to.
 * 4. A request with neither is no browser's (`"unsigned"`): each check
 *    decides what that means (the WebSocket check lets it through, the
 *    cross-site check only with `allowWithoutOrigin`).
 *
 * A client that sends `Sec-Fetch-Site: same-origin` with another site's
 * `Origin` is no browser: it could as well send neither, and carries no
 * victim's cookies, so rule 2 does not weaken either check.
 */
import type { RouteHeaders } from "../router/request/request.js"

/** What the rule says of a request. */
export type SameOriginVerdict = "same" | "cross" | "unsigned"

/**
 * Applies the rule. `ownOrigin` is the origin the request was sent to
 * (read only when needed); `allows` says whether a (lower-cased) origin is
 * allowed explicitly.
 *
 * @example
 * ```ts
 * sameOrigin(new Headers({ origin: "https://app.example", "sec-fetch-site": "cross-site" }), () => "https://app.example", () => false)
 * //=> "cross"
 * ```
 */
export function sameOrigin(
  headers: RouteHeaders,
  ownOrigin: () => string | undefined,
  allows: (origin: string) => boolean,
): SameOriginVerdict {
  const from = headers.get("origin")?.toLowerCase() ?? null
  if (from !== null && allows(from)) return "same"
  const site = headers.get("sec-fetch-site")
  if (site !== null) return site === "same-origin" || site === "none" ? "same" : "cross"
  if (from === null) return "unsigned"
  return from === ownOrigin() ? "same" : "cross"
}
