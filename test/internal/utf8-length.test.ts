import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { utf8Length } from "../../src/internal/utf8-length.js"

describe("utf8Length", () => {
  it("counts as TextEncoder encodes: ASCII, two and three bytes, pairs, lone surrogates", () => {
    for (const text of [
      "",
      "hello",
      "héllo",
      "€",
      "😀",
      "a😀b",
      "\ud800",
      "\udc00",
      "\ud800x",
      "x\ud800",
      "\udc00\ud800",
    ])
      expect(utf8Length(text)).toBe(new TextEncoder().encode(text).byteLength)
  })

  it("agrees with TextEncoder on any string", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        expect(utf8Length(text)).toBe(new TextEncoder().encode(text).byteLength)
      }),
      { numRuns: 2000 },
    )
  })
})
