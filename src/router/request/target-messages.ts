/**
 * Why a request target is bad (the hosts answer 400 with it), apart from
 * the rest of the router's sentences so a bundle that only reads targets
 * carries these alone. Part of `routerMessages`, which tests import.
 *
 * @example
 * ```ts
 * targetMessages.targetBackslash //=> "a backslash in the path"
 * ```
 */
export const targetMessages = {
  targetNotPathOrUrl: "the request target is neither a path nor an absolute URL",
  targetBadEscapeInPath: "malformed percent-encoding in the path",
  targetBadEscapeInQuery: "malformed percent-encoding in the query",
  targetBackslash: "a backslash in the path",
  targetDotSegment: "a dot segment in the path",
  targetLoneSurrogate: "a lone surrogate in the request target (no UTF-8 form, as %ED%A0%80 spells it)",
} as const
