import { describe, expect, it } from "vitest"
import { t } from "../../src/descriptor/t.js"
import { Router } from "../../src/router/router.js"
import { LinkError } from "../../src/router/link-error.js"
import { routerMessages } from "../../src/router/messages.js"
import { Site } from "../fixtures/site.js"

const router = Router.Infer(Site)

describe("LinkError", () => {
  const A = t.union({ Article: t.case({ id: t.int, slug: t.string }), Ratio: t.case({ r: t.float }), When: t.case({ at: t.datetime }) })
  const r = Router.Infer(A)
  const failure = (value: unknown): LinkError => {
    try {
      r.Link(value as never)
    } catch (error) {
      if (error instanceof LinkError) return error
      throw error
    }
    throw new Error("Link did not throw")
  }

  it.each([
    [{ $: "Article", id: 1, slug: "" }, "Article.slug", routerMessages.linkEmptySegment],
    [{ $: "Article", id: 1, slug: "." }, "Article.slug", routerMessages.linkDotSegment(".")],
    [{ $: "Article", id: 1, slug: ".." }, "Article.slug", routerMessages.linkDotSegment("..")],
    [{ $: "Article", id: 1, slug: "\ud800" }, "Article.slug", routerMessages.linkLoneSurrogate],
    [{ $: "Article", id: 2 ** 53, slug: "x" }, "Article.id", routerMessages.linkUnsafeInteger(2 ** 53)],
    [{ $: "Article", id: 1.5, slug: "x" }, "Article.id", routerMessages.linkUnsafeInteger(1.5)],
    [{ $: "Ratio", r: Number.NaN }, "Ratio.r", routerMessages.linkNotFinite(Number.NaN)],
    [{ $: "Ratio", r: Infinity }, "Ratio.r", routerMessages.linkNotFinite(Infinity)],
    [{ $: "When", at: new Date(Number.NaN) }, "When.at", routerMessages.linkInvalidDate],
    [{ $: "Nope" }, "", routerMessages.linkUnknownCase("Nope")],
  ])("%o fails at %s", (value, field, reason) => {
    const error = failure(value)
    expect(error.field).toBe(field)
    expect(error.reason).toBe(reason)
    expect(error.message).toBe(routerMessages.linkError(field, reason))
  })

  it("names list indexes and wildcard pieces", () => {
    expect(() => Router.Infer(t.list(t.string)).Link(["a", ""])).toThrow(routerMessages.linkError("[1]", routerMessages.linkEmptySegment))
    expect(() => router.Link({ $: "Files", path: "a//b" })).toThrow(routerMessages.linkError("Files.path", routerMessages.linkWildcardEmptyPiece("a//b")))
    expect(() => router.Link({ $: "Files", path: "a/../b" })).toThrow(routerMessages.linkError("Files.path", routerMessages.linkDotSegment("..")))
  })

  it("query values may be empty but not lone surrogates", () => {
    expect(router.Link({ $: "Search", q: "" })).toBe("/search?q=")
    expect(() => router.Link({ $: "Search", q: "\udc00" })).toThrow(routerMessages.linkError("Search.q", routerMessages.linkLoneSurrogate))
  })
})

