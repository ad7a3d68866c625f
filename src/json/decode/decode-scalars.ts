import type { DateTimeDescriptor, EnumDescriptor } from "../../descriptor/descriptor.js"
import { parseDate } from "../../descriptor/date-format.js"
import { fail, Failure } from "../failure.js"
import { describeReceived } from "../json-error.js"
import { jsonMessages } from "../messages.js"
import type { Limits } from "../options.js"
import { bigintTooLong, parseBigIntText, parseIsoDate } from "../scalars.js"

/**
 * A compiled decoder: validates a plain JSON value and builds the typed value.
 *
 * @example
 * ```ts
 * const run: Decoder = decoderOf(t.int)
 * run(1, 0, defaultLimits) //=> 1
 * ```
 */
export type Decoder = (value: unknown, depth: number, limits: Limits) => unknown

/**
 * Scalar decoders that return their input unchanged when it is valid; a list
 * of these can copy the validated array instead of rebuilding it.
 *
 * @example
 * ```ts
 * passThrough.has(decodeInt) //=> true
 * ```
 */
export const passThrough = new WeakSet<Decoder>()

const scalar = (decoder: Decoder): Decoder => {
  passThrough.add(decoder)
  return decoder
}

/**
 * `t.int`: a JSON number that is a safe integer.
 *
 * @example
 * ```ts
 * decodeInt(1.5, 0, defaultLimits) // throws: expected int, got 1.5
 * ```
 */
export const decodeInt: Decoder = scalar((value) => (Number.isSafeInteger(value) ? value : fail("int", value)))

/**
 * `t.float`: a finite JSON number (`1e400` parses to Infinity and is refused).
 *
 * @example
 * ```ts
 * decodeFloat(1.5, 0, defaultLimits) //=> 1.5
 * ```
 */
export const decodeFloat: Decoder = scalar((value) => (Number.isFinite(value) ? value : fail("float", value)))

/**
 * `t.string`.
 *
 * @example
 * ```ts
 * decodeString("a", 0, defaultLimits) //=> "a"
 * ```
 */
export const decodeString: Decoder = scalar((value) => (typeof value === "string" ? value : fail("string", value)))

/**
 * `t.bool`.
 *
 * @example
 * ```ts
 * decodeBool(true, 0, defaultLimits) //=> true
 * ```
 */
export const decodeBool: Decoder = scalar((value) => (typeof value === "boolean" ? value : fail("bool", value)))

/**
 * `t.bigint`: a JSON string of decimal digits, at most `maxBigIntDigits` of them.
 *
 * @example
 * ```ts
 * decodeBigInt("-12", 0, defaultLimits) //=> -12n
 * ```
 */
export const decodeBigInt: Decoder = (value, _depth, limits) => {
  if (typeof value === "string") {
    const parsed = parseBigIntText(value, limits.maxBigIntDigits)
    if (parsed !== undefined) return parsed
    if (bigintTooLong(value, limits.maxBigIntDigits)) {
      throw new Failure(jsonMessages.bigintDigits(limits.maxBigIntDigits), describeReceived(value))
    }
  }
  return fail("bigint string", value)
}

/**
 * `t.datetime`: an ISO 8601 string, or text in the descriptor's format.
 *
 * @example
 * ```ts
 * dateDecoder(t.datetime("yyyy-MM-dd"))("2026-11-22", 0, defaultLimits) // a Date
 * ```
 */
export function dateDecoder(descriptor: DateTimeDescriptor): Decoder {
  const format = descriptor.format
  if (format === undefined) {
    return (value) => (typeof value === "string" && parseIsoDate(value)) || fail(jsonMessages.isoDate, value)
  }
  const expected = jsonMessages.dateIn(format)
  return (value) => (typeof value === "string" && parseDate(value, format)) || fail(expected, value)
}

/**
 * `t.enum`: one of the listed numbers.
 *
 * @example
 * ```ts
 * enumDecoder(t.enum({ Read: 1, Write: 2 }))(2, 0, defaultLimits) //=> 2
 * ```
 */
export function enumDecoder(descriptor: EnumDescriptor): Decoder {
  const values = descriptor.values.map(([, value]) => value)
  const allowed = new Set<unknown>(values)
  const expected = jsonMessages.oneOfNumbers(values)
  return scalar((value) => (allowed.has(value) ? value : fail(expected, value)))
}
