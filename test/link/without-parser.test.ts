/**
 * `sitelets/link` with nothing else loaded (a page that only links): the
 * templates are never parsed — reading a case's fields would throw — and
 * every link is still written. The bundle test measures what it carries.
 */
import { describe, expect, it } from "vitest"
import { t } from "../../src/descriptor/t.js"
import { Json, Returns } from "../../src/descriptor/attributes.js"
import * as descriptorMessages from "../../src/descriptor/messages.js"
import { Router } from "../../src/link/index.js"

const Post = t.record({ title: t.string })
const Pages = t.union({
  Home: "GET /",
  Post: "GET /blog/<id:int>/<slug>",
  Search: "GET /search?q=<q:string?>&page=<page:int?>",
  Archive: "GET /archive/<day:datetime(yyyy-MM-dd)>",
  Files: "GET /files/<...path>",
  Save: t.case("POST /save/<id:int>", { post: Json(Post) }, Returns(Post)),
})

describe("sitelets/link without the router", () => {
  it("links templates it reads itself, never parsing them", () => {
    const pages = Router.Shift("app", Router.Infer(Pages))
    expect(pages.Link({ $: "Home" })).toBe("/app")
    expect(pages.Link({ $: "Post", id: 3, slug: "a b" })).toBe("/app/blog/3/a%20b")
    expect(pages.Link({ $: "Search", q: "it's", page: 2 })).toBe("/app/search?q=it%27s&page=2")
    expect(pages.Link({ $: "Search" })).toBe("/app/search")
    expect(pages.Link({ $: "Archive", day: new Date(Date.UTC(2026, 10, 27)) })).toBe("/app/archive/2026-11-27")
    expect(pages.Link({ $: "Files", path: "a/b c" })).toBe("/app/files/a/b%20c")
    expect(pages.Link({ $: "Save", id: 1, post: { title: "x" } })).toBe("/app/save/1")
    // The parser was never loaded: a case's fields cannot be read here.
    expect(() => Pages.cases.Post.fields).toThrow(descriptorMessages.templateUnread("GET /blog/<id:int>/<slug>"))
  })
})
