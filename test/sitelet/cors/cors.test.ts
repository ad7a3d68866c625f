import { describe, expect, it } from "vitest"
import fc from "fast-check"
import { staticContent, header, headerOf, type StaticContent } from "../../../src/sitelet/content-model.js"
import { checkAllows, Cors, type CorsAllows } from "../../../src/sitelet/cors/cors.js"
import { isPreflight, preflightContent, withCorsHeaders } from "../../../src/sitelet/cors/cors-headers.js"
import { Status } from "../../../src/sitelet/http/http-status.js"
import { corsMessages } from "../../../src/sitelet/cors/cors-messages.js"

const base = Cors.Of({ $: "Api" }).DefaultAllows
const allows = (change: Partial<CorsAllows>) => checkAllows({ ...base, ...change })
const headersOf = (content: StaticContent) => content.headers.map(([n, v]) => `${n}: ${v}`)
/** Header access over any strings (a WHATWG Headers object refuses non-byte strings). */
const req = (init: Record<string, string>) => {
  const map = new Map(Object.entries(init).map(([k, v]) => [k.toLowerCase(), v]))
  return { get: (name: string) => map.get(name.toLowerCase()) ?? null }
}

describe("CorsAllows checks at build time", () => {
  it("refuses * with credentials", () => {
    expect(() => allows({ Origins: ["*"], Credentials: true })).toThrow(corsMessages.wildcardWithCredentials())
  })
  it("refuses malformed origins and non-token names", () => {
    for (const bad of ["null", "example.com", "https://a.example/path", "https://a.example?x", "*.example.com", ""]) {
      expect(() => allows({ Origins: [bad] }), bad).toThrow(corsMessages.badOrigin(bad))
    }
    expect(() => allows({ Methods: ["GE T"] })).toThrow(corsMessages.badToken("method", "GE T"))
    expect(() => allows({ Headers: ["x\r\ny"] })).toThrow(corsMessages.badToken("header", "x\r\ny"))
    expect(() => allows({ MaxAge: -1 })).toThrow(corsMessages.badMaxAge(-1))
  })
  it("canonicalizes origins", () => {
    expect([...allows({ Origins: ["HTTPS://App.Example:443/"] }).originSet]).toEqual(["https://app.example"])
  })
})

describe("preflight", () => {
  const a = allows({
    Origins: ["https://app.example"],
    Headers: ["Content-Type", "X-Token"],
    MaxAge: 600,
    Credentials: true,
  })
  it("recognizes only OPTIONS with Access-Control-Request-Method", () => {
    expect(isPreflight("OPTIONS", req({ "access-control-request-method": "PUT" }))).toBe(true)
    expect(isPreflight("OPTIONS", req({}))).toBe(false)
    expect(isPreflight("GET", req({ "access-control-request-method": "PUT" }))).toBe(false)
  })
  it("answers 204 with the listed origin, methods, headers, max-age and Vary", () => {
    const answer = preflightContent(a, req({ origin: "https://app.example", "access-control-request-method": "PUT" }))
    expect(answer.status.code).toBe(204)
    expect(headersOf(answer)).toEqual([
      "Access-Control-Allow-Origin: https://app.example",
      "Access-Control-Allow-Credentials: true",
      "Access-Control-Allow-Methods: GET, HEAD, POST, PUT, PATCH, DELETE",
      "Access-Control-Allow-Headers: Content-Type, X-Token",
      "Access-Control-Max-Age: 600",
      "Content-Length: 0",
      "Vary: Origin",
    ])
  })
  it("gives a disallowed origin no CORS headers", () => {
    for (const origin of [
      "https://evil.example",
      "null",
      "https://app.example.evil",
      "https://app.example:8443",
      "http://app.example",
    ]) {
      const answer = preflightContent(a, req({ origin, "access-control-request-method": "PUT" }))
      expect(headersOf(answer), origin).toEqual(["Content-Length: 0", "Vary: Origin"])
    }
  })
  it("answers * when * is listed and credentials are off, and never reflects with credentials", () => {
    const any = allows({ Origins: ["*"] })
    const answer = preflightContent(any, req({ origin: "https://x.example", "access-control-request-method": "GET" }))
    expect(headerOf(answer, "access-control-allow-origin")).toBe("*")
    expect(headerOf(answer, "access-control-allow-credentials")).toBeUndefined()
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (origin) => {
        const got = headerOf(
          preflightContent(a, req({ origin, "access-control-request-method": "GET" })),
          "access-control-allow-origin",
        )
        expect(got === undefined || got === "https://app.example").toBe(true)
      }),
    )
  })
})

describe("actual requests", () => {
  const a = allows({ Origins: ["https://app.example"], ExposeHeaders: ["X-Total"], Headers: ["Content-Type"] })
  const content = staticContent(
    Status.Ok,
    [header("Content-Type", "text/plain"), header("Vary", "Accept-Encoding")],
    "hi",
  )
  it("adds origin, methods, request headers, exposed headers and appends Origin to the response's Vary", () => {
    const out = withCorsHeaders(a, req({ origin: "https://app.example", vary: "Cookie" }), content)
    // As the specification lists them and WebSharper writes them: Allow-Methods and Allow-Headers on actual answers too.
    expect(headersOf(out)).toEqual([
      "Content-Type: text/plain",
      "Vary: Accept-Encoding, Origin",
      "Access-Control-Allow-Origin: https://app.example",
      `Access-Control-Allow-Methods: ${base.Methods.join(", ")}`,
      "Access-Control-Allow-Headers: Content-Type",
      "Access-Control-Expose-Headers: X-Total",
    ])
    expect(out.body).toBe("hi")
  })
  it("adds only Vary for a disallowed or missing origin, and drops handler-set CORS headers", () => {
    const sneaky = staticContent(Status.Ok, [header("Access-Control-Allow-Origin", "*")], "x")
    expect(headersOf(withCorsHeaders(a, req({ origin: "https://evil.example" }), sneaky))).toEqual(["Vary: Origin"])
    expect(headersOf(withCorsHeaders(a, req({}), content))).toEqual([
      "Content-Type: text/plain",
      "Vary: Accept-Encoding, Origin",
    ])
  })
  it("answers a shared (frozen) list with one frozen list per origin the part names, made once", () => {
    const shared = Object.freeze([header("Content-Type", "application/json")])
    const json = staticContent(Status.Ok, shared, "{}")
    const first = withCorsHeaders(a, req({ origin: "https://app.example" }), json)
    const again = withCorsHeaders(a, req({ origin: "HTTPS://APP.EXAMPLE" }), json)
    expect(again.headers).toBe(first.headers)
    expect(Object.isFrozen(first.headers)).toBe(true)
    // Every origin the part does not name shares the one list without CORS headers: a client cannot grow the memo.
    const refused = new Set(
      ["https://evil.example", "https://other.example", "null", ""].map(
        (origin) => withCorsHeaders(a, req({ origin }), json).headers,
      ),
    )
    expect(refused.size).toBe(1)
    expect(refused.has(withCorsHeaders(a, req({}), json).headers)).toBe(true)
    // A list made for one answer (not frozen) is answered as it was, a list of its own.
    const own = (): StaticContent => ({ ...json, headers: [header("Content-Type", "application/json")] })
    expect(withCorsHeaders(a, req({}), own()).headers).not.toBe(withCorsHeaders(a, req({}), own()).headers)
  })
  it("does not duplicate Origin in Vary", () => {
    const varied = staticContent(Status.Ok, [header("Vary", "origin")], undefined)
    expect(headersOf(withCorsHeaders(a, req({}), varied))).toEqual(["Vary: origin"])
  })
})
