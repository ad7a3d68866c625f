import { describe, expect, it } from "vitest"
import fc from "fast-check"
import { Buffer } from "node:buffer"
import { base64UrlDecode, base64UrlEncode, utf8Decode } from "../../src/internal/crypto-encoding.js"

describe("base64url", () => {
  it("agrees with Node's encoder and round-trips every byte string", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 80 }), (bytes) => {
        const text = base64UrlEncode(bytes)
        expect(text).toBe(Buffer.from(bytes).toString("base64url"))
        expect(base64UrlDecode(text)).toEqual(bytes)
      }),
    )
  })
  it("accepts only the canonical spelling", () => {
    expect(base64UrlDecode("__4")).toEqual(new Uint8Array([255, 254]))
    expect(base64UrlDecode("__5")).toBeUndefined()
    expect(base64UrlDecode("a")).toBeUndefined()
    expect(base64UrlDecode("ab=")).toBeUndefined()
    expect(base64UrlDecode("a+b/")).toBeUndefined()
    expect(base64UrlDecode("ab\u0100c")).toBeUndefined()
  })
})

describe("utf-8", () => {
  it("refuses overlong forms and lone surrogates instead of replacing them", () => {
    expect(utf8Decode(new Uint8Array([0xc0, 0xae]))).toBeUndefined()
    expect(utf8Decode(new Uint8Array([0xed, 0xa0, 0x80]))).toBeUndefined()
    expect(utf8Decode(new Uint8Array([0x61, 0xc3, 0xa9]))).toBe("aé")
  })
})
