import { describe, expect, it } from "vitest"
import fc from "fast-check"
import {
  isCookieName,
  maxCookieAgeSeconds,
  parseCookieHeader,
  serializeCookie,
} from "../../../src/sitelet/auth/cookie.js"
import { sessionMessages } from "../../../src/sitelet/auth/session-messages.js"

describe("parseCookieHeader", () => {
  it("reads pairs into a Map, first occurrence wins", () => {
    const cookies = parseCookieHeader(' a=1; b="two";a=3 ;  c = x%20y ')
    expect([...cookies]).toEqual([
      ["a", "1"],
      ["b", "two"],
      ["c", "x y"],
    ])
  })
  it("keeps prototype names as plain keys and never pollutes", () => {
    const cookies = parseCookieHeader("__proto__=x; constructor=y; toString=z")
    expect(cookies.get("__proto__")).toBe("x")
    expect(cookies.get("constructor")).toBe("y")
    expect(({} as Record<string, unknown>).x).toBeUndefined()
    expect(Object.getPrototypeOf({})).toBe(Object.prototype)
  })
  it("skips malformed pairs and keeps undecodable values raw", () => {
    const cookies = parseCookieHeader("novalue; =x; a b=1; ok=%E0%A4%A; ;;")
    expect([...cookies]).toEqual([["ok", "%E0%A4%A"]])
  })
  it("never throws on any header", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (header) => {
        parseCookieHeader(header)
      }),
    )
    expect(parseCookieHeader(undefined).size).toBe(0)
    expect(parseCookieHeader(null).size).toBe(0)
  })
  it("bounds the work on a huge header", () => {
    expect(parseCookieHeader("a=1;".repeat(100_000)).size).toBe(1)
    const many = Array.from({ length: 1000 }, (_, i) => `k${i}=v`).join("; ")
    expect(parseCookieHeader(many).size).toBe(256)
    // Pairs without "=" before a late one: each pair is scanned once (linear), and the late one is found.
    expect(parseCookieHeader("a;".repeat(200_000) + "b=1").get("b")).toBe("1")
  })
})

describe("serializeCookie", () => {
  it("writes the attributes in a fixed order", () => {
    expect(serializeCookie("s", "abc", { httpOnly: true, secure: true, sameSite: "Lax", maxAgeSeconds: 60 })).toBe(
      "s=abc; Max-Age=60; Path=/; HttpOnly; Secure; SameSite=Lax",
    )
  })
  it("caps Max-Age at 400 days and writes an expired cookie for 0", () => {
    expect(serializeCookie("s", "v", { maxAgeSeconds: 10 ** 12 })).toContain(`Max-Age=${maxCookieAgeSeconds}`)
    expect(serializeCookie("s", "", { maxAgeSeconds: 0 })).toContain("Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT")
  })
  it("refuses header and attribute injection", () => {
    expect(() => serializeCookie("a;b", "v")).toThrow(sessionMessages.badCookieName("a;b"))
    expect(() => serializeCookie("a", "v; Domain=evil")).toThrow(sessionMessages.badCookieValue("a"))
    expect(() => serializeCookie("a", "v\r\nSet-Cookie: x=1")).toThrow(sessionMessages.badCookieValue("a"))
    expect(() => serializeCookie("a", "v", { path: "/;x" })).toThrow(sessionMessages.badCookieValue("a"))
    expect(() => serializeCookie("__Host-a", "v")).toThrow(sessionMessages.hostPrefixNeedsSecure("__Host-a"))
    expect(isCookieName("ok_name-1")).toBe(true)
    expect(isCookieName("é")).toBe(false)
  })
})
