/**
 * What linking writes and how it fails: `LinkError` naming the field no URL
 * can carry, the text of a scalar in a URL (the writing half of the scalar
 * codecs), the checks on a segment, and the `RoutePath` a link is — apart
 * from the readers, so a bundle that only links carries these alone.
 *
 * It may import `descriptor/`, `router/request/` and `template/` (its row of
 * docs/architecture.md, which the layers test holds the code to). Other
 * rooms import its modules by their paths, not through this index, so a
 * bundle or a Worker loads only the modules it uses; this index is the
 * room's table of contents, checked by the compiler.
 *
 * @example
 * ```ts
 * textOf(t.int, 42) //=> "42"
 * ```
 */
export { fieldPath, inField, LinkError, LinkFailure } from "./link-error.js"
export { linkMessages } from "./link-messages.js"
export { prefixPath, type RouteBody, type RoutePath, routePathToString } from "./route-path.js"
export { bigintText, boolText, dateText, enumText, floatText, intText, stringText, textOf } from "./scalar-text.js"
export { checkQueryText, checkSegment } from "./segment-check.js"
