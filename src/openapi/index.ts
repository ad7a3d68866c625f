/**
 * `OpenApi.Document(site, { info })`: the OpenAPI 3.1 document of a
 * declaration — operations named from their cases, JSON Schema 2020-12 from
 * descriptors, every answer the server can give (statuses, headers, security
 * schemes, the order of refusals).
 *
 * It may import `descriptor/`, `json/`, `router/` and `sitelet/http/` (its
 * row of docs/architecture.md, which the layers test holds the code to).
 * Other rooms import its modules by their paths, not through this index, so
 * a bundle or a Worker loads only the modules it uses; this index is the
 * room's table of contents, checked by the compiler.
 *
 * @example
 * ```ts
 * const doc = OpenApi.Document(site, { info: { title: "Blog", version: "1" } })
 * ```
 */
export { OpenApi, type OpenApiDocument, type OpenApiOptions } from "./document.js"
