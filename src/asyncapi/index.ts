/**
 * `AsyncApi.Document(site, { info })`: the AsyncAPI document of a
 * declaration's WebSocket cases — channels, messages both ways, limits and
 * close codes.
 *
 * It may import `descriptor/`, `json/` and `router/` (its row of
 * docs/architecture.md, which the layers test holds the code to). Other
 * rooms import its modules by their paths, not through this index, so a
 * bundle or a Worker loads only the modules it uses; this index is the
 * room's table of contents, checked by the compiler.
 *
 * @example
 * ```ts
 * const doc = AsyncApi.Document(site, { info: { title: "Chat", version: "1" } })
 * ```
 */
export { AsyncApi, type AsyncApiDocument, type AsyncApiOptions } from "./document.js"
