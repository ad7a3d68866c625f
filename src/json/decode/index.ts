/**
 * Decoders from plain JSON values (`Json.Decode`, compiled once per
 * descriptor), the depth check that bounds nesting before any recursion, and
 * Standard Schema's `validate`, which decodes with them.
 *
 * It may import `descriptor/`, `internal/` and `json/` (its row of
 * docs/architecture.md, which the layers test holds the code to). Other
 * rooms import its modules by their paths, not through this index, so a
 * bundle or a Worker loads only the modules it uses; this index is the
 * room's table of contents, checked by the compiler.
 *
 * @example
 * ```ts
 * decode(t.list(t.int), [1, 2], defaultLimits) //=> [1, 2]
 * ```
 */
export { decode } from "./decode.js"
export { validateStandard } from "./standard-schema.js"
