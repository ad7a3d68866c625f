/**
 * HTTP's own vocabulary, with no sitelet in it: statuses (`Http.Status`),
 * HTTP dates, byte ranges, `Accept-Encoding` negotiation and media types by
 * extension. Every room that answers a request reads it.
 *
 * It imports no other room. Other rooms import its modules by their paths,
 * not through this index, so a bundle or a Worker loads only the modules it
 * uses; this index is the room's table of contents, checked by the compiler.
 *
 * @example
 * ```ts
 * Http.Status.NotFound.code //=> 404
 * ```
 */
export { acceptedEncodings, type Encoding, negotiate } from "./accept-encoding.js"
export { byteRange } from "./byte-range.js"
export { parseHttpDate } from "./http-date.js"
export { httpMessages } from "./http-messages.js"
export { Http, type HttpStatus, reasonPhrase, Status, type StatusLike, statusOf } from "./http-status.js"
export { extensionOfType, isCompressible, mediaTypeOfPath } from "./media-types.js"
