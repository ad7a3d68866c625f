/**
 * `serialize` alone: a typed value as JSON text, without the rest of the
 * codec, for bundles that only write JSON (a typed request's body). A
 * route template is not parsed from here: the router or the full codec
 * registers the parser.
 */
import type { Descriptor, Infer } from "../../descriptor/descriptor.js"
import { toJsonError } from "../failure.js"
import { type JsonOptions, limitsOf } from "../options.js"
import { writerOf } from "./serialize-compile.js"

/**
 * A typed value as JSON text, written directly (no intermediate object):
 * always equal to `JSON.stringify(encode(descriptor, value))`.
 *
 * @example
 * ```ts
 * serialize(t.list(t.int), [1, 2]) //=> "[1,2]"
 * ```
 */
export function serialize<D extends Descriptor>(descriptor: D, value: Infer<D>, options?: JsonOptions): string {
  const run = writerOf(descriptor)
  // Limits are checked outside the try: an invalid one is a RangeError about the options, not about the value.
  const limits = limitsOf(options)
  try {
    return run(value, 0, limits)
  } catch (error) {
    throw toJsonError(error)
  }
}
