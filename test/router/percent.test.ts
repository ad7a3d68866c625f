import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { appendComponent, encodeComponent, encodeQueryComponent } from "../../src/router/percent.js"

const numRuns = Math.max(2000, Number(process.env.FC_NUM_RUNS ?? 0))

/** The oracle: the platform's encodeURIComponent, with undefined where it throws (a lone surrogate). */
const native = (text: string): string | undefined => {
  try {
    return encodeURIComponent(text)
  } catch {
    return undefined
  }
}

// Texts mixing runs of plain characters with every kind of escape: ASCII, 2-, 3- and 4-byte UTF-8, and lone or
// misordered surrogates at the start, in the middle and at the end.
const unit = fc.constantFrom("a", "Z", "0", "-", "_", ".", "!", "~", "*", "'", "(", ")", " ", "/", "?", "#", "%", "+", "&", "=", "\u007f", "\u0080", "é", "\u07ff", "\u0800", "東", "\uffff", "😀", "\ud800", "\udc00", "\udbff", "\udfff")
const text = fc.oneof(
  fc.string({ unit: "binary" }),
  fc.string({ unit: "grapheme" }),
  fc.string(),
  fc.string({ unit }),
  fc.array(fc.oneof(fc.string({ unit: fc.constantFrom("a", "b", "-", "9"), maxLength: 12 }), unit)).map((parts) => parts.join("")),
)

describe("encodeComponent", () => {
  it("writes what encodeURIComponent writes, and undefined where it throws (lone surrogates)", () => {
    fc.assert(fc.property(text, (value) => {
      expect(encodeComponent(value)).toBe(native(value))
    }), { numRuns })
  })

  it("keeps exactly the characters encodeURIComponent keeps, one by one over the whole BMP", () => {
    const wrong: number[] = []
    for (let code = 0; code < 0x10000; code++) {
      const char = String.fromCharCode(code)
      if (encodeComponent(char) !== native(char) || encodeComponent("a" + char + "b") !== native("a" + char + "b")) wrong.push(code)
    }
    expect(wrong).toEqual([])
  })

  it("handles surrogate pairs and lone surrogates at every position", () => {
    for (const edge of ["\udbff\udfff", "\ud800\udc00x", "x\ud800", "\udc00\ud800", "\ud800", "a\udc00b", "😀😀", "a😀", "😀a", "é\ud800", "a b\udfff"]) {
      expect(encodeComponent(edge)).toBe(native(edge))
    }
  })

  it("returns a plain text itself, without a copy", () => {
    const plain = "abc-_.!~*'()XYZ019"
    expect(encodeComponent(plain)).toBe(plain)
    expect(encodeComponent("")).toBe("")
  })
})

describe("appendComponent", () => {
  it("is the prefix followed by encodeComponent's text, or undefined with it", () => {
    fc.assert(fc.property(fc.string(), text, (prefix, value) => {
      const encoded = native(value)
      expect(appendComponent(prefix, value)).toBe(encoded === undefined ? undefined : prefix + encoded)
    }), { numRuns })
  })

  it("appends escapes and plain runs in order", () => {
    expect(appendComponent("/repos/", "a b")).toBe("/repos/a%20b")
    expect(appendComponent("/r/", "x/y?z")).toBe("/r/x%2Fy%3Fz")
    expect(appendComponent("/i/", "é#1")).toBe("/i/%C3%A9%231")
    expect(appendComponent("/", "")).toBe("/")
    expect(appendComponent("/", "ok\ud800")).toBeUndefined()
  })
})

describe("encodeQueryComponent", () => {
  it("is encodeURIComponent's text with ' escaped too", () => {
    fc.assert(fc.property(text, (value) => {
      expect(encodeQueryComponent(value)).toBe(native(value)?.replaceAll("'", "%27"))
    }), { numRuns })
  })
})
