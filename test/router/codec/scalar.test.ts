import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { t } from "../../../src/descriptor/t.js"
import { textCodecOf } from "../../../src/router/codec/scalar.js"
import { LinkFailure } from "../../../src/router/link/link-error.js"

const codec = (descriptor: Parameters<typeof textCodecOf>[0]) => textCodecOf(descriptor)!

describe("text codecs", () => {
  it("int: -?[0-9]+ within the safe range; -0 reads as 0", () => {
    const int = codec(t.int)
    expect(int.fromText("-0")).toBe(0)
    expect(Object.is(int.fromText("-0"), -0)).toBe(false)
    expect(int.fromText("007")).toBe(7)
    for (const text of ["", "-", "+1", "1e3", "1.0", "9007199254740992", "٣"])
      expect(int.fromText(text)).toBeUndefined()
    expect(() => int.toText(Number.MAX_SAFE_INTEGER + 1)).toThrow(LinkFailure)
  })

  it("int: reads every decimal text of up to 17 characters as Number does", () => {
    const digits = fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 1, maxLength: 16 })
    fc.assert(
      fc.property(fc.boolean(), digits, (negative, text) => {
        const given = (negative ? "-" : "") + text
        const value = Number(given)
        expect(codec(t.int).fromText(given)).toBe(Number.isSafeInteger(value) ? value + 0 : undefined)
      }),
    )
  })

  it("float: the shortest round-trip text of every finite double parses back", () => {
    const float = codec(t.float)
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        expect(float.fromText(float.toText(value))).toBe(value === 0 ? 0 : value)
      }),
    )
    for (const text of ["", "-", "1.", ".1", "1e", "1e+", "Infinity", "0x1", " 1"])
      expect(float.fromText(text)).toBeUndefined()
  })

  it("bool: case-insensitive", () => {
    expect(codec(t.bool).fromText("FALSE")).toBe(false)
    expect(codec(t.bool).fromText("yes")).toBeUndefined()
  })

  it("bigint: decimal, at most 1000 digits", () => {
    expect(codec(t.bigint).fromText("-" + "9".repeat(1000))).toBe(-(10n ** 1000n - 1n))
    expect(codec(t.bigint).fromText("9".repeat(1002))).toBeUndefined()
  })

  it("datetime and enum", () => {
    expect(codec(t.datetime).fromText("2026-11-22-10.20.30")).toEqual(new Date(Date.UTC(2026, 10, 22, 10, 20, 30)))
    expect(() => codec(t.datetime).toText(new Date(Date.UTC(10000, 0, 1)))).toThrow(LinkFailure)
    expect(codec(t.enum({ A: 1, B: 3 })).fromText("3")).toBe(3)
    expect(codec(t.enum({ A: 1, B: 3 })).fromText("2")).toBeUndefined()
  })

  it("composites have no text codec", () => {
    expect(textCodecOf(t.list(t.int))).toBeUndefined()
  })
})
