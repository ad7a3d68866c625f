import type { DateTimeDescriptor, EnumDescriptor } from "../../descriptor/descriptor.js"
import { parseDate } from "../../descriptor/date-format.js"
import type { Limits } from "../options.js"
import { readNumber } from "./read-number.js"
import { bail, cursor, readBool, readString } from "./read-text.js"
import { canonicalIsoAt, parseBigIntText, parseIsoDate } from "../scalars.js"

/**
 * A compiled fast reader: reads the typed value at `cursor.at` straight from
 * the JSON text and moves the cursor past it, or bails (read-text.ts).
 *
 * @example
 * ```ts
 * const run: Reader = readerOf(t.int)!
 * startText()
 * run("12", 0, defaultLimits) //=> 12
 * ```
 */
export type Reader = (text: string, depth: number, limits: Limits) => unknown

/**
 * `t.int`: a number that is a safe integer.
 *
 * @example
 * ```ts
 * readInt("7", 0, defaultLimits) //=> 7
 * ```
 */
export const readInt: Reader = (text) => {
  const value = readNumber(text)
  return Number.isSafeInteger(value) ? value : bail()
}

/**
 * `t.float`: a finite number (`1e400` parses to Infinity and is refused).
 *
 * @example
 * ```ts
 * readFloat("1.5", 0, defaultLimits) //=> 1.5
 * ```
 */
export const readFloat: Reader = (text) => {
  const value = readNumber(text)
  return Number.isFinite(value) ? value : bail()
}

/**
 * `t.string`.
 *
 * @example
 * ```ts
 * readStringValue('"a"', 0, defaultLimits) //=> "a"
 * ```
 */
export const readStringValue: Reader = (text) => readString(text)

/**
 * `t.bool`.
 *
 * @example
 * ```ts
 * readBoolValue("false", 0, defaultLimits) //=> false
 * ```
 */
export const readBoolValue: Reader = (text) => readBool(text)

/**
 * `t.bigint`: a string of at most `maxBigIntDigits` decimal digits.
 *
 * @example
 * ```ts
 * readBigInt('"-12"', 0, defaultLimits) //=> -12n
 * ```
 */
export const readBigInt: Reader = (text, _depth, limits) =>
  parseBigIntText(readString(text), limits.maxBigIntDigits) ?? bail()

/**
 * `t.datetime` without a format. An ISO date in `toISOString`'s exact shape
 * is read in place (no string is sliced out); other ISO shapes go through
 * the decoder's scanner.
 *
 * @example
 * ```ts
 * readIsoDate('"1970-01-01T00:00:00.000Z"', 0, defaultLimits) // a Date
 * ```
 */
export const readIsoDate: Reader = (text) => {
  const at = cursor.at
  // 34 is the quote: `"` + 24 characters + `"`.
  if (text.charCodeAt(at) === 34 && text.charCodeAt(at + 25) === 34) {
    const time = canonicalIsoAt(text, at + 1)
    // biome-ignore lint/suspicious/noSelfCompare: a NaN test without a call on the one-pass reader's hot path
    if (time === time) {
      cursor.at = at + 26
      return new Date(time)
    }
  }
  return parseIsoDate(readString(text)) ?? bail()
}

/**
 * `t.datetime`: {@link readIsoDate}, or text in the descriptor's format.
 *
 * @example
 * ```ts
 * dateReader(t.datetime("yyyy-MM-dd"))('"2026-11-22"', 0, defaultLimits) // a Date
 * ```
 */
export function dateReader(descriptor: DateTimeDescriptor): Reader {
  const format = descriptor.format
  if (format === undefined) return readIsoDate
  return (text) => parseDate(readString(text), format) ?? bail()
}

/**
 * `t.enum`: one of the listed numbers.
 *
 * @example
 * ```ts
 * enumReader(t.enum({ Read: 1, Write: 2 }))("2", 0, defaultLimits) //=> 2
 * ```
 */
export function enumReader(descriptor: EnumDescriptor): Reader {
  const allowed = new Set<unknown>(descriptor.values.map(([, value]) => value))
  return (text) => {
    const value = readNumber(text)
    return allowed.has(value) ? value : bail()
  }
}
