import { describe, expect, it } from "vitest"
import { boundaryOf, parseMultipart } from "../../src/router/multipart.js"

const encode = (text: string) => new TextEncoder().encode(text)

describe("multipart", () => {
  it("reads the boundary parameter", () => {
    expect(boundaryOf("multipart/form-data; boundary=abc")).toBe("abc")
    expect(boundaryOf('multipart/form-data; charset=x; BOUNDARY="a b"')).toBe("a b")
    expect(boundaryOf("multipart/form-data")).toBeUndefined()
    expect(boundaryOf("multipart/form-data; boundary=" + "x".repeat(71))).toBeUndefined()
  })

  it("reads text fields, repeated names in order, with a preamble", () => {
    const body = [
      "preamble",
      "--B",
      'Content-Disposition: form-data; name="a"',
      "",
      "1",
      "--B",
      "content-disposition: form-data; name=a",
      "Content-Type: text/plain",
      "",
      "two\r\nlines",
      "--B",
      'Content-Disposition: form-data; name="é"',
      "",
      "",
      "--B--",
      "",
    ].join("\r\n")
    const fields = parseMultipart(encode(body), "B")
    expect(fields?.get("a")).toEqual(["1", "two\r\nlines"])
    expect(fields?.get("é")).toEqual([""])
  })

  it("refuses truncated bodies", () => {
    expect(parseMultipart(encode('--B\r\nContent-Disposition: form-data; name="a"\r\n\r\n1'), "B")).toBeUndefined()
    expect(parseMultipart(encode("no delimiter"), "B")).toBeUndefined()
    expect(parseMultipart(encode("--Bjunk"), "B")).toBeUndefined()
  })

  it("agrees with the platform's FormData encoder", async () => {
    const form = new FormData()
    form.append("x", "1")
    form.append("x", "a&b=c")
    const response = new Response(form)
    const boundary = boundaryOf(response.headers.get("content-type") ?? "")
    const fields = parseMultipart(new Uint8Array(await response.arrayBuffer()), boundary ?? "")
    expect(fields?.get("x")).toEqual(["1", "a&b=c"])
  })
})
