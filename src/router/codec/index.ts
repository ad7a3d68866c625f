/**
 * A declaration compiled to the codec of its URLs: each case's shape
 * (`shape.ts`), the path and query codecs that read and write its fields, a
 * union's codec (`union-codec.ts`) with its segment trie and static routes,
 * the writers that link without the general path, and the parse result
 * `InferWithErrors` reports.
 *
 * It may import `descriptor/`, `internal/`, `json/`, `router/body/`,
 * `router/link/`, `router/request/` and `template/` (its row of
 * docs/architecture.md, which the layers test holds the code to). Other
 * rooms import its modules by their paths, not through this index, so a
 * bundle or a Worker loads only the modules it uses; this index is the
 * room's table of contents, checked by the compiler.
 *
 * @example
 * ```ts
 * const codec = unionCodec(Site) // matches a request, writes a link
 * ```
 */
export { codecMessages } from "./codec-messages.js"
export { type LinkWriter, type MatchState, needBody, type Next } from "./match-state.js"
export { pathCodecOf } from "./path-codec.js"
export { mapResult, type ParseError, type ParseRequestResult, resultOf } from "./result.js"
export { type TextCodec, textCodecOf } from "./scalar.js"
export { type Alternative, declaredMethods, type Element, type ParamField } from "./shape.js"
export { nowhere, type UnionCodec, unsure } from "./union-codec.js"
