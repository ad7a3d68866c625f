/**
 * Cookie parsing and `Set-Cookie` serialization. Parsing is total (a hostile
 * header never throws) and fills a `Map`, so names like `__proto__` or
 * `constructor` are plain keys. Serialization refuses anything that could
 * inject attributes or headers (`;`, CR, LF, non-token names).
 */
import { sessionMessages } from "./session-messages.js"
import { isCookieName, isCookieValue } from "../../router/request/cookie-header.js"

// Parsing lives with the router, which reads cookie fields (Cookie(d)); its names stay importable from here.
export { isCookieName, isCookieValue, maxCookiePairs, parseCookieHeader } from "../../router/request/cookie-header.js"

/**
 * The longest `Max-Age` browsers honour (400 days, RFC 6265bis).
 *
 * @example
 * ```ts
 * maxCookieAgeSeconds //=> 34560000
 * ```
 */
export const maxCookieAgeSeconds = 400 * 24 * 60 * 60

/** Attributes of a `Set-Cookie` header. */
export interface CookieAttributes {
  /** Seconds until expiry; capped at 400 days. Omit for a browser-session cookie. */
  readonly maxAgeSeconds?: number
  readonly path?: string
  readonly httpOnly?: boolean
  readonly secure?: boolean
  readonly sameSite?: "Lax" | "Strict" | "None"
}

/**
 * Writes a `Set-Cookie` header value. Throws a `TypeError` for a name that is
 * not a token, a value outside cookie-octets, or a `__Host-`/`__Secure-`
 * name without `Secure`.
 *
 * @example
 * ```ts
 * serializeCookie("s", "abc", { httpOnly: true, sameSite: "Lax", path: "/" })
 * //=> "s=abc; Path=/; HttpOnly; SameSite=Lax"
 * ```
 */
export function serializeCookie(name: string, value: string, attributes: CookieAttributes = {}): string {
  if (!isCookieName(name)) throw new TypeError(sessionMessages.badCookieName(name))
  if (!isCookieValue(value)) throw new TypeError(sessionMessages.badCookieValue(name))
  if ((name.startsWith("__Host-") || name.startsWith("__Secure-")) && attributes.secure !== true) {
    throw new TypeError(sessionMessages.hostPrefixNeedsSecure(name))
  }
  let header = `${name}=${value}`
  if (attributes.maxAgeSeconds !== undefined) {
    const age = Math.max(0, Math.min(Math.floor(attributes.maxAgeSeconds), maxCookieAgeSeconds))
    header += `; Max-Age=${age}`
    if (age === 0) header += "; Expires=Thu, 01 Jan 1970 00:00:00 GMT"
  }
  const path = attributes.path ?? "/"
  if (!isCookieValue(path)) throw new TypeError(sessionMessages.badCookieValue(name))
  header += `; Path=${path}`
  if (attributes.httpOnly) header += "; HttpOnly"
  if (attributes.secure) header += "; Secure"
  if (attributes.sameSite) header += `; SameSite=${attributes.sameSite}`
  return header
}
