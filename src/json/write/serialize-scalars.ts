import type { DateTimeDescriptor, EnumDescriptor } from "../../descriptor/descriptor.js"
import { formatDate } from "../../descriptor/date-format.js"
import { fail } from "../failure.js"
import { isoText } from "../scalars.js"
import { jsonMessages } from "../messages.js"
import type { Limits } from "../options.js"

/**
 * A compiled serializer: writes a typed value as JSON text.
 *
 * @example
 * ```ts
 * const run: Writer = writerOf(t.list(t.int))
 * run([1, 2], 0, defaultLimits) //=> "[1,2]"
 * ```
 */
export type Writer = (value: unknown, depth: number, limits: Limits) => string

// Characters JSON.stringify escapes; a string without them is written as is.
// biome-ignore lint/suspicious/noControlCharactersInRegex: exactly the characters JSON.stringify escapes
const needsEscape = /["\\\u0000-\u001f\ud800-\udfff]/

/**
 * A JSON string literal, byte-identical to `JSON.stringify(text)`, without
 * calling it for short strings that need no escapes.
 *
 * @example
 * ```ts
 * quote("a") //=> '"a"'
 * ```
 */
export function quote(text: string): string {
  const length = text.length
  // Short strings: a char-code scan is cheaper than the regex (fast-json-stringify does the same).
  if (length < 42) {
    for (let i = 0; i < length; i++) {
      const code = text.charCodeAt(i)
      if (code < 32 || code === 34 || code === 92 || (code >= 0xd800 && code <= 0xdfff)) return JSON.stringify(text)
    }
    return `"${text}"`
  }
  return length < 5000 && !needsEscape.test(text) ? `"${text}"` : JSON.stringify(text)
}

/**
 * `t.int`: refuses non-integers and unsafe integers (JSON would lose their digits).
 *
 * @example
 * ```ts
 * writeInt(2 ** 53, 0, defaultLimits) // throws: expected int, got 9007199254740992
 * ```
 */
export const writeInt: Writer = (value) => (Number.isSafeInteger(value) ? "" + (value as number) : fail("int", value))

/**
 * `t.float`: refuses NaN and ±Infinity (JSON.stringify would silently write `null`).
 *
 * @example
 * ```ts
 * writeFloat(NaN, 0, defaultLimits) // throws: expected float, got NaN
 * ```
 */
export const writeFloat: Writer = (value) => (Number.isFinite(value) ? "" + (value as number) : fail("float", value))

/**
 * `t.string`.
 *
 * @example
 * ```ts
 * writeString('a"b', 0, defaultLimits) //=> '"a\\"b"'
 * ```
 */
export const writeString: Writer = (value) => (typeof value === "string" ? quote(value) : fail("string", value))

/**
 * `t.bool`.
 *
 * @example
 * ```ts
 * writeBool(false, 0, defaultLimits) //=> "false"
 * ```
 */
export const writeBool: Writer = (value) => (value === true ? "true" : value === false ? "false" : fail("bool", value))

/**
 * `t.bigint`: a JSON string of its decimal digits.
 *
 * @example
 * ```ts
 * writeBigInt(12n, 0, defaultLimits) //=> '"12"'
 * ```
 */
export const writeBigInt: Writer = (value) => (typeof value === "bigint" ? `"${value}"` : fail("bigint", value))

/**
 * The text of a date: `toISOString()`, or the descriptor's format; undefined
 * when the date cannot be written (invalid, or a year outside what the
 * format can carry).
 *
 * @example
 * ```ts
 * dateText(undefined)(new Date(0)) //=> "1970-01-01T00:00:00.000Z"
 * ```
 */
export function dateText(format: string | undefined): (value: unknown) => string | undefined {
  if (format === undefined) {
    return (value) => (value instanceof Date && Number.isFinite(value.getTime()) ? isoText(value) : undefined)
  }
  return (value) => (value instanceof Date ? formatDate(value, format) : undefined)
}

/**
 * `t.datetime` without a format: `toISOString`'s text, computed by {@link isoText}.
 *
 * @example
 * ```ts
 * writeIsoDate(new Date(0), 0, defaultLimits) //=> '"1970-01-01T00:00:00.000Z"'
 * ```
 */
export const writeIsoDate: Writer = (value) =>
  // ISO texts are digits and `-:.TZ`: they never need escaping.
  value instanceof Date && Number.isFinite(value.getTime())
    ? '"' + isoText(value) + '"'
    : fail(jsonMessages.validDate, value)

/**
 * `t.datetime`.
 *
 * @example
 * ```ts
 * dateWriter(t.datetime)(new Date(0), 0, defaultLimits) //=> '"1970-01-01T00:00:00.000Z"'
 * ```
 */
export function dateWriter(descriptor: DateTimeDescriptor): Writer {
  if (descriptor.format === undefined) return writeIsoDate
  const text = dateText(descriptor.format)
  return (value) => {
    const written = text(value)
    return written === undefined ? fail(jsonMessages.validDate, value) : quote(written)
  }
}

/**
 * `t.enum`: the number, if it is one of the listed values.
 *
 * @example
 * ```ts
 * enumWriter(t.enum({ Read: 1 }))(1, 0, defaultLimits) //=> "1"
 * ```
 */
export function enumWriter(descriptor: EnumDescriptor): Writer {
  const values = descriptor.values.map(([, value]) => value)
  const allowed = new Set<unknown>(values)
  const expected = jsonMessages.oneOfNumbers(values)
  return (value) => (allowed.has(value) ? "" + (value as number) : fail(expected, value))
}
