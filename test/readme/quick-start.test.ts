/**
 * The README's "Quick start", run as written (only the listen call is
 * replaced by a loopback server on an ephemeral port).
 */
import { describe, expect, it } from "vitest"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
// --- quick start, as in README.md ---
import { t, Json, Sitelet, Content, Html, Router, type Infer } from "../../src/index.js"
import { NodeHandler } from "../../src/host/node.js"

const Post = t.record({ title: t.string, tags: t.list(t.string) })

const Site = t.union({
  Home:    "GET /",
  Article: "GET /article/<id:int>/<slug>",
  Search:  "GET /search?q=<q>&page=<page:int?>",
  Create:  t.case("POST /api/posts", { post: Json(Post) }),
})
type Site = Infer<typeof Site>

const site = Sitelet.Infer(Site, {
  Home: (ctx) => Content.Page({
    Title: "Home",
    Body: Html.a({ href: ctx.Link({ $: "Article", id: 1, slug: "hello world" }) }, "First article"),
  }),
  Article: (_ctx, e) => Content.Text(`article ${e.id}: ${e.slug}`),
  Search: (_ctx, e) => Content.Json({ q: e.q, page: e.page ?? 1 }),
  Create: (_ctx, e) => Content.Json(e.post, Post),
})

const router = Router.Infer(Site)
// --- end of quick start ---

describe("README quick start", () => {
  it("links and parses", async () => {
    expect(router.Link({ $: "Article", id: 1, slug: "hello world" })).toBe("/article/1/hello%20world")
    expect(router.Link({ $: "Search", q: "typed links" })).toBe("/search?q=typed%20links")
    expect(await router.Parse({ url: "/search?q=x&page=2" })).toEqual({ $: "Search", q: "x", page: 2 })
  })

  it("serves on node:http", async () => {
    const server: Server = createServer(NodeHandler(site))
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      const home = await fetch(base + "/")
      expect(home.headers.get("content-type")).toBe("text/html; charset=utf-8")
      expect(await home.text()).toContain('<a href="/article/1/hello%20world">First article</a>')
      expect(await (await fetch(base + "/article/1/hello%20world")).text()).toBe("article 1: hello world")
      const created = await fetch(base + "/api/posts", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ title: "Hi", tags: ["a"] }),
      })
      expect(await created.json()).toEqual({ title: "Hi", tags: ["a"] })
      const bad = await fetch(base + "/api/posts", { method: "POST", headers: { "content-type": "application/json" }, body: '{"title":1}' })
      expect(bad.status).toBe(400)
      expect((await fetch(base + "/nope")).status).toBe(404)
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
