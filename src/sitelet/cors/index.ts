/**
 * Cross-origin requests: `Sitelet.CorsContent` and `Cors.Of`, the allowed
 * origins, methods and headers checked once, preflights answered before any
 * credential, and the CORS headers an answer gets.
 *
 * It may import `internal/`, `router/`, `router/codec/`, `router/request/`,
 * `sitelet/`, `sitelet/content/` and `sitelet/http/` (its row of
 * docs/architecture.md, which the layers test holds the code to). Other
 * rooms import its modules by their paths, not through this index, so a
 * bundle or a Worker loads only the modules it uses; this index is the
 * room's table of contents, checked by the compiler.
 *
 * @example
 * ```ts
 * Sitelet.CorsContent("/api/feed", Cors.Of(e), (allows) => ({ ...allows, Origins: ["https://app.example"] }), handler)
 * ```
 */
export { corsAdmits, CorsContent, isPreflightAnswer, withAcceptedCors } from "./cors-content.js"
export { isPreflight } from "./cors-headers.js"
export { corsMessages } from "./cors-messages.js"
export { Cors, type CorsAllows } from "./cors.js"
