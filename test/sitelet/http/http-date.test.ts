import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { parseHttpDate } from "../../../src/sitelet/http/http-date.js"

const runs = Number(process.env.FC_NUM_RUNS ?? 100)

describe("parseHttpDate (RFC 9110 §5.6.7)", () => {
  const when = Date.UTC(1994, 10, 6, 8, 49, 37)
  it("reads the three forms", () => {
    expect(parseHttpDate("Sun, 06 Nov 1994 08:49:37 GMT")).toBe(when)
    expect(parseHttpDate("Sunday, 06-Nov-94 08:49:37 GMT")).toBe(when)
    expect(parseHttpDate("Sun Nov  6 08:49:37 1994")).toBe(when)
  })
  it("reads a two-digit year more than 50 years ahead as the past century", () => {
    const now = Date.UTC(2026, 0, 1)
    expect(parseHttpDate("Monday, 01-Jan-76 00:00:00 GMT", now)).toBe(Date.UTC(2076, 0, 1))
    expect(parseHttpDate("Monday, 01-Jan-77 00:00:00 GMT", now)).toBe(Date.UTC(1977, 0, 1))
  })
  it("refuses everything else", () => {
    for (const text of [
      "9999",
      "hello 3000",
      "2026-11-25T10:00:00Z",
      "Sun, 06 Nov 1994 08:49:37 UTC",
      "Sun, 6 Nov 1994 08:49:37 GMT",
      "sun, 06 nov 1994 08:49:37 GMT",
      "Sun, 31 Feb 1994 08:49:37 GMT",
      "Sun, 06 Nov 1994 24:00:00 GMT",
      "Sun, 06 Nov 1994 08:60:00 GMT",
      "Sun, 06 Foo 1994 08:49:37 GMT",
      "Sun, 06 Nov 0094 08:49:37 GMT",
      " Sun, 06 Nov 1994 08:49:37 GMT",
      "Sun, 06 Nov 1994 08:49:37 GMT\n",
      "",
    ])
      expect(parseHttpDate(text), JSON.stringify(text)).toBeUndefined()
  })
  it("reads back every date toUTCString writes (what Last-Modified carries)", () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1000, 0, 1), max: Date.UTC(9999, 11, 31) }), (ms) => {
        const whole = ms - (((ms % 1000) + 1000) % 1000)
        expect(parseHttpDate(new Date(whole).toUTCString())).toBe(whole)
      }),
      { numRuns: runs },
    )
  })
})
