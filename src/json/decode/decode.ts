/**
 * `decode` alone: a plain JSON value checked against a descriptor and
 * typed, without the rest of the codec (the one-pass reader, the encoders),
 * for bundles that only decode what `JSON.parse` gives (the light typed
 * client of `sitelets/fetch`). A route template is not parsed from here:
 * the router or the full codec registers the parser.
 */
import type { Descriptor, Infer } from "../../descriptor/descriptor.js"
import { decoderOf } from "./decode-compile.js"
import { toJsonError } from "../failure.js"
import { type JsonOptions, limitsOf } from "../options.js"

/**
 * A plain JSON value (as from `JSON.parse`) checked against the descriptor
 * and turned into the typed value in one pass. Throws `JsonError` naming the
 * path: `$.items[2].id: expected int, got "x"`. Extra fields are ignored.
 *
 * @example
 * ```ts
 * decode(t.record({ id: t.int }), { id: 1, extra: true }) //=> { id: 1 }
 * ```
 */
export function decode<D extends Descriptor>(descriptor: D, value: unknown, options?: JsonOptions): Infer<D> {
  const run = decoderOf(descriptor)
  // Limits are checked outside the try: an invalid one is a RangeError about the options, not about the value.
  const limits = limitsOf(options)
  try {
    return run(value, 0, limits) as Infer<D>
  } catch (error) {
    throw toJsonError(error)
  }
}
