/**
 * Scalar conversions of the JSON format that need more than a `typeof`:
 * ISO 8601 dates (parsed by a strict scanner, since `new Date(text)` accepts
 * February 30th and many non-ISO shapes) and bigint strings (digit-limited).
 */

import { digitsAt } from "../internal/digits.js"

const monthDays = [0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
const daysIn = (year: number, month: number): number =>
  month === 2 && (year % 4 !== 0 || (year % 100 === 0 && year % 400 !== 0)) ? 28 : (monthDays[month] as number)

/**
 * Parses an ISO 8601 date-time as `toISOString` writes it (and the common
 * variants: date only, no seconds, 1–9 fraction digits, `±HH:mm` offsets,
 * `±YYYYYY` years). Returns undefined for anything else or an impossible
 * date.
 *
 * @example
 * ```ts
 * parseIsoDate("2026-11-22T10:00:00.000Z")?.getTime() //=> 1795341600000
 * parseIsoDate("2026-02-30")                          //=> undefined
 * ```
 */
export function parseIsoDate(text: string): Date | undefined {
  if (text.length === 24) {
    const fast = canonicalIsoAt(text, 0)
    // biome-ignore lint/suspicious/noSelfCompare: a NaN test without a call on the hot path
    if (fast === fast) return new Date(fast)
  }
  let at = 0
  let year: number
  const first = text.charCodeAt(0)
  if (first === 43 || first === 45) {
    year = digitsAt(text, 1, 6)
    if (year < 0 || (first === 45 && year === 0)) return undefined
    if (first === 45) year = -year
    at = 7
  } else {
    year = digitsAt(text, 0, 4)
    if (year < 0) return undefined
    at = 4
  }
  if (text[at] !== "-" || text[at + 3] !== "-") return undefined
  const month = digitsAt(text, at + 1, 2)
  const day = digitsAt(text, at + 4, 2)
  at += 6
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return undefined
  let hours = 0,
    minutes = 0,
    seconds = 0,
    millis = 0,
    offset = 0
  if (at < text.length) {
    if (text[at] !== "T" || text[at + 3] !== ":") return undefined
    hours = digitsAt(text, at + 1, 2)
    minutes = digitsAt(text, at + 4, 2)
    at += 6
    if (text[at] === ":") {
      seconds = digitsAt(text, at + 1, 2)
      at += 3
      if (text[at] === ".") {
        let count = 0
        let scale = 100
        for (at++; count < 9 && at < text.length; at++, count++) {
          const code = text.charCodeAt(at)
          if (code < 48 || code > 57) break
          millis += (code - 48) * scale
          scale /= 10
        }
        if (count === 0) return undefined
        millis = Math.floor(millis)
      }
    }
    if (hours < 0 || hours > 23 || minutes < 0 || minutes > 59 || seconds < 0 || seconds > 59) return undefined
    const sign = text[at]
    if (sign === "Z") at += 1
    else if (sign === "+" || sign === "-") {
      const offsetHours = digitsAt(text, at + 1, 2)
      const offsetMinutes = digitsAt(text, at + 4, 2)
      if (text[at + 3] !== ":" || offsetHours < 0 || offsetHours > 23 || offsetMinutes < 0 || offsetMinutes > 59)
        return undefined
      offset = (sign === "+" ? 1 : -1) * (offsetHours * 60 + offsetMinutes)
      at += 6
    } else return undefined
    if (at !== text.length) return undefined
  }
  const time =
    daysFromCivil(year, month, day) * 86400000 + ((hours * 60 + minutes - offset) * 60 + seconds) * 1000 + millis
  // ±8.64e15 ms is the range of a JS Date.
  return time >= -8.64e15 && time <= 8.64e15 ? new Date(time) : undefined
}

// Two ASCII digits at `at` as a number, or -1. `>>> 0` folds the below-'0' case into the above-'9' one (int32 only).
const two = (text: string, at: number): number => {
  const high = text.charCodeAt(at) - 48
  const low = text.charCodeAt(at + 1) - 48
  return high >>> 0 <= 9 && low >>> 0 <= 9 ? high * 10 + low : -1
}

/**
 * The time in ms of the 24 characters at `at` when they have the exact shape
 * `toISOString` writes (`yyyy-MM-ddTHH:mm:ss.fffZ`), else NaN: the common
 * case, read without branches per part and without slicing the text out.
 *
 * @example
 * ```ts
 * canonicalIsoAt('"1970-01-01T00:00:01.000Z"', 1) //=> 1000
 * ```
 */
export function canonicalIsoAt(text: string, at: number): number {
  if (
    at + 24 > text.length ||
    text.charCodeAt(at + 4) !== 45 ||
    text.charCodeAt(at + 7) !== 45 ||
    text.charCodeAt(at + 10) !== 84 ||
    text.charCodeAt(at + 13) !== 58 ||
    text.charCodeAt(at + 16) !== 58 ||
    text.charCodeAt(at + 19) !== 46 ||
    text.charCodeAt(at + 23) !== 90
  ) {
    return Number.NaN
  }
  const century = two(text, at)
  const yy = two(text, at + 2)
  const month = two(text, at + 5)
  const day = two(text, at + 8)
  const hours = two(text, at + 11)
  const minutes = two(text, at + 14)
  const seconds = two(text, at + 17)
  const centis = two(text, at + 20)
  const last = text.charCodeAt(at + 22) - 48
  const year = century * 100 + yy
  // -1 (a non-digit) fails the lower bounds below.
  if (
    !(
      century >= 0 &&
      yy >= 0 &&
      month >= 1 &&
      month <= 12 &&
      day >= 1 &&
      day <= daysIn(year, month) &&
      hours >= 0 &&
      hours <= 23 &&
      minutes >= 0 &&
      minutes <= 59 &&
      seconds >= 0 &&
      seconds <= 59 &&
      centis >= 0 &&
      last >>> 0 <= 9
    )
  ) {
    return Number.NaN
  }
  return (
    daysFromCivil(year, month, day) * 86400000 + ((hours * 60 + minutes) * 60 + seconds) * 1000 + centis * 10 + last
  )
}

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm; no Date object, any year). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year
  const era = Math.floor(y / 400)
  const yoe = y - era * 400
  // yoe and doy are small non-negative integers: `| 0` truncates faster than Math.floor.
  const doy = (((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) | 0) + day - 1
  return era * 146097 + yoe * 365 + ((yoe / 4) | 0) - ((yoe / 100) | 0) + doy - 719468
}

