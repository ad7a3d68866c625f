/**
 * `sitelets/route` reads what the full router reads for a bodiless request
 * without headers: the same endpoint or none, for every value of the
 * fixture union linked and sent with every method, for those links broken
 * (segments dropped, swapped, doubled, retyped), and for hostile targets —
 * with templates read by the link tier itself and parsed.
 */
// The fixture first: its templates are declared before the router loads the parser.
import { Site } from "../fixtures/site.js"
import fc from "fast-check"
import { describe, expect, expectTypeOf, it } from "vitest"
import type { Infer } from "../../src/descriptor/descriptor.js"
import { t } from "../../src/descriptor/t.js"
import { FormData, Header, Json } from "../../src/descriptor/attributes.js"
import { Router as RouteRouter } from "../../src/link/route.js"
import { LinkError } from "../../src/router/link/link-error.js"
import { Router } from "../../src/router/router.js"
import { arbitraryOf } from "../support/arbitrary.js"
import { parsedUnion } from "../support/parsed-union.js"

const numRuns = Number(process.env.FC_NUM_RUNS ?? 100)
const full = Router.Infer(Site)
const light = RouteRouter.Infer(Site)
const lightParsed = RouteRouter.Infer(parsedUnion(Site))
const methods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "get"]

const linkOf = (value: Site): string | undefined => {
  try {
    return full.Link(value)
  } catch (error) {
    if (error instanceof LinkError) return undefined
    throw error
  }
}

// A target changed the ways a wrong URL is: a segment dropped, doubled, swapped with the next, or replaced.
const broken = (url: string, how: number, at: number, text: string): string => {
  const [path = "", query] = url.split("?")
  const segments = path.split("/").slice(1)
  const i = segments.length === 0 ? 0 : at % segments.length
  if (how === 0) segments.splice(i, 1)
  else if (how === 1) segments.splice(i, 0, segments[i] ?? text)
  else if (how === 2) [segments[i], segments[i + 1]] = [segments[i + 1] ?? text, segments[i] ?? text]
  else segments[i] = encodeURIComponent(text)
  return "/" + segments.join("/") + (query === undefined ? "" : "?" + query)
}

const same = async (method: string, target: string) => {
  const expected = await full.Parse({ method, url: target })
  expect(light.Match(method, target), `${method} ${target}`).toStrictEqual(expected)
  expect(lightParsed.Match(method, target), `${method} ${target} (parsed templates)`).toStrictEqual(expected)
  expect(full.Match(method, target), `${method} ${target} (the full router's Match)`).toStrictEqual(expected)
}

