/**
 * RFC 9110 `token` (method names, header names, parameter names): one or
 * more `tchar`, checked with a table (no regex: the router ships none).
 */

const tokenChars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#$%&'*+-.^_`|~"
const isTokenCode: readonly boolean[] = Array.from({ length: 128 }, (_, code) =>
  tokenChars.includes(String.fromCharCode(code)),
)

/**
 * Whether `text` is an RFC 9110 token.
 *
 * @example
 * ```ts
 * isHttpToken("X-API-Key") //=> true
 * isHttpToken("X API") //=> false
 * ```
 */
export function isHttpToken(text: string): boolean {
  if (text.length === 0) return false
  for (let i = 0; i < text.length; i++) if (isTokenCode[text.charCodeAt(i)] !== true) return false
  return true
}
