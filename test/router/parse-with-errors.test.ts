import { describe, expect, it } from "vitest"
import { t } from "../../src/descriptor/t.js"
import { EndPoint, Json, Query } from "../../src/descriptor/attributes.js"
import { Router } from "../../src/router/router.js"
import { Site } from "../fixtures/site.js"
import { JsonError } from "../../src/json/json-error.js"
import { jsonMessages } from "../../src/json/messages.js"
import { routerMessages } from "../../src/router/messages.js"

const router = Router.Infer(Site)

describe("ParseWithErrors", () => {
  it("reports the error kinds with default-filled endpoints", async () => {
    expect(await router.ParseWithErrors({ method: "POST", url: "/article/1/x" })).toEqual({
      $: "InvalidMethod",
      method: "POST",
      endpoint: { $: "Article", id: 1, slug: "x" },
    })
    expect(await router.ParseWithErrors({ url: "/search?page=2" })).toEqual({
      $: "MissingQueryParameter",
      name: "q",
      endpoint: { $: "Search", q: "", page: 2 },
    })
    const defaultPost = {
      $: "Create",
      blog: 2,
      post: { title: "", body: "", tags: [], published: new Date(0), views: 0n },
    }
    expect(await router.ParseWithErrors({ method: "POST", url: "/posts/2", body: "{" })).toEqual({
      $: "InvalidJson",
      endpoint: defaultPost,
      error: new JsonError([], routerMessages.jsonBodyType, routerMessages.noContentType),
    })
    // The codec's own error: the JSON path, what was expected, what was there.
    const wrongField = await router.ParseWithErrors({
      method: "POST",
      url: "/posts/2",
      headers: { "content-type": "application/json" },
      body: '{"title":"T","body":"B","tags":["a",7],"published":"2026-11-22T00:00:00.000Z","views":"1"}',
    })
    expect(wrongField).toMatchObject({ $: "InvalidJson", endpoint: defaultPost })
    const error = (wrongField as { error: JsonError }).error
    expect(error).toBeInstanceOf(JsonError)
    expect(error.message).toBe(jsonMessages.mismatch("$.tags[1]", "string", "7"))
    // Valid JSON without a Content-Type is not read as JSON (issue 5).
    expect(
      await router.ParseWithErrors({
        method: "POST",
        url: "/posts/2",
        body: '{"title":"T","body":"B","tags":[],"published":"2026-11-22T00:00:00.000Z","views":"1"}',
      }),
    ).toEqual({
      $: "InvalidJson",
      endpoint: defaultPost,
      error: new JsonError([], routerMessages.jsonBodyType, routerMessages.noContentType),
    })
    expect(
      await router.ParseWithErrors({ method: "POST", url: "/login", body: new URLSearchParams({ user: "u" }) }),
    ).toEqual({
      $: "MissingFormData",
      name: "password",
      reason: routerMessages.formFieldMissing,
      endpoint: { $: "Login", user: "u", password: "" },
    })
    expect(
      await router.ParseWithErrors({
        method: "POST",
        url: "/login",
        body: new URLSearchParams({ user: "u", password: "p", remember: "maybe" }),
      }),
    ).toEqual({
      $: "MissingFormData",
      name: "remember",
      reason: routerMessages.formFieldInvalid("bool", "maybe"),
      endpoint: { $: "Login", user: "u", password: "p" },
    })
    expect(await router.ParseWithErrors({ url: "/article/1/x" })).toEqual({
      $: "Success",
      endpoint: { $: "Article", id: 1, slug: "x" },
    })
  })

  it("reports a wrong method on cases that read several segments (wildcards, tuples)", async () => {
    // Their trie entries sit before the segments they read: a strict walk that leaves them out still met them.
    const r = Router.Infer(
      t.union({ Files: "GET /files/<...path>", Pair: t.case("POST /p/<pair>", { pair: t.tuple(t.int, t.string) }) }),
    )
    expect(await r.ParseWithErrors({ method: "POST", url: "/files/a/b" })).toEqual({
      $: "InvalidMethod",
      method: "POST",
      endpoint: { $: "Files", path: "a/b" },
    })
    expect(await r.ParseWithErrors({ url: "/p/1/a" })).toEqual({
      $: "InvalidMethod",
      method: "GET",
      endpoint: { $: "Pair", pair: [1, "a"] },
    })
    expect(await r.ParseWithErrors({ url: "/p/1" })).toBeUndefined()
    expect(await r.ParseWithErrors({ url: "/q/1/a" })).toBeUndefined()
  })

  it("never reads the body of a request whose method the case does not accept", async () => {
    const { createRouteRequest } = await import("../../src/router/request/request.js")
    let reads = 0
    const request = createRouteRequest({
      method: "GET",
      target: "/posts/2",
      readBody: async () => (reads++, new Uint8Array(0)),
    })
    expect(await router.ParseWithErrors(request)).toEqual({
      $: "InvalidMethod",
      method: "GET",
      endpoint: { $: "Create", blog: 2, post: { title: "", body: "", tags: [], published: new Date(0), views: 0n } },
    })
    expect(reads).toBe(0)
  })

  it("reports the last of several errors, the method's after the fields' (WebSharper); an unmatched path falls through", async () => {
    const Both = t.union({ Both: t.case({ q: t.int }, EndPoint("POST /both"), Query("q")) })
    expect(await Router.Infer(Both).ParseWithErrors({ method: "GET", url: "/both" })).toEqual({
      $: "InvalidMethod",
      method: "GET",
      endpoint: { $: "Both", q: 0 },
    })
    // WebSharper's own example: POST /Articles without page is a wrong method, page holding its default.
    const Articles = t.union({ Articles: "GET /Articles?page=<page:int>" })
    expect(await Router.Infer(Articles).ParseWithErrors({ method: "POST", url: "/Articles" })).toEqual({
      $: "InvalidMethod",
      method: "POST",
      endpoint: { $: "Articles", page: 0 },
    })
    // With the right method, the field's error is the one.
    expect(await Router.Infer(Articles).ParseWithErrors({ url: "/Articles" })).toEqual({
      $: "MissingQueryParameter",
      name: "page",
      endpoint: { $: "Articles", page: 0 },
    })
    expect(await router.ParseWithErrors({ url: "/nope" })).toBeUndefined()
  })

  describe("a wrong method never hides a real error, whatever the declaration order", () => {
    const NewPost = t.record({ title: t.string })
    const cases = {
      List: "GET /api/posts",
      Create: t.case("POST /api/posts", { post: Json(NewPost) }),
    } as const
    const listFirst = Router.Infer(t.union({ List: cases.List, Create: cases.Create }))
    const createFirst = Router.Infer(t.union({ Create: cases.Create, List: cases.List }))
    const json = { "content-type": "application/json" }

    it.each([
      ["GET first", listFirst],
      ["POST first", createFirst],
    ] as const)("%s: a bad body on POST is InvalidJson for Create; a PUT is InvalidMethod", async (_order, r) => {
      const bad = await r.ParseWithErrors({ method: "POST", url: "/api/posts", headers: json, body: '{"title":1}' })
      expect(bad).toMatchObject({ $: "InvalidJson", endpoint: { $: "Create", post: { title: "" } } })
      expect((bad as { error: JsonError }).error.message).toBe(jsonMessages.mismatch("$.title", "string", "1"))
      expect(
        await r.ParseWithErrors({ method: "POST", url: "/api/posts", headers: json, body: '{"title":"t"}' }),
      ).toEqual({
        $: "Success",
        endpoint: { $: "Create", post: { title: "t" } },
      })
      expect(await r.ParseWithErrors({ url: "/api/posts" })).toEqual({ $: "Success", endpoint: { $: "List" } })
      // No case accepts PUT: the first case whose path matched reports the method.
      expect(await r.ParseWithErrors({ method: "PUT", url: "/api/posts" })).toMatchObject({
        $: "InvalidMethod",
        method: "PUT",
      })
    })
  })

  it("never hands out its internal need-a-body marker: a nested case that reads a body, on a path that fails after it", async () => {
    const Post = t.record({ title: t.string })
    const Blog = t.union({ List: "GET /", Create: t.case("POST /", { post: Json(Post) }), Show: "GET /<id:int>" })
    const Pages = t.union({ Home: "GET /", Blog: t.case("/blog/<sub>", { sub: Blog }) })
    const nested = Router.Infer(Pages)
    expect(await nested.ParseWithErrors({ method: "POST", url: "/blog/3/4" })).toBeUndefined()
    expect(await nested.ParseWithErrors({ method: "POST", url: "/blog/3", body: "{}" })).toEqual({
      $: "InvalidMethod",
      method: "POST",
      endpoint: { $: "Blog", sub: { $: "Show", id: 3 } },
    })
  })
})
