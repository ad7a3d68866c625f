/**
 * Cookie parsing and `Set-Cookie` serialization. Parsing is total (a hostile
 * header never throws) and fills a `Map`, so names like `__proto__` or
 * `constructor` are plain keys. Serialization refuses anything that could
 * inject attributes or headers (`;`, CR, LF, non-token names).
 */
import { sessionMessages } from "./session-messages.js"

/**
 * The longest `Max-Age` browsers honour (400 days, RFC 6265bis).
 *
 * @example
 * ```ts
 * maxCookieAgeSeconds //=> 34560000
 * ```
 */
export const maxCookieAgeSeconds = 400 * 24 * 60 * 60

/**
 * The most cookie pairs read from one header; the rest are ignored.
 *
 * @example
 * ```ts
 * parseCookieHeader(hugeHeader).size <= maxCookiePairs //=> true
 * ```
 */
export const maxCookiePairs = 256

const isTokenChar = (code: number): boolean =>
  code > 0x20 && code < 0x7f && '()<>@,;:\\"/[]?={}'.indexOf(String.fromCharCode(code)) < 0

/**
 * True when `name` is an RFC 9110 token (the only legal cookie names).
 *
 * @example
 * ```ts
 * isCookieName("session") //=> true
 * isCookieName("a;b")     //=> false
 * ```
 */
export function isCookieName(name: string): boolean {
  if (name.length === 0) return false
  for (let i = 0; i < name.length; i++) if (!isTokenChar(name.charCodeAt(i))) return false
  return true
}

/** RFC 6265 cookie-octet: visible ASCII except `"`, `,`, `;` and `\`. */
const isValueChar = (code: number): boolean =>
  code === 0x21 ||
  (code >= 0x23 && code <= 0x2b) ||
  (code >= 0x2d && code <= 0x3a) ||
  (code >= 0x3c && code <= 0x5b) ||
  (code >= 0x5d && code <= 0x7e)

/**
 * True when `value` can be sent as a cookie value without quoting.
 *
 * @example
 * ```ts
 * isCookieValue("abc.123") //=> true
 * isCookieValue("a; b")    //=> false
 * ```
 */
export function isCookieValue(value: string): boolean {
  for (let i = 0; i < value.length; i++) if (!isValueChar(value.charCodeAt(i))) return false
  return true
}

function decodeValue(raw: string): string {
  let value = raw
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1)
  if (value.indexOf("%") < 0) return value
  try {
    return decodeURIComponent(value)
  } catch {
    // Not percent-encoded after all: keep the bytes as sent rather than fail.
    return value
  }
}

/**
 * Parses a `Cookie` request header into a `Map`. The first occurrence of a
 * name wins (browsers send the most specific cookie first); pairs without `=`
 * or with a non-token name are skipped; values are percent-decoded once when
 * that is possible, or, with `raw`, kept exactly as sent (the session token
 * is checked byte for byte: a `%2E` or quoted spelling of a token is not
 * that token). Never throws.
 *
 * @example
 * ```ts
 * parseCookieHeader("a=1; __proto__=x; a=2").get("a") //=> "1"
 * ```
 */
export function parseCookieHeader(header: string | null | undefined, raw = false): Map<string, string> {
  const cookies = new Map<string, string>()
  if (typeof header !== "string" || header.length === 0) return cookies
  let start = 0
  let pairs = 0
  while (start < header.length && pairs < maxCookiePairs) {
    let end = header.indexOf(";", start)
    if (end < 0) end = header.length
    // Search for "=" inside this pair only: a scan to the header's end per pair would be quadratic.
    const pair = header.slice(start, end)
    const eq = pair.indexOf("=")
    if (eq > 0) {
      const name = pair.slice(0, eq).trim()
      if (isCookieName(name) && !cookies.has(name)) {
        const value = pair.slice(eq + 1).trim()
        cookies.set(name, raw ? value : decodeValue(value))
      }
      pairs++
    }
    start = end + 1
  }
  return cookies
}

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
