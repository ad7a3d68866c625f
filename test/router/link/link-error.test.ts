import { describe, expect, it } from "vitest"
import { t } from "../../../src/descriptor/t.js"
import { DateTimeFormat } from "../../../src/descriptor/attributes.js"
import { Router } from "../../../src/router/router.js"
import { LinkError } from "../../../src/router/link/link-error.js"
import { routerMessages } from "../../../src/router/messages.js"
import { Site } from "../../fixtures/site.js"

const router = Router.Infer(Site)

describe("LinkError", () => {
  const A = t.union({
    Article: t.case({ id: t.int, slug: t.string }),
    Ratio: t.case({ r: t.float }),
    When: t.case({ at: t.datetime }),
    // WebSharper's documentation: DateTimeFormat("time", "HH.mm.ss") gives /Time/15.05.32.
    Time: t.case({ time: t.datetime }, DateTimeFormat("time", "HH.mm.ss")),
  })
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
    [
      { $: "Time", time: new Date("2026-11-22T15:05:32Z") },
      "Time.time",
      routerMessages.linkDateBeyondFormat("HH.mm.ss"),
    ],
    [{ $: "Nope" }, "", routerMessages.linkNoRoute],
  ])("%o fails at %s", (value, field, reason) => {
    const error = failure(value)
    expect(error.field).toBe(field)
    expect(error.reason).toBe(reason)
    expect(error.message).toBe(routerMessages.linkError(field, reason))
  })

  it("names list indexes and wildcard pieces", () => {
    expect(() => Router.Infer(t.list(t.string)).Link(["a", ""])).toThrow(
      routerMessages.linkError("[1]", routerMessages.linkEmptySegment),
    )
    expect(() => router.Link({ $: "Files", path: "a//b" })).toThrow(
      routerMessages.linkError("Files.path", routerMessages.linkWildcardEmptyPiece("a//b")),
    )
    expect(() => router.Link({ $: "Files", path: "a/../b" })).toThrow(
      routerMessages.linkError("Files.path", routerMessages.linkDotSegment("..")),
    )
  })

  it("query values may be empty but not lone surrogates", () => {
    expect(router.Link({ $: "Search", q: "" })).toBe("/search?q=")
    expect(() => router.Link({ $: "Search", q: "\udc00" })).toThrow(
      routerMessages.linkError("Search.q", routerMessages.linkLoneSurrogate),
    )
  })
})

describe("values another router produces", () => {
  it("make link() return undefined at the top level, so Router.Sum asks the next router", async () => {
    const A = t.union({ A: t.case({ n: t.int }) })
    const B = t.union({ B: t.case({ s: t.string }) })
    const sum = Router.Sum<{ $: "A"; n: number } | { $: "B"; s: string }>(
      Router.Infer(A) as never,
      Router.Infer(B) as never,
    )
    expect(sum.Link({ $: "B", s: "x" })).toBe("/B/x")
    expect(sum.Link({ $: "A", n: 1 })).toBe("/A/1")
    expect(Router.Infer(A).link({ $: "B" } as never)).toBeUndefined()
    expect(Router.Infer(t.int).link("x" as never)).toBeUndefined()
    expect(await sum.Parse({ url: "/B/x" })).toEqual({ $: "B", s: "x" })
  })

  it("but a wrong value inside a field still names the field", () => {
    const Outer = t.union({ Wrap: t.case({ inner: t.union({ In: t.case({ n: t.int }) }) }) })
    expect(() => Router.Infer(Outer).Link({ $: "Wrap", inner: { $: "Out" } } as never)).toThrow(
      routerMessages.linkError("Wrap.inner", routerMessages.linkUnknownCase("Out")),
    )
    expect(() => Router.Infer(t.tuple(t.int)).Link(["x"] as never)).toThrow(
      routerMessages.linkError("[0]", routerMessages.linkWrongType("int", "x")),
    )
  })

  it("links and parses a partial date format, as WebSharper's documentation writes it", async () => {
    const time = new Date("1970-01-01T15:05:32Z")
    const described = Router.Infer(t.union({ Time: t.case({ time: t.datetime }, DateTimeFormat("time", "HH.mm.ss")) }))
    expect(described.Link({ $: "Time", time })).toBe("/Time/15.05.32")
    expect(await described.Parse({ url: "/Time/15.05.32" })).toEqual({ $: "Time", time })
    const templated = Router.Infer(t.union({ A: "GET /A/<time:datetime(HH.mm.ss)>" }))
    expect(templated.Link({ $: "A", time })).toBe("/A/15.05.32")
    expect(await templated.Parse({ url: "/A/15.05.32" })).toEqual({ $: "A", time })
    expect(await templated.Parse({ url: "/A/25.05.32" })).toBeUndefined()
  })
})
