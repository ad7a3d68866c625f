/**
 * The writer: values to JSON text (`Json.Serialize`, compiled once per
 * descriptor into flat chunks) and to plain JSON values (`Json.Encode`),
 * with the scalar rules they share (`serialize-scalars.ts`).
 *
 * It may import `descriptor/` and `json/` (its row of docs/architecture.md,
 * which the layers test holds the code to). Other rooms import its modules
 * by their paths, not through this index, so a bundle or a Worker loads only
 * the modules it uses; this index is the room's table of contents, checked
 * by the compiler.
 *
 * @example
 * ```ts
 * serialize(t.record({ at: t.datetime }), { at: new Date(0) }) //=> '{"at":"1970-01-01T00:00:00.000Z"}'
 * ```
 */
export { encoderOf } from "./encode-compile.js"
export { serialize } from "./serialize.js"
