import { describe, expect, expectTypeOf, it } from "vitest"
import { t } from "../../src/descriptor/t.js"
import type { Infer } from "../../src/descriptor/descriptor.js"
import { EndPoint, Json, Method, Query } from "../../src/descriptor/attributes.js"
import { Router } from "../../src/router/router.js"
import { LinkError } from "../../src/router/link-error.js"
import { routerMessages } from "../../src/router/messages.js"
import { Post, Site, siteBodyCases, siteCases } from "../fixtures/site.js"

const router = Router.Infer(Site)

describe("Router.Infer over the shared fixture", () => {
  it("is typed Router<Infer<typeof Site>>", () => {
    expectTypeOf(router).toEqualTypeOf<Router<Infer<typeof Site>>>()
    expectTypeOf(Router.Infer(t.int)).toEqualTypeOf<Router<number>>()
    expectTypeOf(Router.Infer(t.tuple(t.int, t.string))).toEqualTypeOf<Router<[number, string]>>()
  })

  it.each(siteCases.map((entry) => [entry.url, entry] as const))("links and parses %s", async (_url, entry) => {
    expect(router.Link(entry.value)).toBe(entry.url)
    expect(await router.Parse({ method: entry.method ?? "GET", url: entry.url })).toEqual(entry.value)
  })

  it.each(siteBodyCases.map((entry) => [entry.url, entry] as const))("parses the body of %s", async (_url, entry) => {
    const request = { method: entry.method, url: entry.url, headers: { "content-type": entry.contentType }, body: entry.body }
    expect(await router.Parse(request)).toEqual(entry.value)
    const path = router.link(entry.value)
    expect(path?.method).toBe(entry.method)
    expect(path?.body).toBeDefined()
  })

  it("has no shadowed case", () => {
    expect(router.Shadowed).toEqual([])
  })
})

describe("methods", () => {
  it("a case without a method accepts every method; HEAD is answered by GET cases", async () => {
    expect(await router.Parse({ method: "DELETE", url: "/Other/1" })).toEqual({ $: "Other", n: 1 })
    expect(await router.Parse({ method: "HEAD", url: "/article/1/x" })).toEqual({ $: "Article", id: 1, slug: "x" })
    expect(await router.Parse({ method: "POST", url: "/article/1/x" })).toBeUndefined()
    expect(await router.Parse({ method: "PATCH", url: "/verbs" })).toEqual({ $: "Verbs" })
    expect(await router.Parse({ method: "GET", url: "/verbs" })).toBeUndefined()
  })

  it("nested unions keep their own methods", async () => {
    expect(await router.Parse({ method: "GET", url: "/blog/remove/1" })).toBeUndefined()
    expect(await router.Parse({ method: "DELETE", url: "/blog/remove/1" })).toEqual({ $: "Blog", sub: { $: "Remove", id: 1 } })
  })

  it("method names that are Object.prototype keys are plain strings", async () => {
    for (const method of ["constructor", "__proto__", "toString", "hasOwnProperty"]) {
      expect(await router.Parse({ method, url: "/verbs" })).toBeUndefined()
      expect(await router.Parse({ method, url: "/Other/2" })).toEqual({ $: "Other", n: 2 })
    }
  })
})

describe("query", () => {
  it("mandatory keys are required, optional keys optional, unknown keys ignored", async () => {
    expect(await router.Parse({ url: "/search" })).toBeUndefined()
    expect(await router.Parse({ url: "/search?q=a&page=x" })).toBeUndefined()
    expect(await router.Parse({ url: "/search?zzz=1&q=a&page=3&q=b" })).toEqual({ $: "Search", q: "a", page: 3 })
    expect(await router.Parse({ url: "/search?q=" })).toEqual({ $: "Search", q: "" })
  })

  it("links keys in declaration order, omitting undefined options", () => {
    expect(router.Link({ $: "Search", q: "x", page: 1 })).toBe("/search?q=x&page=1")
    expect(router.Link({ $: "Search", q: "x" })).toBe("/search?q=x")
    expect(router.Link({ $: "Mixed", id: 1, q: "", tags: [], when: new Date(0), big: -1n })).toBe("/mixed/1/edit?q=&when=1970-01-01-00.00.00&big=-1")
  })
})

