import type { Descriptor } from "../../descriptor/descriptor.js"
import { deserialize, isJsonError, type JsonError } from "../../json/codec/codec.js"
import type { JsonOptions } from "../../json/options.js"

/**
 * What a JSON body decodes to: the value, or the codec's error (its JSON
 * path and what was expected there).
 *
 * @example
 * ```ts
 * const failed: JsonBodyResult = { ok: false, error: new JsonError(["id"], "int", '"x"') }
 * ```
 */
export type JsonBodyResult =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly error: JsonError }

/**
 * Decodes a JSON request body with the descriptor's JSON codec (the one
 * place the router calls it). Invalid JSON, or JSON the descriptor rejects,
 * is a failure: no match for `Parse`, `InvalidJson` for `ParseWithErrors`.
 * `options` are the request's depth and bigint-digit limits (a host's).
 *
 * @example
 * ```ts
 * decodeJsonBody(t.record({ id: t.int }), '{"id":1}') //=> { ok: true, value: { id: 1 } }
 * decodeJsonBody(t.bigint, '"123"', { maxBigIntDigits: 2 }) //=> { ok: false, error: JsonError "$: expected a bigint string of at most 2 digits, got …" }
 * ```
 */
export function decodeJsonBody(descriptor: Descriptor, text: string, options?: JsonOptions): JsonBodyResult {
  try {
    return { ok: true, value: deserialize(descriptor, text, options) }
  } catch (error) {
    if (isJsonError(error)) return { ok: false, error }
    throw error
  }
}
