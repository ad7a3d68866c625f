// biome-ignore-all format: the README's quick start, line for line
/**
 * The README's "Quick start", run as written (only the listen call is
 * replaced by a loopback server on an ephemeral port). The first test checks
 * that the code copied below still reads as the README's block, so the two
 * cannot drift apart.
 */
import { describe, expect, it } from "vitest"
import { readFileSync } from "node:fs"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
// --- quick start, as in README.md ---
import { t, Json, Sitelet, Content, Html, Router, type Infer } from "../../src/index.js"
import { NodeHandler } from "../../src/host/node/index.js"

const Post = t.record({ title: t.string, tags: t.list(t.string) })

const Site = t.union({
  Home:    "GET /",
  Article: "GET /article/<id:int>/<slug>",
  Search:  "GET /search?q=<q>&page=<page:int?>",
  Create:  t.case("POST /api/posts", { post: Json(Post) }),
})
// biome-ignore lint/correctness/noUnusedVariables: the README snippet, as written there
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

/** The code lines of a block: no blank or comment-only lines, trailing comments and spaces removed. */
const codeLines = (block: string): string[] =>
  block.split("\n").map((line) => line.replace(/\s+\/\/.*$/, "").trimEnd()).filter((line) => line.trim() !== "" && !line.trim().startsWith("//"))

describe("README quick start", () => {
  it("is the README's code, line for line (import paths aside)", () => {
    const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8")
    const section = readme.slice(readme.indexOf("## Quick start"))
    const block = /```ts\n([\s\S]*?)```/.exec(section)?.[1] ?? ""
    const self = readFileSync(new URL(import.meta.url), "utf8")
    const copied = self.slice(self.indexOf("// --- quick start, as in README.md ---"), self.indexOf("// --- end of quick start ---"))
    const test = codeLines(copied.replaceAll('"../../src/index.js"', '"sitelets"').replaceAll('"../../src/host/node/index.js"', '"sitelets/node"'))
    // The README's block is the copy plus its createServer import and listen call, and the two example calls.
    const expected = codeLines(block).filter(
      (line) => line !== 'import { createServer } from "node:http"' && !line.startsWith("createServer(") && !line.startsWith("router.") && !line.startsWith("await router."),
    )
    expect(test.length).toBeGreaterThan(15)
    expect(test).toEqual(expected)
  })

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
