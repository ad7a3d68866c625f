/**
 * Date formats for `t.datetime(format)` and `DateTimeFormat`: fixed-width
 * tokens `yyyy MM dd HH mm ss fff`, every other character literal, always UTC.
 * A format may hold any of the tokens (`HH.mm.ss`, as in WebSharper's
 * documentation); the parts it omits are those of the base
 * 1970-01-01T00:00:00.000Z. Parsing is a single left-to-right scan (no
 * regex), so it is linear and exact: `parseDate(formatDate(d, f), f)` is `d`
 * truncated to the format's precision (its finest token). A date whose parts
 * above that precision, but left out of the format, differ from the base
 * (`15:05:32` on another day than 1970-01-01, for `HH.mm.ss`) has no text in
 * the format: `formatDate` gives undefined.
 */

import { digitsAt } from "../internal/digits.js"
import { builderMessages } from "./builder-messages.js"

/** The format used in URLs when a datetime descriptor has none. */
export const defaultPathDateFormat = "yyyy-MM-dd-HH.mm.ss"

type Token = "yyyy" | "MM" | "dd" | "HH" | "mm" | "ss" | "fff"
type Part = Token | { readonly literal: string }

const tokens: readonly Token[] = ["yyyy", "fff", "MM", "dd", "HH", "mm", "ss"]
const compiled = new Map<string, readonly Part[]>()

function compile(format: string): readonly Part[] {
  let parts = compiled.get(format)
  if (parts) return parts
  const out: Part[] = []
  let i = 0
  while (i < format.length) {
    const token = tokens.find((tok) => format.startsWith(tok, i))
    if (token) {
      out.push(token)
      i += token.length
    } else {
      const last = out[out.length - 1]
      const char = format[i++] as string
      if (last !== undefined && typeof last !== "string") out[out.length - 1] = { literal: last.literal + char }
      else out.push({ literal: char })
    }
  }
  parts = Object.freeze(out)
  compiled.set(format, parts)
  return parts
}

/** Coarsest first: a part is above a format's precision when it comes before the format's finest token. */
const order: readonly Token[] = ["yyyy", "MM", "dd", "HH", "mm", "ss", "fff"]

/**
 * The tokens a format omits above its precision (their parts must be the
 * base's), memoised with the compiled format.
 */
const omittedAbove = new Map<string, readonly Token[]>()
function coarseOmitted(format: string): readonly Token[] {
  let omitted = omittedAbove.get(format)
  if (omitted) return omitted
  const parts = compile(format)
  const finest = Math.max(...order.map((token, index) => (parts.includes(token) ? index : -1)))
  omitted = Object.freeze(order.slice(0, finest).filter((token) => !parts.includes(token)))
  omittedAbove.set(format, omitted)
  return omitted
}

/**
 * Checks a custom format: it must hold at least one token, so that the text
 * carries something of the date.
 *
 * @example
 * ```ts
 * checkDateFormat("yyyy-MM-dd") // ok
 * checkDateFormat("HH.mm.ss")   // ok: the day is the base's, 1970-01-01
 * checkDateFormat("today")      // throws: no token
 * ```
 */
export function checkDateFormat(format: string): void {
  const parts = compile(format)
  if (!parts.some((part) => typeof part === "string")) throw new TypeError(builderMessages.dateFormatEmpty(format))
}

/**
 * Whether a valid date can be written in `format` without losing more than
 * the parts finer than the format's precision: its parts that the format
 * omits above that precision are the base's (1970-01-01T00:00:00.000Z).
 *
 * @example
 * ```ts
 * fitsFormat(new Date("1970-01-01T15:05:32Z"), "HH.mm.ss") //=> true
 * fitsFormat(new Date("2026-11-22T15:05:32Z"), "HH.mm.ss") //=> false
 * fitsFormat(new Date("2026-11-22T15:05:32Z"), "yyyy-MM-dd") //=> true (the time is below the precision)
 * ```
 */
export function fitsFormat(date: Date, format: string): boolean {
  for (const token of coarseOmitted(format)) {
    switch (token) {
      case "yyyy":
        if (date.getUTCFullYear() !== 1970) return false
        break
      case "MM":
        if (date.getUTCMonth() !== 0) return false
        break
      case "dd":
        if (date.getUTCDate() !== 1) return false
        break
      case "HH":
        if (date.getUTCHours() !== 0) return false
        break
      case "mm":
        if (date.getUTCMinutes() !== 0) return false
        break
      default:
        if (date.getUTCSeconds() !== 0) return false
    }
  }
  return true
}

