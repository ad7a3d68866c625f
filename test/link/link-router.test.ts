/**
 * `sitelets/link` writes exactly what the full router's `Link` writes —
 * the same URL, or a `LinkError` with the same field and reason — for
 * every value of the fixture union (every URL shape of DESIGN.md §2/§3),
 * with its templates read by the link tier itself (declared before the
 * parser loaded) and as parsed descriptors; and its combinators link as the
 * full ones do.
 */
// The fixture first: its templates are declared before the router loads the parser.
import { BlogSite, Site } from "../fixtures/site.js"
import fc from "fast-check"
import { describe, expect, expectTypeOf, it } from "vitest"
import type { Descriptor, Infer } from "../../src/descriptor/descriptor.js"
import { templateOf } from "../../src/descriptor/template-case.js"
import { t } from "../../src/descriptor/t.js"
import { Router as LinkRouter } from "../../src/link/index.js"
import { LinkError } from "../../src/router/link/link-error.js"
import { Router } from "../../src/router/router.js"
import { arbitraryOf } from "../support/arbitrary.js"
import { parsedUnion } from "../support/parsed-union.js"

const numRuns = Number(process.env.FC_NUM_RUNS ?? 100)

const outcome = (link: () => string): string => {
  try {
    return link()
  } catch (error) {
    if (error instanceof LinkError) return `LinkError ${error.message}`
    throw error
  }
}

describe("sitelets/link", () => {
  it("reads the fixture's templates itself (they were declared before the parser loaded)", () => {
    expect(templateOf in Site.cases.Article).toBe(true)
    expect(templateOf in BlogSite.cases[Object.keys(BlogSite.cases)[0] as keyof typeof BlogSite.cases]).toBe(true)
  })

  it.each([
    ["templates read by the link tier", Site],
    ["templates parsed", parsedUnion(Site)],
  ] as const)("links every value as the router does: %s", (_name, union) => {
    const full = Router.Infer(Site)
    const light = LinkRouter.Infer(union as Descriptor) as unknown as { Link(value: unknown): string }
    fc.assert(
      fc.property(arbitraryOf(Site, { url: true }), (value) => {
        expect(outcome(() => light.Link(value))).toBe(outcome(() => full.Link(value)))
      }),
      { numRuns: numRuns * 5 },
    )
  })

  it("refuses what the router refuses, with its sentences: wrong values, unknown cases, bad texts", () => {
    const full = Router.Infer(Site) as unknown as { Link(value: unknown): string }
    const light = LinkRouter.Infer(Site) as unknown as { Link(value: unknown): string }
    const values: unknown[] = [
      { $: "Article", id: 1.5, slug: "x" },
      { $: "Article", id: 1, slug: "" },
      { $: "Article", id: 1, slug: ".." },
      { $: "Article", id: "1", slug: "x" },
      { $: "Article", id: 1, slug: "\ud800" },
      { $: "Nope" },
      { $: "constructor" },
      null,
      7,
      { $: "Scalars", flag: true, big: 1n, ratio: Number.POSITIVE_INFINITY, text: "a" },
      { $: "Files", path: "a//b" },
      { $: "Files", path: "" },
      { $: "Numbers", values: "1" },
      { $: "Archive", day: new Date(Number.NaN) },
      { $: "Stamp", at: "2026" },
      { $: "Enum", access: 3 },
      { $: "Mixed", id: 1, q: "it's", tags: ["a b", "&"], when: undefined, big: 5n },
      { $: "Math", expr: { $: "Add", left: { $: "Num", value: 1 }, right: { $: "Oops" } } },
      { $: "Blog", sub: { $: "Nope" } },
    ]
    for (const value of values) expect(outcome(() => light.Link(value))).toBe(outcome(() => full.Link(value)))
  })

  it("composes as the full router: Shift, Sum, Map, Embed, over link routers and full ones", () => {
    const Pages = t.union({ Home: "GET /", Post: "GET /blog/<id:int>/<slug>" })
    const Api = t.union({ Get: "GET /items/<id:int>", Find: "GET /find?q=<q:string?>" })
    type Pages = Infer<typeof Pages>
    type Api = Infer<typeof Api>
    const light = LinkRouter.Sum(
      LinkRouter.Shift("app", LinkRouter.Infer(Pages)),
      LinkRouter.Shift("api/v1", Router.Infer(Api)),
    )
    const full = Router.Sum(Router.Shift("app", Router.Infer(Pages)), Router.Shift("api/v1", Router.Infer(Api)))
    expectTypeOf(light.Link).parameter(0).toEqualTypeOf<Pages | Api>()
    for (const value of [
      { $: "Home" },
      { $: "Post", id: 3, slug: "a b" },
      { $: "Get", id: 7 },
      { $: "Find", q: "x&y" },
      { $: "Find" },
    ] as Array<Pages | Api>)
      expect(light.Link(value)).toBe(full.Link(value))
    expect(() => light.Link({ $: "Gone" } as never)).toThrow(LinkError)
    type Site = { $: "Page"; page: Pages } | { $: "Id"; id: number }
    const embed = LinkRouter.Embed(
      (page: Pages): Site => ({ $: "Page", page }),
      (site: Site) => (site.$ === "Page" ? site.page : undefined),
      LinkRouter.Infer(Pages),
    )
    expect(embed.Link({ $: "Page", page: { $: "Post", id: 1, slug: "s" } })).toBe("/blog/1/s")
    expect(() => embed.Link({ $: "Id", id: 1 })).toThrow(LinkError)
    const ids = LinkRouter.Map(
      (page: Pages) => (page.$ === "Post" ? page.id : 0),
      (id: number) => ({ $: "Post" as const, id, slug: "post" }),
      LinkRouter.Infer(Pages),
    )
    expect(ids.Link(4)).toBe("/blog/4/post")
    // A wrong value is a compile error, as with the full router.
    // @ts-expect-error no such case
    expect(() => LinkRouter.Infer(Pages).Link({ $: "Nope" })).toThrow(LinkError)
  })
})