describe("bodies", () => {
  const create = siteBodyCases[0]!
  const login = siteBodyCases[1]!

  it("an invalid or mismatched JSON body does not match", async () => {
    for (const body of ["{", '{"title":1}', "null", ""]) {
      expect(await router.Parse({ method: "POST", url: create.url, headers: { "content-type": "application/json" }, body })).toBeUndefined()
    }
  })

  it("a JSON field is not read from a form post", async () => {
    expect(await router.Parse({ method: "POST", url: create.url, headers: { "content-type": "text/plain" }, body: create.body })).toBeUndefined()
    expect(await router.Parse({ method: "POST", url: create.url, body: create.body })).toEqual(create.value)
  })

  it("form data comes urlencoded or multipart", async () => {
    const form = new FormData()
    form.set("user", "ann")
    form.set("password", "p w&=")
    form.set("remember", "TRUE")
    expect(await router.Parse({ method: "POST", url: "/login", body: form })).toEqual(login.value)
    expect(await router.Parse({ method: "POST", url: "/login", body: new URLSearchParams({ user: "u", password: "" }) })).toEqual({ $: "Login", user: "u", password: "" })
    expect(await router.Parse({ method: "POST", url: "/login", body: new URLSearchParams({ user: "u" }) })).toBeUndefined()
  })

  it("the body is read only when a case whose path matched needs it", async () => {
    let reads = 0
    const { createRouteRequest } = await import("../../src/router/request.js")
    const request = (target: string) =>
      createRouteRequest({ method: "POST", target, readBody: async () => (reads++, new TextEncoder().encode(create.body)) })
    await router.Parse(request("/nothing/here"))
    await router.Parse(request("/Other/1"))
    expect(reads).toBe(0)
    expect(await router.Parse(request("/posts/3"))).toEqual(create.value)
    expect(reads).toBe(1)
  })
})

describe("ParseWithErrors", () => {
  it("reports the error kinds with default-filled endpoints", async () => {
    expect(await router.ParseWithErrors({ method: "POST", url: "/article/1/x" })).toEqual({
      $: "InvalidMethod", method: "POST", endpoint: { $: "Article", id: 1, slug: "x" },
    })
    expect(await router.ParseWithErrors({ url: "/search?page=2" })).toEqual({
      $: "MissingQueryParameter", name: "q", endpoint: { $: "Search", q: "", page: 2 },
    })
    expect(await router.ParseWithErrors({ method: "POST", url: "/posts/2", body: "{" })).toEqual({
      $: "InvalidJson",
      endpoint: { $: "Create", blog: 2, post: { title: "", body: "", tags: [], published: new Date(0), views: 0n } },
    })
    expect(await router.ParseWithErrors({ method: "POST", url: "/login", body: new URLSearchParams({ user: "u" }) })).toEqual({
      $: "MissingFormData", name: "password", endpoint: { $: "Login", user: "u", password: "" },
    })
    expect(await router.ParseWithErrors({ url: "/article/1/x" })).toEqual({ $: "Success", endpoint: { $: "Article", id: 1, slug: "x" } })
  })

  it("never reads the body of a request whose method the case does not accept", async () => {
    const { createRouteRequest } = await import("../../src/router/request.js")
    let reads = 0
    const request = createRouteRequest({ method: "GET", target: "/posts/2", readBody: async () => (reads++, new Uint8Array(0)) })
    expect(await router.ParseWithErrors(request)).toEqual({
      $: "InvalidMethod",
      method: "GET",
      endpoint: { $: "Create", blog: 2, post: { title: "", body: "", tags: [], published: new Date(0), views: 0n } },
    })
    expect(reads).toBe(0)
  })

  it("reports the last of several errors; an unmatched path falls through", async () => {
    const Both = t.union({ Both: t.case({ q: t.int }, EndPoint("POST /both"), Query("q")) })
    expect(await Router.Infer(Both).ParseWithErrors({ method: "GET", url: "/both" })).toEqual({
      $: "MissingQueryParameter", name: "q", endpoint: { $: "Both", q: 0 },
    })
    expect(await router.ParseWithErrors({ url: "/nope" })).toBeUndefined()
  })
})

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
    })
    expect(Router.Infer(U).Shadowed).toEqual(["B (shadowed by A)", "D (shadowed by C)", "F (shadowed by E)"])
  })
})

