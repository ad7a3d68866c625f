/**
 * The one-pass reader: JSON text straight to a checked value of its
 * descriptor, with no `JSON.parse` tree in between — compiled once per
 * descriptor from its shape, reading fields, numbers and strings in place
 * (`own-string.ts` makes each string its own, never a view of the body).
 *
 * It may import `descriptor/` and `json/` (its row of docs/architecture.md,
 * which the layers test holds the code to). Other rooms import its modules
 * by their paths, not through this index, so a bundle or a Worker loads only
 * the modules it uses; this index is the room's table of contents, checked
 * by the compiler.
 *
 * @example
 * ```ts
 * readJson(t.record({ id: t.int }), '{"id":1}', defaultLimits) //=> { id: 1 }
 * ```
 */
export { readJson } from "./read-compile.js"
export { miss } from "./read-text.js"
