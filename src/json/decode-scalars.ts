import type { DateTimeDescriptor, EnumDescriptor } from "../descriptor/descriptor.js"
import { parseDate } from "../descriptor/date-format.js"
import { fail, Failure } from "./failure.js"
import { describeReceived } from "./json-error.js"
import { jsonMessages } from "./messages.js"
import type { Limits } from "./options.js"
import { bigintTooLong, parseBigIntText, parseIsoDate } from "./scalars.js"

/** A compiled decoder: validates a plain JSON value and builds the typed value. */
export type Decoder = (value: unknown, depth: number, limits: Limits) => unknown

/**
 * Scalar decoders that return their input unchanged when it is valid; a list
 * of these can copy the validated array instead of rebuilding it.
 */
export const passThrough = new WeakSet<Decoder>()

const scalar = (decoder: Decoder): Decoder => {
  passThrough.add(decoder)
  return decoder
}

/** `t.int`: a JSON number that is a safe integer. */
export const decodeInt: Decoder = scalar((value) => (Number.isSafeInteger(value) ? value : fail("int", value)))

/** `t.float`: a finite JSON number (`1e400` parses to Infinity and is refused). */
export const decodeFloat: Decoder = scalar((value) => (Number.isFinite(value) ? value : fail("float", value)))

/** `t.string`. */
export const decodeString: Decoder = scalar((value) => (typeof value === "string" ? value : fail("string", value)))

/** `t.bool`. */
export const decodeBool: Decoder = scalar((value) => (typeof value === "boolean" ? value : fail("bool", value)))

/** `t.bigint`: a JSON string of decimal digits, at most `maxBigIntDigits` of them. */
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