describe("scalars and composites as endpoints", () => {
  it.each([
    [t.int, 1423, "/1423"],
    [t.int, -7, "/-7"],
    [t.float, 1e21, "/1e%2B21"],
    [t.float, -0.5, "/-0.5"],
    [t.bool, false, "/false"],
    [t.bigint, -(10n ** 30n), "/-1000000000000000000000000000000"],
    [t.string, "a b", "/a%20b"],
    [t.option(t.string), "abc", "/Some/abc"],
    [t.option(t.string), undefined, "/None"],
    [t.list(t.int), [4, 5], "/2/4/5"],
    [t.list(t.int), [], "/0"],
    [t.tuple(t.int, t.string), [1, "abc"], "/1/abc"],
    [t.record({ id: t.int, slug: t.string }), { id: 1, slug: "x" }, "/1/x"],
    [t.enum({ Read: 1, Write: 2 }), 2, "/2"],
    [t.datetime("yyyy-MM-dd"), new Date(Date.UTC(2026, 10, 22)), "/2026-11-22"],
  ] as const)("%o links %o as %s", async (descriptor, value, url) => {
    const r = Router.Infer(descriptor as never) as Router<unknown>
    expect(r.Link(value)).toBe(url)
    expect(await r.Parse({ url })).toEqual(value)
  })

  it("parses case-insensitive bools, and rejects what is not a value", async () => {
    expect(await Router.Infer(t.bool).Parse({ url: "/TrUe" })).toBe(true)
    for (const url of ["/1.5", "/9007199254740993", "/0x10", "/ 1", "/"]) expect(await Router.Infer(t.int).Parse({ url })).toBeUndefined()
    for (const url of ["/Infinity", "/NaN", "/1e", "/.5", "/1."]) expect(await Router.Infer(t.float).Parse({ url })).toBeUndefined()
    expect(await Router.Infer(t.enum({ A: 1 })).Parse({ url: "/2" })).toBeUndefined()
    expect(await Router.Infer(t.datetime("yyyy-MM-dd")).Parse({ url: "/2026-02-30" })).toBeUndefined()
    expect(await Router.Infer(t.list(t.int)).Parse({ url: "/3/1/2" })).toBeUndefined()
    expect(await Router.Infer(t.list(t.int)).Parse({ url: "/-1" })).toBeUndefined()
  })
})

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

describe("impossible shapes fail when the router is built", async () => {
  const { descriptorMessages } = await import("../../src/descriptor/messages.js")
  it.each([
    ["two Json fields", () => t.union({ X: t.case({ a: t.int, b: t.int }, Json("a"), Json("b")) }), descriptorMessages.severalJsonFields("X", ["a", "b"])],
    ["a Wildcard on an int", () => t.union({ X: t.case({ a: t.int }, EndPoint("/x")) , Y: t.case({ n: t.int }, EndPoint("/y"), { kind: "attribute", name: "Wildcard", values: [] }) }), descriptorMessages.wildcardNotLast("Y")],
    ["a ':' date format in a path", () => t.union({ X: t.case({ d: t.datetime("yyyy-MM-dd HH:mm") }) }), descriptorMessages.badDateFormatInPath("yyyy-MM-dd HH:mm")],
    ["a '/' date format in a path", () => t.union({ X: t.case({ d: t.datetime }, { kind: "attribute", name: "DateTimeFormat", values: ["d", "yyyy/MM/dd"] }) }), descriptorMessages.badDateFormatInPath("yyyy/MM/dd")],
    ["Query naming no field", () => t.union({ X: t.case({ a: t.int }, Query("b")) }), descriptorMessages.unknownAttributeField("X", "Query", "b")],
    ["t.map in a path", () => t.union({ X: t.case({ m: t.map(t.int) }) }), descriptorMessages.mapInPath("Case 'X' field 'm'")],
    ["a record in a query", () => t.union({ X: t.case({ r: Query(Post) }) }), routerMessages.notInQuery("Case 'X' field 'r'", "record")],
    ["an EndPoint hole naming no path field", () => t.union({ X: t.case({ a: t.int }, EndPoint("/x/<b>")) }), routerMessages.endPointHoleUnknown("X", "/x/<b>", "b")],
    ["a method-less EndPoint without a slash", () => t.union({ X: t.case({}, EndPoint("x")) }), routerMessages.endPointNoSlash("X", "x")],
  ])("%s", (_name, make, message) => {
    expect(() => Router.Infer(make() as never)).toThrow(message)
  })

  it("Method upper-cases and a method-only case accepts it", async () => {
    const r = Router.Infer(t.union({ X: t.case({}, EndPoint("/x"), Method("put")) }))
    expect(await r.Parse({ method: "PUT", url: "/x" })).toEqual({ $: "X" })
    expect(r.link({ $: "X" })?.method).toBe("PUT")
  })
})

describe("Router.Infer of a record of templates", () => {
  it("builds the union and types it", async () => {
    const r = Router.Infer({ Home: "GET /", Post: "GET /post/<id:int>", kind: "GET /kind/<k>" })
    expectTypeOf(r).toEqualTypeOf<Router<{ $: "Home" } | { $: "Post"; id: number } | { $: "kind"; k: string }>>()
    expect(r.Link({ $: "Post", id: 2 })).toBe("/post/2")
    expect(await r.Parse({ url: "/kind/x" })).toEqual({ $: "kind", k: "x" })
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
