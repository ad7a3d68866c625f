/**
 * The `Cookie` request header, parsed: total (a hostile header never
 * throws) and into a `Map`, so names like `__proto__` or `constructor` are
 * plain keys. The router reads cookie fields (`Cookie(d)`) with it, and
 * `ctx.Request.cookies` is parsed the same way.
 */
import { isHttpToken } from "../../internal/http-token.js"

/**
 * The most cookie pairs read from one header; the rest are ignored.
 *
 * @example
 * ```ts
 * parseCookieHeader(hugeHeader).size <= maxCookiePairs //=> true
 * ```
 */
export const maxCookiePairs = 256

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
  return isHttpToken(name)
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
