import { describe, expect, it } from "vitest"
import fc from "fast-check"
import { isWellFormed, isWellFormedByScan } from "../../src/internal/well-formed.js"

describe.each([
  ["isWellFormed", isWellFormed],
  ["isWellFormedByScan", isWellFormedByScan],
] as const)("%s", (_name, check) => {
  it("detects lone surrogates", () => {
    expect(check("a\uD800")).toBe(false)
    expect(check("\uDC00a")).toBe(false)
    expect(check("\uD800\uD800\uDC00")).toBe(false)
    expect(check("😀")).toBe(true)
    expect(check("")).toBe(true)
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (s) => {
        // encodeURIComponent throws URIError exactly on lone surrogates: an independent oracle.
        let oracle = true
        try {
          encodeURIComponent(s)
        } catch {
          oracle = false
        }
        expect(check(s)).toBe(oracle)
      }),
    )
  })
})
