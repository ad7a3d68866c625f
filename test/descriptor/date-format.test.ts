import { describe, expect, it } from "vitest"
import fc from "fast-check"
import { checkDateFormat, fitsFormat, formatDate, parseDate } from "../../src/descriptor/date-format.js"
import { descriptorMessages } from "../../src/descriptor/messages.js"

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
})
