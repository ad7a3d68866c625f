import type { Descriptor } from "../descriptor/descriptor.js"
import { deserialize, isJsonError } from "../json/codec.js"
import type { JsonOptions } from "../json/options.js"

/**
 * What a JSON body decodes to: the value, or a failure.
 *
 * @example
 * ```ts
 * const failed: JsonBodyResult = { ok: false }
 * ```
 */
export type JsonBodyResult = { readonly ok: true; readonly value: unknown } | { readonly ok: false }

/**
 * Decodes a JSON request body with the descriptor's JSON codec (the one
 * place the router calls it). Invalid JSON, or JSON the descriptor rejects,
 * is a failure: no match for `Parse`, `InvalidJson` for `ParseWithErrors`.
 * `options` are the request's depth and bigint-digit limits (a host's).
 *
 * @example
 * ```ts
 * decodeJsonBody(t.record({ id: t.int }), '{"id":1}') //=> { ok: true, value: { id: 1 } }
 * decodeJsonBody(t.bigint, '"123"', { maxBigIntDigits: 2 }) //=> { ok: false }
 * ```
 */
export function decodeJsonBody(descriptor: Descriptor, text: string, options?: JsonOptions): JsonBodyResult {
  try {
    return { ok: true, value: deserialize(descriptor, text, options) }
  } catch (error) {
    if (isJsonError(error)) return { ok: false }
    throw error
  }
}
