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
import * as builderMessages from "./builder-messages.js"

/** The format used in URLs when a datetime descriptor has none. */
export const defaultPathDateFormat = "yyyy-MM-dd-HH.mm.ss"

type Token = "yyyy" | "MM" | "dd" | "HH" | "mm" | "ss" | "fff"
type Part = Token | { readonly literal: string }

// Tried in this order at each character (`yyyy` before a literal `y`, `fff` before `f`); the rest is literal.
const tokenPattern = /(yyyy|fff|MM|dd|HH|mm|ss)/
const compiled = new Map<string, readonly Part[]>()

function compile(format: string): readonly Part[] {
  let parts = compiled.get(format)
  if (parts) return parts
  // split keeps the captured tokens at the odd indices, the literals between them at the even ones.
  parts = Object.freeze(
    format
      .split(tokenPattern)
      .flatMap((piece, i): Part[] => (i % 2 === 1 ? [piece as Token] : piece === "" ? [] : [{ literal: piece }])),
  )
  compiled.set(format, parts)
  return parts
}

// Each token's place in `toISOString()`'s text, counted from its end (a year beyond 9999 is longer); coarsest first.
const isoPlaces: Readonly<Record<Token, readonly [number, number]>> = {
  yyyy: [24, 20],
  MM: [19, 17],
  dd: [16, 14],
  HH: [13, 11],
  mm: [10, 8],
  ss: [7, 5],
  fff: [4, 1],
}
const order = Object.keys(isoPlaces) as Token[]
const base = "1970-01-01T00:00:00.000Z"
const isoPart = (iso: string, token: Token) => {
  const [from, to] = isoPlaces[token]
  return iso.slice(iso.length - from, iso.length - to)
}

// The tokens a format omits above its precision (its finest token): their parts must be the base's. Memoised.
const omittedAbove = new Map<string, readonly Token[]>()
function coarseOmitted(format: string): readonly Token[] {
  let omitted = omittedAbove.get(format)
  if (omitted) return omitted
  const parts = compile(format)
  omitted = Object.freeze(
    order
      .slice(
        0,
        order.findLastIndex((token) => parts.includes(token)),
      )
      .filter((token) => !parts.includes(token)),
  )
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
  // An invalid date has no part that is the base's.
  return Number.isNaN(date.getTime()) ? coarseOmitted(format).length === 0 : isoFitsFormat(date.toISOString(), format)
}

// fitsFormat on a valid date's ISO text (formatDate has it already). A year of other than four digits is not 1970.
const isoFitsFormat = (iso: string, format: string): boolean =>
  coarseOmitted(format).every(
    (token) => (token !== "yyyy" || iso.length === 24) && isoPart(iso, token) === isoPart(base, token),
  )

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
  if (Number.isNaN(date.getTime())) return undefined
  const iso = date.toISOString()
  // Years 0000-9999 only: any other is written with a sign and six digits.
  if (iso.length !== 24 || !isoFitsFormat(iso, format)) return undefined
  let out = ""
  for (const part of compile(format)) out += typeof part === "string" ? isoPart(iso, part) : part.literal
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