/**
 * Parses a bigint written as `-?[0-9]+` with at most `maxDigits` digits;
 * returns undefined otherwise (so `BigInt` never sees hostile text).
 *
 * @example
 * ```ts
 * parseBigIntText("-12", 1000) //=> -12n
 * parseBigIntText("1e3", 1000) //=> undefined
 * ```
 */
export function parseBigIntText(text: string, maxDigits: number): bigint | undefined {
  const start = text.charCodeAt(0) === 45 ? 1 : 0
  const digits = text.length - start
  if (digits < 1 || digits > maxDigits) return undefined
  for (let i = start; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 48 || code > 57) return undefined
  }
  return BigInt(text)
}

/**
 * Whether a bigint string is too long (to report the limit rather than a shape error).
 *
 * @example
 * ```ts
 * bigintTooLong("1".repeat(1001), 1000) //=> true
 * ```
 */
export function bigintTooLong(text: string, maxDigits: number): boolean {
  return text.length - (text.charCodeAt(0) === 45 ? 1 : 0) > maxDigits
}

/**
 * `date.toISOString()` for years 0000–9999, computed with integer arithmetic
 * (V8's builtin is several times slower); other years and invalid dates go
 * to the builtin (which writes `±YYYYYY` or throws).
 *
 * @example
 * ```ts
 * isoText(new Date(0)) //=> "1970-01-01T00:00:00.000Z"
 * ```
 */
export function isoText(date: Date): string {
  const time = date.getTime()
  // -62167219200000 is 0000-01-01, 253402300800000 is 10000-01-01.
  if (!(time >= -62167219200000 && time < 253402300800000)) return date.toISOString()
  const days = Math.floor(time / 86400000)
  // From here every quantity is a small non-negative integer: `| 0` truncates faster than Math.floor.
  let rest = time - days * 86400000
  const hours = (rest / 3600000) | 0
  rest -= hours * 3600000
  const minutes = (rest / 60000) | 0
  rest -= minutes * 60000
  const seconds = (rest / 1000) | 0
  const millis = rest - seconds * 1000
  // Days to civil date (H. Hinnant's algorithm), exact for the proleptic Gregorian calendar (z is -60 on 0000-01-01).
  const z = days + 719468
  const era = Math.floor(z / 146097)
  const doe = z - era * 146097
  const yoe = ((doe - ((doe / 1460) | 0) + ((doe / 36524) | 0) - ((doe / 146096) | 0)) / 365) | 0
  const doy = doe - (365 * yoe + ((yoe / 4) | 0) - ((yoe / 100) | 0))
  const mp = ((5 * doy + 2) / 153) | 0
  const day = doy - (((153 * mp + 2) / 5) | 0) + 1
  const month = mp < 10 ? mp + 3 : mp - 9
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0)
  // One fromCharCode call builds the flat 24-character string directly (a third faster than a template of 2-digit pieces).
  return String.fromCharCode(
    48 + ((year / 1000) | 0),
    48 + (((year / 100) | 0) % 10),
    48 + (((year / 10) | 0) % 10),
    48 + (year % 10),
    45,
    48 + ((month / 10) | 0),
    48 + (month % 10),
    45,
    48 + ((day / 10) | 0),
    48 + (day % 10),
    84,
    48 + ((hours / 10) | 0),
    48 + (hours % 10),
    58,
    48 + ((minutes / 10) | 0),
    48 + (minutes % 10),
    58,
    48 + ((seconds / 10) | 0),
    48 + (seconds % 10),
    46,
    48 + ((millis / 100) | 0),
    48 + (((millis / 10) | 0) % 10),
    48 + (millis % 10),
    90,
  )
}
