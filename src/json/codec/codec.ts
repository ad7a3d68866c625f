/**
 * The JSON codec: typed values to and from JSON text or plain JSON values,
 * driven by descriptors (DESIGN.md §2 and §5). Each descriptor compiles once
 * into specialised closures (cached per descriptor); no `eval`, so it runs
 * under a strict CSP and on edge runtimes.
 */
import type { Descriptor, Infer } from "../../descriptor/descriptor.js"
import { registerStandardJsonSchema, registerStandardValidator } from "../../descriptor/standard.js"
import { jsonSchemaOf } from "../json-schema.js"
import { activatorOf } from "./activate-compile.js"
import { registerTemplateParser } from "../../descriptor/template-case.js"
import { parseTemplate } from "../../template/parse-template.js"
import { decode } from "../decode/decode.js"
import { encoderOf } from "../write/encode-compile.js"
import { toJsonError } from "../failure.js"
import { JsonError } from "../json-error.js"
import { type JsonOptions, limitsOf } from "../options.js"
import { parseJson } from "../parse.js"
import { readJson } from "../read/read-compile.js"
import { miss } from "../read/read-text.js"
import { validateStandard } from "../decode/standard-schema.js"

export { JsonError } from "../json-error.js"
export { decode } from "../decode/decode.js"
export { serialize } from "../write/serialize.js"
export type { JsonOptions } from "../options.js"

// The full codec reads route templates (a union of template cases): parsed, and checked, from here on.
registerTemplateParser(parseTemplate)
// Descriptors get their ~standard.validate from here (see src/descriptor/standard.ts).
registerStandardValidator(validateStandard)
registerStandardJsonSchema((descriptor) => jsonSchemaOf(descriptor as Descriptor))

/**
 * A typed value as a plain JSON value (what `JSON.parse` would give back).
 * Throws `JsonError` for values JSON cannot carry (NaN, unsafe integers,
 * invalid dates) or that do not match the descriptor.
 *
 * @example
 * ```ts
 * encode(t.record({ id: t.bigint }), { id: 12n }) //=> { id: "12" }
 * ```
 */
export function encode<D extends Descriptor>(descriptor: D, value: Infer<D>, options?: JsonOptions): unknown {
  const run = encoderOf(descriptor)
  // Limits are checked outside the try: an invalid one is a RangeError about the options, not about the value.
  const limits = limitsOf(options)
  try {
    return run(value, 0, limits)
  } catch (error) {
    throw toJsonError(error)
  }
}

/**
 * JSON text parsed and decoded. Invalid JSON text and a descriptor mismatch
 * both throw `JsonError`. Text shaped the way `serialize` writes it (declared
 * keys in order, no insignificant whitespace) is read in one pass straight
 * into the typed value (read-compile.ts); any other text, and every error,
 * goes through `JSON.parse` + `decode`: the result is the same either way.
 *
 * @example
 * ```ts
 * deserialize(t.datetime, '"2026-11-22T00:00:00.000Z"') // a Date
 * ```
 */
export function deserialize<D extends Descriptor>(descriptor: D, text: string, options?: JsonOptions): Infer<D> {
  const fast = readJson(descriptor, text, options)
  return fast !== miss ? (fast as Infer<D>) : decode(descriptor, parseJson(text), options)
}

/**
 * Turns a plain JSON value received from a trusted server into the typed
 * value, without validating it: ISO strings become `Date`s, digit strings
 * `bigint`s, `null` options `undefined`, renamed tags (`Name`,
 * `NamedUnionCases`) the `$` key. Parts with nothing to convert are returned
 * as received (not copied); values of an unexpected shape are left as they
 * are. On valid input it equals `decode`; use `decode` for untrusted input.
 *
 * @example
 * ```ts
 * const data = await (await fetch("/api/post")).json()
 * activate(Post, data) // Post with Date fields, no validation cost
 * ```
 */
export function activate<D extends Descriptor>(descriptor: D, value: unknown, options?: JsonOptions): Infer<D> {
  const run = activatorOf(descriptor)
  // Limits are checked outside the try: an invalid one is a RangeError about the options, not about the value.
  const limits = limitsOf(options)
  try {
    return run(value, 0, limits) as Infer<D>
  } catch (error) {
    throw toJsonError(error)
  }
}

/**
 * Whether an error came from this codec (bad JSON text or a mismatch).
 *
 * @example
 * ```ts
 * try { deserialize(t.int, "x") } catch (error) { isJsonError(error) } //=> true
 * ```
 */
export function isJsonError(error: unknown): error is JsonError {
  return error instanceof JsonError
}
