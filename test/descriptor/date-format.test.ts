import { describe, expect, it } from "vitest"
import fc from "fast-check"
import { checkDateFormat, fitsFormat, formatDate, parseDate } from "../../src/descriptor/date-format.js"
import * as descriptorMessages from "../../src/descriptor/messages.js"

describe("date formats", () => {
  it("formats in UTC with the default path format", () => {
    expect(formatDate(new Date(Date.UTC(2026, 10, 22, 9, 5, 7)))).toBe("2026-11-22-09.05.07")
  })
  it("parses exactly and rejects impossible dates", () => {
    expect(parseDate("2026-11-22", "yyyy-MM-dd")?.toISOString()).toBe("2026-11-22T00:00:00.000Z")
    expect(parseDate("2026-02-30", "yyyy-MM-dd")).toBeUndefined()
    expect(parseDate("2026-11-2", "yyyy-MM-dd")).toBeUndefined()
    expect(parseDate("2026-11-22x", "yyyy-MM-dd")).toBeUndefined()
    expect(parseDate("2026-13-01", "yyyy-MM-dd")).toBeUndefined()
    expect(parseDate("0001-01-01", "yyyy-MM-dd")?.getUTCFullYear()).toBe(1)
  })
  it("refuses dates no format can carry", () => {
    expect(formatDate(new Date(NaN))).toBeUndefined()
    expect(formatDate(new Date(Date.UTC(10000, 0, 1)))).toBeUndefined()
  })
  it("checks custom formats: any subset of the tokens, at least one", () => {
    expect(() => checkDateFormat("today")).toThrow(new TypeError(descriptorMessages.dateFormatEmpty("today")))
    for (const format of ["HH.mm", "yyyy-dd", "yyyyMMdd", "HH.mm.ss", "MM", "fff"])
      expect(() => checkDateFormat(format)).not.toThrow()
  })
  it("fills the parts a format omits from 1970-01-01T00:00:00.000Z (WebSharper's time format)", () => {
    expect(parseDate("15.05.32", "HH.mm.ss")?.toISOString()).toBe("1970-01-01T15:05:32.000Z")
    expect(parseDate("2026-22", "yyyy-dd")?.toISOString()).toBe("2026-01-22T00:00:00.000Z")
    expect(formatDate(new Date("1970-01-01T15:05:32.789Z"), "HH.mm.ss")).toBe("15.05.32")
    // Parts above the precision left out of the format must be the base's: no text could carry another day.
    expect(formatDate(new Date("2026-11-22T15:05:32Z"), "HH.mm.ss")).toBeUndefined()
    expect(fitsFormat(new Date("2026-11-22T15:05:32Z"), "HH.mm.ss")).toBe(false)
    expect(formatDate(new Date("2026-03-22T00:00:00Z"), "yyyy-dd")).toBeUndefined()
    // Parts below the precision are dropped, as for every format.
    expect(formatDate(new Date("2026-11-22T15:05:32Z"), "yyyy-MM-dd")).toBe("2026-11-22")
  })
  it("round-trips every date a partial format can carry, exactly at its precision", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 86_400_000 - 1 }),
        fc.constantFrom("HH.mm.ss", "HH.mm.ss.fff", "HHmm", "ss"),
        (ms, format) => {
          const date = new Date(ms)
          const text = formatDate(date, format)
          if (format === "ss" && ms >= 60_000) {
            // A minute other than the base's: no "ss" text carries it.
            expect(text).toBeUndefined()
          } else {
            expect(text).toBeDefined()
            expect(formatDate(parseDate(text!, format)!, format)).toBe(text)
          }
        },
      ),
    )
  })
  it("round-trips every date at the format's precision", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(0, 0, 1), max: Date.UTC(9999, 11, 31) }),
        fc.constantFrom("yyyy-MM-dd-HH.mm.ss.fff", "yyyyMMdd", "dd.MM.yyyy HH"),
        (ms, format) => {
          const text = formatDate(new Date(ms), format)!
          expect(formatDate(parseDate(text, format)!, format)).toBe(text)
        },
      ),
    )
  })

  it("writes each token as the date's UTC part and checks the parts a format omits, as the getters read them (property)", () => {
    // The definition, by the getters: the text of each token, and the base's value of each part.
    const getters = {
      yyyy: (d: Date) => String(d.getUTCFullYear()).padStart(4, "0"),
      MM: (d: Date) => String(d.getUTCMonth() + 1).padStart(2, "0"),
      dd: (d: Date) => String(d.getUTCDate()).padStart(2, "0"),
      HH: (d: Date) => String(d.getUTCHours()).padStart(2, "0"),
      mm: (d: Date) => String(d.getUTCMinutes()).padStart(2, "0"),
      ss: (d: Date) => String(d.getUTCSeconds()).padStart(2, "0"),
      fff: (d: Date) => String(d.getUTCMilliseconds()).padStart(3, "0"),
    }
    const order = ["yyyy", "MM", "dd", "HH", "mm", "ss", "fff"] as const
    const piece = fc.constantFrom(...order, "-", ".", "T", "y", "M", "f", " ")
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: Date.UTC(-2, 0, 1), max: Date.UTC(10_001, 0, 1) }),
          fc.integer({ min: -86_400_000, max: 2 * 86_400_000 }),
          fc.constant(Number.NaN),
          // Years whose last four digits are 1970 but which are not.
          fc.constantFrom(Date.UTC(11_970, 0, 1), Date.UTC(-1970, 0, 1), Date.UTC(101_970, 0, 1)),
        ),
        fc.array(piece, { minLength: 1, maxLength: 6 }).filter((pieces) => pieces.some((p) => p in getters)),
        (time, pieces) => {
          const date = new Date(time)
          const format = pieces.join("")
          // The tokens as the format reads them (leftmost first, `yyyy` and `fff` before a letter alone).
          const tokens = format.split(/(yyyy|fff|MM|dd|HH|mm|ss)/).filter((_, i) => i % 2 === 1) as Array<
            (typeof order)[number]
          >
          const finest = Math.max(...tokens.map((token) => order.indexOf(token)))
          const base = new Date(0)
          // An invalid date's parts are "NaN", and a year beyond 9999 has five digits: neither is the base's.
          const fits = order
            .slice(0, finest)
            .every((token) => tokens.includes(token) || getters[token](date) === getters[token](base))
          expect(fitsFormat(date, format), format).toBe(fits)
          const year = date.getUTCFullYear()
          const expected =
            Number.isNaN(time) || year < 0 || year > 9999 || !fits
              ? undefined
              : format.replace(/yyyy|fff|MM|dd|HH|mm|ss/g, (token) => getters[token as (typeof order)[number]](date))
          expect(formatDate(date, format), format).toBe(expected)
        },
      ),
      { numRuns: 2000 },
    )
  })
})
