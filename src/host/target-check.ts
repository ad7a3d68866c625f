/**
 * The limits a host checks on the raw request target before parsing it:
 * the length of path and query, and the number of query parameters.
 */
import { HostError, hostMessages } from "./host-errors.js"
import type { ResolvedHostOptions } from "./host-options.js"

function countParameters(query: string, limit: number): boolean {
  let count = 0
  for (let at = 0; at <= query.length; ) {
    let end = query.indexOf("&", at)
    if (end < 0) end = query.length
    if (end > at && ++count > limit) return false
    at = end + 1
  }
  return true
}

/** Length of the `scheme://authority` prefix of an absolute-form target (0 for origin-form). */
function authorityLength(target: string): number {
  if (target.startsWith("/")) return 0
  const scheme = target.indexOf("://")
  if (scheme < 0) return 0
  let end = scheme + 3
  for (; end < target.length; end++) {
    const code = target.charCodeAt(end)
    if (code === 0x2f || code === 0x3f || code === 0x23) break
  }
  return end
}

/**
 * Checks the limits that apply before parsing (URL length, query parameter
 * count); returns the error or undefined.
 *
 * @example
 * ```ts
 * checkTarget("/a?" + "x&".repeat(5000), resolveHostOptions({}))?.status //=> 414
 * checkTarget("/a?b=1", resolveHostOptions({})) //=> undefined
 * ```
 */
export function checkTarget(target: string, options: ResolvedHostOptions): HostError | undefined {
  const { urlLength, queryParameters } = options.limits
  // The limit is on path and query: a Fetch host sees `scheme://host` in front, a Node host does not.
  if (target.length - authorityLength(target) > urlLength)
    return new HostError(414, "uri.too.long", hostMessages.urlTooLong(urlLength))
  const mark = target.indexOf("?")
  if (mark >= 0) {
    const hash = target.indexOf("#", mark)
    const query = target.slice(mark + 1, hash < 0 ? target.length : hash)
    if (!countParameters(query, queryParameters)) {
      return new HostError(414, "parameters.too.many", hostMessages.tooManyParameters(queryParameters))
    }
  }
  return undefined
}
