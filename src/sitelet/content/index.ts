/**
 * The kinds of content a handler returns: the `Content` namespace (text,
 * JSON, redirects, statuses), pages (`page.ts`), streams and server-sent
 * events, one file (`Content.File`: ranges, validators) and a directory of
 * them (`Sitelet.Files`), the validators (`ETag`, `Last-Modified`, 304) and
 * `Vary`. A new kind of content is a module here and one writer per host.
 *
 * It may import `descriptor/`, `internal/`, `json/codec/`, `router/`,
 * `router/request/`, `sitelet/`, `sitelet/html/`, `sitelet/http/` and
 * `sitelet/sockets/` (its row of docs/architecture.md, which the layers test
 * holds the code to). Other rooms import its modules by their paths, not
 * through this index, so a bundle or a Worker loads only the modules it
 * uses; this index is the room's table of contents, checked by the compiler.
 *
 * @example
 * ```ts
 * Content.Page({ Title: "Home", Body: Html.h1("Hello") })
 * ```
 */
export { contentMessages } from "./content-messages.js"
export { Content, type CustomContent } from "./content.js"
export type { EventStreamOptions, ServerEvent } from "./event-stream.js"
export type { FileOptions } from "./file-content.js"
export { type FileEndpoint, Files, type FilesOptions } from "./files.js"
export type { JsxPageOptions, PageContent, PageOptions } from "./page.js"
export type { StreamOptions, StreamSource } from "./stream.js"
export { entityTag, notModified } from "./validators.js"
export { withVary } from "./vary.js"
