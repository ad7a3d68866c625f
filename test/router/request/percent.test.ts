import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  appendComponent,
  decodeComponent,
  encodeComponent,
  encodeQueryComponent,
} from "../../../src/router/request/percent.js"

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
const unit = fc.constantFrom(
  "a",
  "Z",
  "0",
  "-",
  "_",
  ".",
  "!",
  "~",
  "*",
  "'",
  "(",
  ")",
  " ",
  "/",
  "?",
  "#",
  "%",
  "+",
  "&",
  "=",
  "\u007f",
  "\u0080",
  "é",
  "\u07ff",
  "\u0800",
  "東",
  "\uffff",
  "😀",
  "\ud800",
  "\udc00",
  "\udbff",
  "\udfff",
)
const text = fc.oneof(
  fc.string({ unit: "binary" }),
  fc.string({ unit: "grapheme" }),
  fc.string(),
  fc.string({ unit }),
  fc
    .array(fc.oneof(fc.string({ unit: fc.constantFrom("a", "b", "-", "9"), maxLength: 12 }), unit))
    .map((parts) => parts.join("")),
)

describe("encodeComponent", () => {
  it("writes what encodeURIComponent writes, and undefined where it throws (lone surrogates)", () => {
    fc.assert(
      fc.property(text, (value) => {
        expect(encodeComponent(value)).toBe(native(value))
      }),
      { numRuns },
    )
  })

  it("keeps exactly the characters encodeURIComponent keeps, one by one over the whole BMP", () => {
    const wrong: number[] = []
    for (let code = 0; code < 0x10000; code++) {
      const char = String.fromCharCode(code)
      if (encodeComponent(char) !== native(char) || encodeComponent("a" + char + "b") !== native("a" + char + "b"))
        wrong.push(code)
    }
    expect(wrong).toEqual([])
  })

  it("handles surrogate pairs and lone surrogates at every position", () => {
    for (const edge of [
      "\udbff\udfff",
      "\ud800\udc00x",
      "x\ud800",
      "\udc00\ud800",
      "\ud800",
      "a\udc00b",
      "😀😀",
      "a😀",
      "😀a",
      "é\ud800",
      "a b\udfff",
    ]) {
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
    fc.assert(
      fc.property(fc.string(), text, (prefix, value) => {
        const encoded = native(value)
        expect(appendComponent(prefix, value)).toBe(encoded === undefined ? undefined : prefix + encoded)
      }),
      { numRuns },
    )
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
    fc.assert(
      fc.property(text, (value) => {
        expect(encodeQueryComponent(value)).toBe(native(value)?.replaceAll("'", "%27"))
      }),
      { numRuns },
    )
  })
})

describe("decodeComponent", () => {
  /** The oracle: the platform's decodeURIComponent, with undefined where it throws. */
  const nativeDecode = (text: string): string | undefined => {
    try {
      return decodeURIComponent(text)
    } catch {
      return undefined
    }
  }
  const hexCase = (byte: number, upper: boolean) =>
    "%" + (upper ? byte.toString(16).toUpperCase() : byte.toString(16)).padStart(2, "0")
  // Escapes of any byte (so every lead, continuation and invalid byte), of real UTF-8 sequences, broken escapes, and
  // plain characters (including lone surrogates, which are copied as they are).
  const piece = fc.oneof(
    fc.tuple(fc.integer({ min: 0, max: 255 }), fc.boolean()).map(([byte, upper]) => hexCase(byte, upper)),
    fc
      .tuple(fc.string({ unit: "binary", minLength: 1, maxLength: 2 }), fc.boolean())
      .map(([char, upper]) => [...new TextEncoder().encode(char)].map((byte) => hexCase(byte, upper)).join("")),
    fc
      .tuple(
        fc.constantFrom(0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5),
        fc.constantFrom(0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0),
      )
      .map(([lead, next]) => hexCase(lead, true) + hexCase(next, false)),
    fc.constantFrom(
      "%",
      "%4",
      "%G0",
      "%0G",
      "%%",
      "%+1",
      "%-1",
      "% 1",
      "%\u0661\u0662",
      "+",
      " ",
      "a",
      "/",
      "\ud800",
      "\udc00",
      "é",
      "😀",
    ),
    fc.string({ maxLength: 4 }),
  )
  const encodedText = fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join(""))

  it("gives what decodeURIComponent gives, and undefined where it throws", () => {
    fc.assert(
      fc.property(encodedText, (text) => {
        expect(decodeComponent(text)).toBe(nativeDecode(text))
      }),
      { numRuns },
    )
  })

  it("reads + as a space first in query mode (an escaped %2B stays a plus)", () => {
    fc.assert(
      fc.property(encodedText, (text) => {
        expect(decodeComponent(text, true)).toBe(nativeDecode(text.replaceAll("+", " ")))
      }),
      { numRuns },
    )
    expect(decodeComponent("a+b%2B", true)).toBe("a b+")
    expect(decodeComponent("a+b", false)).toBe("a+b")
  })

  it("decodes every code point from its UTF-8 escapes, both short and long texts", () => {
    const wrong: number[] = []
    for (let code = 0; code <= 0x10ffff; code += code < 0x10000 ? 1 : 97) {
      if (code >= 0xd800 && code <= 0xdfff) continue
      const char = String.fromCodePoint(code)
      const escaped = encodeURIComponent(char)
      if (decodeComponent(escaped) !== char || decodeComponent("x".repeat(70) + escaped) !== "x".repeat(70) + char)
        wrong.push(code)
    }
    expect(wrong).toEqual([])
  })

  it("refuses overlong forms, surrogates, code points past U+10FFFF and truncated sequences", () => {
    for (const bad of [
      "%C0%AE",
      "%C1%BF",
      "%E0%80%AF",
      "%ED%A0%80",
      "%ED%BF%BF",
      "%F0%80%80%AF",
      "%F4%90%80%80",
      "%F5%80%80%80",
      "%FF",
      "%80",
      "%C3",
      "%E2%82",
      "%C3%28",
      "%",
      "%4",
      "%zz",
    ]) {
      expect(decodeComponent(bad)).toBeUndefined()
      expect(decodeComponent("y".repeat(70) + bad)).toBeUndefined()
    }
  })

  it("returns a text without escapes itself", () => {
    const text = "plain-text_without.escapes"
    expect(decodeComponent(text)).toBe(text)
    expect(decodeComponent("\ud800%41")).toBe("\ud800A")
  })
})
