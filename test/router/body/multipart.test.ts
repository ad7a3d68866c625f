import { describe, expect, it } from "vitest"
import { boundaryOf, hasTooManyParts, parseMultipart } from "../../../src/router/body/multipart.js"

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

describe("multipart part limit", () => {
  const part = (name: string) => `--B\r\nContent-Disposition: form-data; name="${name}"\r\n\r\nv\r\n`
  const body = (parts: number) => encode(part("a").repeat(parts) + "--B--\r\n")

  it("reads exactly maxParts parts and refuses one more", () => {
    expect(parseMultipart(body(3), "B", 3)?.get("a")).toEqual(["v", "v", "v"])
    expect(parseMultipart(body(4), "B", 3)).toBeUndefined()
    expect(parseMultipart(body(1000), "B")?.get("a")).toHaveLength(1000)
    expect(parseMultipart(body(1001), "B")).toBeUndefined()
  })

  it("hasTooManyParts tells the count apart from a malformed body", () => {
    expect(hasTooManyParts(body(3), "B", 3)).toBe(false)
    expect(hasTooManyParts(body(4), "B", 3)).toBe(true)
    // Truncated after the limit: still too many (counted first, with an early exit).
    expect(hasTooManyParts(encode(part("a").repeat(5)), "B", 3)).toBe(true)
    // Malformed before the limit, or no delimiter at all: not a count problem.
    expect(hasTooManyParts(encode("--Bjunk" + part("a").repeat(5)), "B", 3)).toBe(false)
    expect(hasTooManyParts(encode("no delimiter"), "B", 0)).toBe(false)
    // A closed body of zero parts.
    expect(hasTooManyParts(encode("--B--\r\n"), "B", 0)).toBe(false)
  })
})
