import { describe, expect, it } from "vitest"
import { createHash } from "node:crypto"
import { Content } from "../../../src/sitelet/content/content.js"
import { header, resolveContent, staticContent, headerOf } from "../../../src/sitelet/content-model.js"
import { Status } from "../../../src/sitelet/http/http-status.js"
import { entityTag, notModified } from "../../../src/sitelet/content/validators.js"
import { contentMessages } from "../../../src/sitelet/content/content-messages.js"
import { webDigest } from "../../../src/internal/digest.js"
import type { Context } from "../../../src/sitelet/context.js"

const ctx = {} as Context<never>
// A plain view, not `Headers`: it would refuse some of the hostile values before the evaluator sees them.
const headers = (init: Record<string, string>) => ({ get: (name: string) => init[name.toLowerCase()] ?? null })
const tagged = (etag: string, extra: Array<readonly [string, string]> = []) =>
  staticContent(
    Status.Ok,
    [header("Content-Type", "text/plain"), header("ETag", etag), ...extra.map(([n, v]) => header(n, v))],
    "body",
  )

describe("entityTag", () => {
  it("quotes bare text, keeps quoted tags, weakens on request", () => {
    expect(entityTag("v1")).toBe('"v1"')
    expect(entityTag("v1", true)).toBe('W/"v1"')
    expect(entityTag('"v1"')).toBe('"v1"')
    expect(entityTag('W/"v1"')).toBe('W/"v1"')
    expect(entityTag('"v1"', true)).toBe('W/"v1"')
  })
  it("refuses characters a tag cannot hold", () => {
    for (const bad of ["a b", 'a"b', "a\nb", '"a', "a\x00"])
      expect(() => entityTag(bad)).toThrow(contentMessages.badEntityTag(bad))
  })
})

describe("notModified (If-None-Match)", () => {
  const content = tagged('"abc"', [
    ["Cache-Control", "max-age=60"],
    ["Vary", "Origin"],
    ["Access-Control-Allow-Origin", "https://a.example"],
  ])
  it("answers 304 for a matching tag, in a list, weakly compared, or *", () => {
    for (const value of ['"abc"', 'W/"abc"', '"x", "abc"', '"x",W/"abc"', "*", ' "abc" ', '"x",,"abc"'])
      expect(notModified(content, "GET", headers({ "if-none-match": value }))?.status.code, value).toBe(304)
    expect(notModified(tagged('W/"abc"'), "HEAD", headers({ "if-none-match": '"abc"' }))?.status.code).toBe(304)
  })
  it("keeps the validators, caching, Vary and CORS headers, drops the body and its type", () => {
    const answer = notModified(content, "GET", headers({ "if-none-match": '"abc"' }))!
    expect(answer.body).toBeUndefined()
    expect(answer.headers.map(([n]) => n)).toEqual(["ETag", "Cache-Control", "Vary", "Access-Control-Allow-Origin"])
  })
  it("answers the content for other tags, other methods, other statuses", () => {
    expect(notModified(content, "GET", headers({ "if-none-match": '"abd"' }))).toBeUndefined()
    expect(notModified(content, "POST", headers({ "if-none-match": '"abc"' }))).toBeUndefined()
    const created = staticContent(Status.Created, content.headers, "x")
    expect(notModified(created, "GET", headers({ "if-none-match": '"abc"' }))).toBeUndefined()
    expect(notModified(Content.Text("x"), "GET", headers({ "if-none-match": "*" }))).toBeUndefined()
  })
  it("ignores malformed values, never throws", () => {
    for (const value of ["abc", '"abc', "W/abc", '"a b"', '"abc" junk', ",", "", 'W/ "abc"', "\u0000"])
      expect(notModified(content, "GET", headers({ "if-none-match": value })), value).toBeUndefined()
  })
})

describe("notModified (If-Modified-Since)", () => {
  const when = new Date("2026-11-25T10:00:00.750Z")
  const dated = Content.WithLastModified(Content.Text("x"), when) as ReturnType<typeof Content.Text>
  it("writes Last-Modified as an HTTP date (whole seconds)", () => {
    expect(headerOf(dated, "last-modified")).toBe("Wed, 25 Nov 2026 10:00:00 GMT")
  })
  it("answers 304 when the client's date is the same or later", () => {
    expect(
      notModified(dated, "GET", headers({ "if-modified-since": "Wed, 25 Nov 2026 10:00:00 GMT" }))?.status.code,
    ).toBe(304)
    expect(
      notModified(dated, "GET", headers({ "if-modified-since": "Thu, 26 Nov 2026 10:00:00 GMT" }))?.status.code,
    ).toBe(304)
    expect(notModified(dated, "GET", headers({ "if-modified-since": "Wed, 25 Nov 2026 09:59:59 GMT" }))).toBeUndefined()
  })
  it("ignores a malformed date, and defers to If-None-Match when both are sent", () => {
    // Date.parse reads "9999" and "hello 3000" as years; RFC 9110 §13.1.3 says an invalid date is ignored.
    for (const invalid of ["yesterday", "9999", "hello 3000", "2027-01-01", "Thu, 26 Nov 2026 10:00:00 UTC", ""])
      expect(notModified(dated, "GET", headers({ "if-modified-since": invalid })), invalid).toBeUndefined()
    // The two obsolete forms a recipient must accept (RFC 9110 §5.6.7).
    for (const obsolete of ["Thursday, 26-Nov-26 10:00:00 GMT", "Thu Nov 26 10:00:00 2026"])
      expect(notModified(dated, "GET", headers({ "if-modified-since": obsolete }))?.status.code, obsolete).toBe(304)
    const both = Content.WithLastModified(tagged('"abc"'), when) as ReturnType<typeof Content.Text>
    const later = "Thu, 26 Nov 2026 10:00:00 GMT"
    expect(
      notModified(both, "GET", headers({ "if-none-match": '"other"', "if-modified-since": later })),
    ).toBeUndefined()
    // A malformed If-None-Match is ignored as if absent: the date decides.
    expect(
      notModified(both, "GET", headers({ "if-none-match": "junk", "if-modified-since": later }))?.status.code,
    ).toBe(304)
  })
  it("refuses an invalid date when the content is made", () => {
    expect(() => Content.WithLastModified(Content.Text("x"), new Date(Number.NaN))).toThrow(
      contentMessages.badLastModified,
    )
  })
})

describe("Content.WithETag", () => {
  it("uses a given tag, replacing an earlier one", async () => {
    const once = Content.WithETag(Content.Text("x"), "v1")
    const twice = await resolveContent(Content.WithETag(once, "v2", { Weak: true }), ctx)
    expect(twice.headers.filter(([n]) => n === "ETag")).toEqual([["ETag", 'W/"v2"']])
  })
  it("computes a strong tag from the bytes, equal to node:crypto's SHA-1", async () => {
    const text = "héllo wörld"
    const answer = await resolveContent(Content.WithETag(Content.Text(text)), ctx)
    const expected = createHash("sha1").update(text).digest("base64url")
    expect(headerOf(answer, "etag")).toBe(`"${expected}"`)
    expect(await webDigest(new TextEncoder().encode(text))).toBe(expected)
  })
})
