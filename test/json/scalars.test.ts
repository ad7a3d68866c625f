import { describe, expect, test } from "vitest"
import { formatJsonPath } from "../../src/json/json-error.js"
import fc from "fast-check"
import { bigintTooLong, isoText, parseBigIntText, parseIsoDate } from "../../src/json/scalars.js"
import { quote } from "../../src/json/write/serialize-scalars.js"

describe("parseIsoDate", () => {
  test.each([
    ["2026-11-22T10:30:05.123Z", Date.UTC(2026, 10, 22, 10, 30, 5, 123)],
    ["2026-11-22T10:30:05Z", Date.UTC(2026, 10, 22, 10, 30, 5)],
    ["2026-11-22T10:30Z", Date.UTC(2026, 10, 22, 10, 30)],
    ["2026-11-22T10:30:05.1Z", Date.UTC(2026, 10, 22, 10, 30, 5, 100)],
    ["2026-11-22T10:30:05.123999999Z", Date.UTC(2026, 10, 22, 10, 30, 5, 123)],
    ["2026-11-22T10:30:05-01:30", Date.UTC(2026, 10, 22, 12, 0, 5)],
    ["2024-02-29", Date.UTC(2024, 1, 29)],
    ["0001-01-01T00:00:00.000Z", new Date("0001-01-01T00:00:00.000Z").getTime()],
    ["+020000-01-01T00:00:00.000Z", new Date("+020000-01-01T00:00:00.000Z").getTime()],
    ["-000001-01-01T00:00:00.000Z", new Date("-000001-01-01T00:00:00.000Z").getTime()],
  ])("%s", (text, time) => {
    expect(parseIsoDate(text)?.getTime()).toBe(time)
  })

  test.each([
    "2026-02-30",
    "2025-02-29",
    "2026-13-01",
    "2026-11-22T24:00:00Z",
    "2026-11-22T10:60Z",
    "2026-11-22T10:30:05",
    "2026-11-22T10:30:05.Z",
    "2026-11-22 10:30:05Z",
    "2026-11-22T10:30:05+0100",
    "26-11-22",
    "-000000-01-01",
    "",
    "2026-11-22Z",
    "2026-11-22T10:30:05ZZ",
    "１２３４-11-22",
  ])("refuses %j", (text) => {
    expect(parseIsoDate(text)).toBeUndefined()
  })
})

describe("parseBigIntText", () => {
  test("digits with an optional minus, within the limit", () => {
    expect(parseBigIntText("-0012", 10)).toBe(-12n)
    expect(parseBigIntText("12", 1)).toBeUndefined()
    expect(bigintTooLong("-12", 1)).toBe(true)
    for (const bad of ["", "-", "+1", "1.0", "1e3", "0x10", " 1", "1n"])
      expect(parseBigIntText(bad, 10)).toBeUndefined()
  })
})

describe("quote and paths", () => {
  test("quote is byte-identical to JSON.stringify", () => {
    for (const text of ["", "plain", 'a"b', "a\\b", "\u0000\u001f", "\ud800", "😀", "é", "x".repeat(100), "\u2028"]) {
      expect(quote(text)).toBe(JSON.stringify(text))
    }
  })

  test("formatJsonPath", () => {
    expect(formatJsonPath([])).toBe("$")
    expect(formatJsonPath(["items", 2, "id"])).toBe("$.items[2].id")
    expect(formatJsonPath(["a b", "$", "_x1"])).toBe('$["a b"].$._x1')
  })
})

describe("isoText", () => {
  test("equals toISOString on every date, including the edges of years 0000 and 9999", () => {
    const edges = [-62167219200000, -62167219200001, 253402300799999, 253402300800000, 0, -1, 951782400000, Number.NaN]
    for (const time of edges) {
      const date = new Date(time)
      if (Number.isNaN(time)) expect(() => isoText(date)).toThrow(RangeError)
      else expect(isoText(date)).toBe(date.toISOString())
    }
    fc.assert(
      fc.property(
        fc.integer({ min: -8.64e15, max: 8.64e15 }),
        (time) => isoText(new Date(time)) === new Date(time).toISOString(),
      ),
      { numRuns: 2000 },
    )
    // Years 0000-9999 are computed (the rest goes to the builtin): test them densely.
    const computed = fc.integer({ min: -62167219200000, max: 253402300799999 })
    fc.assert(
      fc.property(computed, (time) => isoText(new Date(time)) === new Date(time).toISOString()),
      { numRuns: 5000 },
    )
  })

  test("parseIsoDate reads back every toISOString text, and agrees with Date.parse on offsets", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -8.64e15, max: 8.64e15 }),
        (time) => parseIsoDate(new Date(time).toISOString())?.getTime() === time,
      ),
      { numRuns: 2000 },
    )
    fc.assert(
      fc.property(
        fc.integer({ min: 86400000, max: 253402300799999 - 86400000 }),
        fc.integer({ min: -23 * 60 - 59, max: 23 * 60 + 59 }),
        (time, offset) => {
          const local = new Date(time + offset * 60000).toISOString().slice(0, 23)
          const sign = offset < 0 ? "-" : "+"
          const text = `${local}${sign}${String(Math.floor(Math.abs(offset) / 60)).padStart(2, "0")}:${String(Math.abs(offset) % 60).padStart(2, "0")}`
          return parseIsoDate(text)?.getTime() === Date.parse(text)
        },
      ),
      { numRuns: 1000 },
    )
  })
})
