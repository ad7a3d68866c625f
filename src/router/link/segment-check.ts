import { LinkFailure } from "./link-error.js"
import { linkDotSegment, linkEmptySegment, linkLoneSurrogate } from "./link-messages.js"

function hasLoneSurrogate(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0xd800 || code > 0xdfff) continue
    const next = text.charCodeAt(i + 1)
    if (code > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return true
    i++
  }
  return false
}

/**
 * Checks that a text can be one path segment of a link: not empty (empty
 * segments are dropped when parsing), not `.` or `..` (WHATWG URL parsing
 * would remove them, in any percent-encoded spelling too), no lone surrogate.
 * Throws a `LinkFailure` otherwise.
 *
 * @example
 * ```ts
 * checkSegment("a.b") // ok
 * checkSegment("..")  // throws: '..' cannot be a URL path segment
 * ```
 */
export function checkSegment(text: string): string {
  if (text === "") throw new LinkFailure(linkEmptySegment)
  if (text === "." || text === "..") throw new LinkFailure(linkDotSegment(text))
  if (hasLoneSurrogate(text)) throw new LinkFailure(linkLoneSurrogate)
  return text
}

/**
 * Checks a query key or value: any text but a lone surrogate.
 *
 * @example
 * ```ts
 * checkQueryText("") //=> ""
 * ```
 */
export function checkQueryText(text: string): string {
  if (hasLoneSurrogate(text)) throw new LinkFailure(linkLoneSurrogate)
  return text
}
