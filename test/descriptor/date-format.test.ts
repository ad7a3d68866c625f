import { describe, expect, it } from "vitest"
import fc from "fast-check"
import { checkDateFormat, formatDate, parseDate } from "../../src/descriptor/date-format.js"
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
  it("checks custom formats", () => {
    expect(() => checkDateFormat("HH.mm")).toThrow(new TypeError(descriptorMessages.dateFormatMissing("HH.mm", "yyyy")))
    expect(() => checkDateFormat("yyyy-dd")).toThrow(
      new TypeError(descriptorMessages.dateFormatMissing("yyyy-dd", "MM")),
    )
    expect(() => checkDateFormat("yyyyMMdd")).not.toThrow()
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