const pad = (value: number, width: number): string => String(value).padStart(width, "0")

/**
 * Formats a date in UTC, or returns undefined when the date is invalid, its
 * year is outside 0000–9999, or its parts the format omits above its
 * precision are not the base's (no text in the format could carry it).
 *
 * @example
 * ```ts
 * formatDate(new Date(Date.UTC(2026, 10, 22)), "yyyy-MM-dd") //=> "2026-11-22"
 * ```
 */
export function formatDate(date: Date, format: string = defaultPathDateFormat): string | undefined {
  const time = date.getTime()
  if (!Number.isFinite(time)) return undefined
  const year = date.getUTCFullYear()
  if (year < 0 || year > 9999) return undefined
  if (!fitsFormat(date, format)) return undefined
  let out = ""
  for (const part of compile(format)) {
    switch (part) {
      case "yyyy":
        out += pad(year, 4)
        break
      case "MM":
        out += pad(date.getUTCMonth() + 1, 2)
        break
      case "dd":
        out += pad(date.getUTCDate(), 2)
        break
      case "HH":
        out += pad(date.getUTCHours(), 2)
        break
      case "mm":
        out += pad(date.getUTCMinutes(), 2)
        break
      case "ss":
        out += pad(date.getUTCSeconds(), 2)
        break
      case "fff":
        out += pad(date.getUTCMilliseconds(), 3)
        break
      default:
        out += part.literal
    }
  }
  return out
}

const widths: Readonly<Record<Token, number>> = { yyyy: 4, MM: 2, dd: 2, HH: 2, mm: 2, ss: 2, fff: 3 }

/**
 * Parses text written in `format` (UTC), or returns undefined when it does not
 * match exactly or names an impossible date (`2026-02-30`).
 *
 * @example
 * ```ts
 * parseDate("2026-11-22", "yyyy-MM-dd")?.toISOString() //=> "2026-11-22T00:00:00.000Z"
 * ```
 */
export function parseDate(text: string, format: string = defaultPathDateFormat): Date | undefined {
  // The base, 1970-01-01T00:00:00.000Z, for the parts the format omits.
  const fields = { yyyy: 1970, MM: 1, dd: 1, HH: 0, mm: 0, ss: 0, fff: 0 }
  let at = 0
  for (const part of compile(format)) {
    if (typeof part === "string") {
      const value = digitsAt(text, at, widths[part])
      if (value < 0) return undefined
      fields[part] = value
      at += widths[part]
    } else {
      if (!text.startsWith(part.literal, at)) return undefined
      at += part.literal.length
    }
  }
  if (at !== text.length) return undefined
  const { yyyy, MM, dd, HH, mm, ss, fff } = fields
  if (MM < 1 || MM > 12 || dd < 1 || HH > 23 || mm > 59 || ss > 59) return undefined
  const date = new Date(0)
  date.setUTCFullYear(yyyy, MM - 1, dd)
  date.setUTCHours(HH, mm, ss, fff)
  // Day overflow (Feb 30 → Mar 2) shows up as a different day of month.
  if (date.getUTCDate() !== dd || date.getUTCMonth() !== MM - 1) return undefined
  return date
}

/**
 * A regular expression source matching the text of a format (its tokens as
 * digits of their width, its literals as themselves): the pattern of a
 * custom-format date in a JSON Schema.
 *
 * @example
 * ```ts
 * datePattern("yyyy-MM") //=> "^\\d{4}-(?:0[1-9]|1[0-2])$"
 * ```
 */
export function datePattern(format: string): string {
  // The ranges parseDate checks, as far as a pattern can say them (not the days of each month).
  let source = "^"
  for (const part of compile(format)) {
    if (typeof part === "string") source += tokenPatterns[part]
    else source += part.literal.replace(/[\\^$.*+?()[\]{}|]/g, "\\$&")
  }
  return source + "$"
}

const tokenPatterns: Readonly<Record<Token, string>> = {
  yyyy: "\\d{4}",
  MM: "(?:0[1-9]|1[0-2])",
  dd: "(?:0[1-9]|[12]\\d|3[01])",
  HH: "(?:[01]\\d|2[0-3])",
  mm: "[0-5]\\d",
  ss: "[0-5]\\d",
  fff: "\\d{3}",
}
