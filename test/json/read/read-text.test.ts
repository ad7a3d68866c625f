/**
 * The fast reader's scanner against JSON.parse: numbers (the digit fast path
 * and the Number fallback), strings (plain and escaped) and literals.
 */
import fc from "fast-check"
import { describe, expect, test } from "vitest"
import { readNumber } from "../../../src/json/read/read-number.js"
import { cursor, miss, readBool, readString, skipNull, startText } from "../../../src/json/read/read-text.js"

/** Reads with `read` from the start of `text`; the value and where the cursor stopped, or "miss". */
function scan<Value>(read: (text: string) => Value, text: string): { value: Value; at: number } | "miss" {
  startText()
  try {
    const value = read(text)
    return { value, at: cursor.at }
  } catch (error) {
    if (error === miss) return "miss"
    throw error
  }
}

const digits = (max: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: max }).map((list) => list.join(""))

/** JSON number texts from the grammar, with long mantissas and exponents. */
const numberText = fc
  .tuple(
    fc.boolean(),
    fc.oneof(
      fc.constant("0"),
      digits(25).map((d) => "1" + d),
      digits(3).map((d) => "9" + d),
    ),
    fc.option(digits(25)),
    fc.option(fc.tuple(fc.constantFrom("e", "E"), fc.constantFrom("", "+", "-"), digits(4))),
  )
  .map(
    ([negative, whole, fraction, exponent]) =>
      `${negative ? "-" : ""}${whole}${fraction === null ? "" : "." + fraction}${exponent === null ? "" : exponent.join("")}`,
  )

describe("readNumber", () => {
  test("equals JSON.parse on every double's text", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        const text = JSON.stringify(n)
        expect(scan(readNumber, text + ",")).toEqual({ value: JSON.parse(text), at: text.length })
        expect(Object.is((scan(readNumber, text) as { value: number }).value, JSON.parse(text))).toBe(true)
      }),
      { numRuns: 2000 },
    )
  })

  test("equals JSON.parse on texts from the JSON number grammar (-0, long mantissas, exponents)", () => {
    fc.assert(
      fc.property(numberText, (text) => {
        const read = scan(readNumber, text + "]")
        expect(read).not.toBe("miss")
        expect(Object.is((read as { value: number }).value, JSON.parse(text))).toBe(true)
        expect((read as { at: number }).at).toBe(text.length)
      }),
      { numRuns: 2000 },
    )
  })

  test.each(["-", "+1", ".5", "1.", "1.e2", "1e", "1e+", "-.5", "x", ""])("refuses %j", (text) => {
    expect(scan(readNumber, text)).toBe("miss")
  })

  test("stops before what JSON.parse would refuse after a number (the caller then bails)", () => {
    expect(scan(readNumber, "01")).toEqual({ value: 0, at: 1 })
    expect(scan(readNumber, "1.5.5")).toEqual({ value: 1.5, at: 3 })
  })
})

describe("readString", () => {
  test("reads every string JSON.stringify writes, escapes and lone surrogates included", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (value) => {
        const text = JSON.stringify(value)
        expect(scan(readString, text + ":")).toEqual({ value, at: text.length })
      }),
      { numRuns: 2000 },
    )
  })

  test("decodes \\uXXXX escapes of every code unit, any hex case", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffff }), fc.boolean(), (unit, upper) => {
        const hex = unit.toString(16).padStart(4, "0")
        const text = `"a\\u${upper ? hex.toUpperCase() : hex}b"`
        expect(scan(readString, text)).toEqual({ value: JSON.parse(text), at: text.length })
      }),
      { numRuns: 1000 },
    )
  })

  test.each(['"a', '"a\\"', '"\\x"', '"\\u12g4"', '"\\u12"', '"a\u0000"', '"a\nb"', "'a'", "a"])(
    "refuses %j, as JSON.parse does",
    (text) => {
      expect(scan(readString, text)).toBe("miss")
      expect(() => JSON.parse(text)).toThrow(SyntaxError)
    },
  )
})

describe("literals", () => {
  test("true, false and null", () => {
    expect(scan(readBool, "true,")).toEqual({ value: true, at: 4 })
    expect(scan(readBool, "false]")).toEqual({ value: false, at: 5 })
    for (const text of ["tru", "fals", "True", "null", "t", ""]) expect(scan(readBool, text)).toBe("miss")
    expect(scan(skipNull, "null}")).toEqual({ value: true, at: 4 })
    expect(scan(skipNull, "nul")).toEqual({ value: false, at: 0 })
  })
})
