import { describe, expect, it } from "vitest"
import fc from "fast-check"
import { safeReturnPath } from "../../../src/sitelet/auth/session-return-path.js"

const vectors = [
  "//evil.com",
  "/\\evil.com",
  "\\/evil.com",
  "/\t/evil.com",
  "/\n/evil.com",
  " //evil.com",
  "https:evil.com",
  "http:/\\evil.com",
  "HTTP://evil.com",
  "\u0000//evil.com",
  "javascript:alert(1)",
  "//evil.com/login/",
  "///evil.com",
  "/\\/evil.com",
  "http://app.invalid@evil.com",
  "evil.com",
  "",
  "data:text/html,x",
]

describe("safeReturnPath (RELIABILITY F1, P8)", () => {
  it("sends every known open-redirect vector to the fallback", () => {
    for (const vector of vectors) expect(safeReturnPath(vector), JSON.stringify(vector)).toBe("/")
    expect(safeReturnPath(undefined, "/home")).toBe("/home")
  })
  it("keeps same-origin paths, encoded once", () => {
    expect(safeReturnPath("/admin?tab=1#x")).toBe("/admin?tab=1#x")
    expect(safeReturnPath("/%2F%2Fevil.com")).toBe("/%2F%2Fevil.com")
    expect(safeReturnPath("/a/../b")).toBe("/b")
    expect(safeReturnPath("/é")).toBe("/%C3%A9")
  })
  it("never leaves the origin, for any string (property)", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: "binary" }),
          fc.constantFrom(...vectors).chain((v) => fc.string().map((s) => v + s)),
        ),
        (s) => {
          const out = safeReturnPath(s)
          expect(out.startsWith("/")).toBe(true)
          expect(out.startsWith("//")).toBe(false)
          expect(out.startsWith("/\\")).toBe(false)
          expect(new URL(out, "https://site.example").origin).toBe("https://site.example")
          // biome-ignore lint/suspicious/noControlCharactersInRegex: no control character may survive
          expect(/[\u0000-\u001f\u007f ]/.test(out)).toBe(false)
        },
      ),
      { numRuns: 500 },
    )
  })
})
