import { describe, expect, it } from "vitest"
import { t } from "../../../src/descriptor/t.js"
import { EndPoint, Query } from "../../../src/descriptor/attributes.js"
import { Router } from "../../../src/router/router.js"
import { Site } from "../../fixtures/site.js"

const router = Router.Infer(Site)

describe("declaration order and backtracking", () => {
  const Blog = t.union({
    List: "/blog",
    ById: "/blog/<id:int>",
    BySlug: "/blog/<slug>",
    Deep: "/blog/<a>/<b:int>",
    Deeper: "/blog/<a>/<b>",
  })
  const blog = Router.Infer(Blog)

  it("the first case whose whole path parses wins", async () => {
    expect(await blog.Parse({ url: "/blog" })).toEqual({ $: "List" })
    expect(await blog.Parse({ url: "/blog/12" })).toEqual({ $: "ById", id: 12 })
    expect(await blog.Parse({ url: "/blog/twelve" })).toEqual({ $: "BySlug", slug: "twelve" })
    expect(await blog.Parse({ url: "/blog/x/1" })).toEqual({ $: "Deep", a: "x", b: 1 })
    expect(await blog.Parse({ url: "/blog/x/y" })).toEqual({ $: "Deeper", a: "x", b: "y" })
  })

  it("backtracks into nested values", async () => {
    const Inner = t.union({ A: "/a", AB: "/a/<n:int>" })
    const Outer = t.union({ X: t.case("/x/<inner>/<tail>", { inner: Inner, tail: t.string }) })
    const outer = Router.Infer(Outer)
    expect(await outer.Parse({ url: "/x/a/end" })).toEqual({ $: "X", inner: { $: "A" }, tail: "end" })
    expect(await outer.Parse({ url: "/x/a/1/end" })).toEqual({ $: "X", inner: { $: "AB", n: 1 }, tail: "end" })
    expect(await outer.Parse({ url: "/x/a/1" })).toEqual({ $: "X", inner: { $: "A" }, tail: "1" })
  })

  it("an earlier dynamic case beats a later literal one", async () => {
    const U = t.union({ Any: "/p/<s>", About: "/p/about" })
    const r = Router.Infer(U)
    expect(await r.Parse({ url: "/p/about" })).toEqual({ $: "Any", s: "about" })
    expect(r.Shadowed).toEqual(["About (shadowed by Any)"])
  })

  it("several EndPoint strings all parse; the first links", async () => {
    expect(await router.Parse({ url: "/alias/second/4" })).toEqual({ $: "Alias", id: 4 })
    expect(router.Link({ $: "Alias", id: 4 })).toBe("/alias/first/4")
  })
})

describe("Shadowed", () => {
  it("lists cases an earlier case always wins", () => {
    const U = t.union({
      A: "GET /a/<x:int>",
      B: "GET /a/<y:int>",
      C: "/c/<s>",
      D: "GET /c/<n:int>",
      E: "/files/<...rest>",
      F: "/files/x/y",
      G: "POST /a/<x:int>",
      H: t.case({ n: t.int }, EndPoint("/h"), Query("n")),
      I: t.case({ n: t.int }, EndPoint("/h")),
      J: "HEAD /a/<z:int>",
    })
    expect(Router.Infer(U).Shadowed).toEqual([
      "B (shadowed by A)",
      "D (shadowed by C)",
      "F (shadowed by E)",
      "J (shadowed by A)",
    ])
  })
})

describe("Shadowed in nested unions", () => {
  it("names the outer case", () => {
    const Inner = t.union({ Any: "/<s>", About: "/about" })
    const Outer = t.union({ Docs: t.case("/docs/<inner>", { inner: Inner }), Other: "/other" })
    expect(Router.Infer(Outer).Shadowed).toEqual(["Docs.About (shadowed by Docs.Any)"])
  })
})

describe("static paths", () => {
  const U = t.union({
    GetX: "GET /x",
    PostX: "POST /x",
    AB: "/a/b",
    Root: "/",
  })
  const r = Router.Infer(U)

  it("a static path that fails on method falls back to later cases", async () => {
    expect(await r.Parse({ method: "GET", url: "/x" })).toEqual({ $: "GetX" })
    expect(await r.Parse({ method: "POST", url: "/x" })).toEqual({ $: "PostX" })
    expect(await r.Parse({ method: "PUT", url: "/x" })).toBeUndefined()
  })

  it("a decoded slash never passes for a static path", async () => {
    expect(await r.Parse({ url: "/a/b" })).toEqual({ $: "AB" })
    expect(await r.Parse({ url: "/a%2Fb" })).toBeUndefined()
    expect(await r.Parse({ url: "/" })).toEqual({ $: "Root" })
  })
})

describe("the compiled trie", async () => {
  const { pathCodecOf } = await import("../../../src/router/codec/path-codec.js")
  type Tree = { tree(): Record<string, string[]> }

  it("keys alternatives by their leading literals; each node lists every candidate in declaration order", () => {
    const U = t.union({
      Home: "GET /",
      Any: "/<s>",
      Blog: "/blog",
      Post: "/blog/<id:int>",
      Edit: "/blog/<id:int>/edit",
      About: "/blog/about/us",
      Alt: t.case({ n: t.int }, EndPoint("/x", "/blog/x")),
    })
    expect({ ...(pathCodecOf(U, "U") as unknown as Tree).tree() }).toEqual({
      "/": ["Home", "Any"],
      "/blog": ["Home", "Any", "Blog", "Post", "Edit"],
      "/blog/about/us": ["Home", "Any", "Blog", "Post", "Edit", "About"],
      "/blog/x": ["Home", "Any", "Blog", "Post", "Edit", "Alt"],
      "/x": ["Home", "Any", "Alt"],
    })
  })
})
