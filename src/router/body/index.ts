/**
 * The body readers a case's fields need: a body read once and decoded on
 * demand (`body.ts`: JSON per descriptor, urlencoded and multipart forms),
 * the multipart reader, and the media type of a `Content-Type`.
 *
 * It may import `descriptor/`, `internal/`, `json/`, `json/codec/` and
 * `router/request/` (its row of docs/architecture.md, which the layers test
 * holds the code to). Other rooms import its modules by their paths, not
 * through this index, so a bundle or a Worker loads only the modules it
 * uses; this index is the room's table of contents, checked by the compiler.
 *
 * @example
 * ```ts
 * (await loadBody(request)).json(Post) //=> { ok: true, value: { … } }
 * ```
 */
export { bodyMessages } from "./body-messages.js"
export { type BodyData, loadBody, noBodyData, noteBodyLimit } from "./body.js"
export { isJsonType, mediaTypeOf } from "./media-type.js"
export { boundaryOf, type FormValue, hasTooManyParts } from "./multipart.js"
