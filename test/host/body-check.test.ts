import { describe, expect, it } from "vitest"
import fc from "fast-check"
import { checkBody, parseMediaType, unreadBodyError } from "../../src/host/body-check.js"
import { hostMessages } from "../../src/host/host-errors.js"

const bytes = (text: string) => new TextEncoder().encode(text)

describe("parseMediaType (RELIABILITY C8)", () => {
  it("parses case, whitespace, quotes and parameters", () => {
    expect(parseMediaType('Application/JSON ; Charset="UTF-8"')).toEqual({ type: "application/json", charset: "utf-8" })
    expect(parseMediaType("application/json\t;x=1")).toEqual({ type: "application/json", charset: undefined })
    expect(parseMediaType(" application/json")).toEqual({ type: "application/json", charset: undefined })
    expect(parseMediaType(null)).toEqual({ type: "", charset: undefined })
    expect(parseMediaType("constructor")).toEqual({ type: "constructor", charset: undefined })
  })
  it("never throws and is linear on hostile headers", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (header) => {
        parseMediaType(header)
      }),
    )
    expect(parseMediaType(";".repeat(100_000) + "charset=utf-8").charset).toBe("utf-8")
  })
})

describe("checkBody", () => {
  it("refuses charsets other than UTF-8 on text bodies", () => {
    for (const charset of ["utf-16", "latin1", "iso-8859-1", "bogus", ""]) {
      expect(() => checkBody(bytes("{}"), `application/json; charset=${charset}`, 1000), charset).toThrow(
        hostMessages.unsupportedCharset(charset),
      )
    }
    expect(checkBody(bytes("{}"), "application/json; charset=UTF8", 1000)).toEqual(bytes("{}"))
  })
  it("refuses invalid UTF-8 (overlong, surrogate, truncated) with 400", () => {
    for (const bad of [
      [0xc0, 0xae],
      [0xed, 0xa0, 0x80],
      [0xe0, 0xa4],
    ]) {
      let status = 0
      try {
        checkBody(new Uint8Array(bad), "text/plain", 1000)
      } catch (error) {
        status = (error as { status: number }).status
      }
      expect(status).toBe(400)
    }
  })
  it("counts form fields with an early exit and refuses over the limit with 413", () => {
    expect(checkBody(bytes("a=1&".repeat(1000)), "application/x-www-form-urlencoded", 1000).length).toBe(4000)
    expect(() => checkBody(bytes("a=1&".repeat(1001)), "application/x-www-form-urlencoded", 1000)).toThrow(
      hostMessages.tooManyFormFields(1000),
    )
    // Empty pairs are not fields.
    expect(checkBody(bytes("&&&&a=1"), "application/x-www-form-urlencoded", 1).length).toBe(7)
  })
  it("counts multipart parts with the same limit and refuses over it with 413 (E1)", () => {
    const type = "multipart/form-data; boundary=B"
    const body = (parts: number) =>
      bytes('--B\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n'.repeat(parts) + "--B--\r\n")
    expect(checkBody(body(3), type, 3).length).toBe(body(3).length)
    let error: unknown
    try {
      checkBody(body(4), type, 3)
    } catch (caught) {
      error = caught
    }
    expect(error).toMatchObject({
      status: 413,
      type: "parameters.too.many",
      message: hostMessages.tooManyFormFields(3),
    })
    // A malformed body or a missing boundary is the parser's business (400), not a count.
    expect(checkBody(bytes("--Bjunk"), type, 0).length).toBe(7)
    expect(checkBody(body(4), "multipart/form-data", 3).length).toBe(body(4).length)
  })
  it("leaves binary bodies alone", () => {
    expect(checkBody(new Uint8Array([0xff, 0xfe]), "application/octet-stream", 0).length).toBe(2)
    expect(checkBody(new Uint8Array([0xff]), null, 0).length).toBe(1)
  })
})

describe("unreadBodyError", () => {
  it("is 415 for media types no case reads, else 400", () => {
    expect(unreadBodyError("text/plain").status).toBe(415)
    expect(unreadBodyError("constructor").type).toBe("unsupported.media.type")
    expect(unreadBodyError("application/json").status).toBe(400)
    expect(unreadBodyError("application/problem+json").type).toBe("entity.parse.failed")
    expect(unreadBodyError("multipart/form-data; boundary=x").status).toBe(400)
  })
  it("is 415 when the Content-Type is absent or empty (C8: never read as JSON)", () => {
    expect(unreadBodyError(null).status).toBe(415)
    expect(unreadBodyError(null).message).toBe(hostMessages.missingContentType)
    expect(unreadBodyError(" ; charset=utf-8").status).toBe(415)
  })
})