describe("sitelets/route", () => {
  it("reads every linked value back as the router does, with every method", async () => {
    await fc.assert(
      fc.asyncProperty(arbitraryOf(Site, { url: true }), fc.constantFrom(...methods), async (value, method) => {
        const url = linkOf(value)
        if (url !== undefined) await same(method, url)
      }),
      { numRuns: numRuns * 5 },
    )
  })

  it("refuses or reads broken links as the router does", async () => {
    await fc.assert(
      fc.asyncProperty(
        arbitraryOf(Site, { url: true }),
        fc.nat(3),
        fc.nat(),
        fc.constantFrom("1", "-0", "x", "None", "Some", "true", "2026-11-27", "0", "", "%", "a b", "__proto__"),
        async (value, how, at, text) => {
          const url = linkOf(value)
          if (url !== undefined) await same("GET", broken(url, how, at, text))
        },
      ),
      { numRuns: numRuns * 5 },
    )
  })

  it("refuses hostile targets as the router does", async () => {
    for (const target of [
      "/",
      "",
      "article/1/x",
      "/article/1/%",
      "/article/1/%C0%AE",
      "/article/1/..",
      "/article/1/%2e%2E",
      "/article\\1\\x",
      "/article/1/\ud800",
      "//article//1//x//",
      "/article/1/x?",
      "/article/1/x#frag",
      "http://h/article/1/x",
      "/search?q=a&q=b&page=2&page=x",
      "/search?page=%FF",
      "/search?q=%2B+x",
      "/constructor/__proto__?key=1",
      "/Renamed/1",
      "/renamed/1",
      "/Maybe/Some/x/None",
      "/Lists/2/1/2/0",
      "/Lists/99999999999999999999/1",
      "/login?user=a&password=b",
      "/files/a//b",
      "/numbers/1/x",
    ])
      for (const method of ["GET", "POST"]) await same(method, target)
  })

  it("reads a bodiless request as Parse does where a case would read a body: JSON missing, a form empty", async () => {
    const Corners = t.union({
      Form: t.case("POST /f", { note: FormData(t.option(t.string)), tags: FormData(t.list(t.string)) }),
      Needs: t.case("POST /g", { note: FormData(t.string) }),
      AfterNeeds: "POST /g",
      Body: t.case("GET /x", { body: Json(t.int) }),
      AfterBody: "GET /x",
      Header: t.case("GET /h", { trace: Header(t.option(t.string)), ids: Header(t.list(t.int)) }),
      Required: t.case("GET /r", { trace: Header(t.string) }),
    })
    const lightCorners = RouteRouter.Infer(Corners)
    const fullCorners = Router.Infer(Corners)
    for (const [method, target] of [
      ["POST", "/f"],
      ["GET", "/f?note=a"],
      ["POST", "/g"],
      ["GET", "/x"],
      ["GET", "/h"],
      ["GET", "/r"],
    ] as const) {
      const expected = await fullCorners.Parse({ method, url: target })
      expect(lightCorners.Match(method, target), `${method} ${target}`).toStrictEqual(expected)
      expect(fullCorners.Match(method, target), `${method} ${target}`).toStrictEqual(expected)
    }
    expect(fullCorners.Match("POST", "/f")).toStrictEqual({ $: "Form", tags: [] })
    expect(fullCorners.Match("GET", "/x")).toStrictEqual({ $: "AfterBody" })
  })

  it("composes: Shift, Sum, Map and Embed read and link as the full router's", async () => {
    const Pages = t.union({ Home: "GET /", Post: "GET /blog/<id:int>/<slug>" })
    const Api = t.union({ Get: "GET /items/<id:int>", Find: "GET /find?q=<q:string?>" })
    type Pages = Infer<typeof Pages>
    type Api = Infer<typeof Api>
    const lightSum = RouteRouter.Sum(
      RouteRouter.Shift("app", RouteRouter.Infer(Pages)),
      RouteRouter.Shift("api", RouteRouter.Infer(Api)),
    )
    const fullSum = Router.Sum(Router.Shift("app", Router.Infer(Pages)), Router.Shift("api", Router.Infer(Api)))
    expectTypeOf(lightSum.Match("GET", "/")).toEqualTypeOf<Pages | Api | undefined>()
    for (const target of [
      "/app",
      "/app/blog/3/a%20b",
      "/api/items/7",
      "/api/find?q=x%26y",
      "/api/find",
      "/apix/items/1",
      "/",
    ])
      expect(lightSum.Match("GET", target)).toEqual(await fullSum.Parse({ url: target }))
    expect(await lightSum.Parse({ url: "/api/items/7" })).toEqual({ $: "Get", id: 7 })
    expect(lightSum.Link({ $: "Post", id: 1, slug: "s" })).toBe("/app/blog/1/s")
    type Site2 = { $: "Page"; page: Pages } | { $: "Id"; id: number }
    const embed = RouteRouter.Embed(
      (page: Pages): Site2 => ({ $: "Page", page }),
      (site: Site2) => (site.$ === "Page" ? site.page : undefined),
      RouteRouter.Infer(Pages),
    )
    expect(embed.Match("GET", "/blog/2/x")).toEqual({ $: "Page", page: { $: "Post", id: 2, slug: "x" } })
    const ids = RouteRouter.Map(
      (page: Pages) => (page.$ === "Post" ? page.id : 0),
      (id: number) => ({ $: "Post" as const, id, slug: "post" }),
      RouteRouter.Infer(Pages),
    )
    expect(ids.Match("GET", "/blog/4/post")).toBe(4)
    expect(ids.Link(4)).toBe("/blog/4/post")
  })
})
