import { describe, expect, expectTypeOf, it } from "vitest"
import { t } from "../../src/descriptor/t.js"
import type { Infer } from "../../src/descriptor/descriptor.js"
import { Router } from "../../src/router/router.js"
import { FormData as FormField, Json } from "../../src/descriptor/attributes.js"
import { createRouteRequest } from "../../src/router/request/request.js"
import type { BodyLimits } from "../../src/router/request/body-limits.js"
import { Site, siteBodyCases, siteCases } from "../fixtures/site.js"

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
    const request = {
      method: entry.method,
      url: entry.url,
      headers: { "content-type": entry.contentType },
      body: entry.body,
    }
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
    expect(await router.Parse({ method: "DELETE", url: "/blog/remove/1" })).toEqual({
      $: "Blog",
      sub: { $: "Remove", id: 1 },
    })
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
    expect(router.Link({ $: "Mixed", id: 1, q: "", tags: [], when: new Date(0), big: -1n })).toBe(
      "/mixed/1/edit?q=&when=1970-01-01-00.00.00&big=-1",
    )
  })
})

describe("bodies", () => {
  const create = siteBodyCases[0]!
  const login = siteBodyCases[1]!

  it("an invalid or mismatched JSON body does not match", async () => {
    for (const body of ["{", '{"title":1}', "null", ""]) {
      expect(
        await router.Parse({ method: "POST", url: create.url, headers: { "content-type": "application/json" }, body }),
      ).toBeUndefined()
    }
  })

  it("a JSON field is not read from a form post", async () => {
    expect(
      await router.Parse({
        method: "POST",
        url: create.url,
        headers: { "content-type": "text/plain" },
        body: create.body,
      }),
    ).toBeUndefined()
    // An absent Content-Type is not JSON either (issue 5: hosts answer 415).
    expect(await router.Parse({ method: "POST", url: create.url, body: create.body })).toBeUndefined()
    expect(
      await router.Parse({
        method: "POST",
        url: create.url,
        headers: { "content-type": "application/json" },
        body: create.body,
      }),
    ).toEqual(create.value)
    expect(
      await router.Parse({
        method: "POST",
        url: create.url,
        headers: { "content-type": "application/vnd.api+json" },
        body: create.body,
      }),
    ).toEqual(create.value)
  })

  it("form data comes urlencoded or multipart", async () => {
    const form = new FormData()
    form.set("user", "ann")
    form.set("password", "p w&=")
    form.set("remember", "TRUE")
    expect(await router.Parse({ method: "POST", url: "/login", body: form })).toEqual(login.value)
    expect(
      await router.Parse({ method: "POST", url: "/login", body: new URLSearchParams({ user: "u", password: "" }) }),
    ).toEqual({ $: "Login", user: "u", password: "" })
    expect(
      await router.Parse({ method: "POST", url: "/login", body: new URLSearchParams({ user: "u" }) }),
    ).toBeUndefined()
  })

  it("the body is read only when a case whose path matched needs it", async () => {
    let reads = 0
    const { createRouteRequest } = await import("../../src/router/request/request.js")
    const request = (target: string) =>
      createRouteRequest({
        method: "POST",
        target,
        headers: new Headers({ "content-type": "application/json" }),
        readBody: async () => (reads++, new TextEncoder().encode(create.body)),
      })
    await router.Parse(request("/nothing/here"))
    await router.Parse(request("/Other/1"))
    expect(reads).toBe(0)
    expect(await router.Parse(request("/posts/3"))).toEqual(create.value)
    expect(reads).toBe(1)
  })
})

describe("body limits carried by the request", () => {
  const LimitSite = t.union({
    Big: t.case("POST /big", { n: Json(t.bigint) }),
    Tags: t.case("POST /tags", { tags: Json(t.list(t.list(t.string))) }),
    Form: t.case("POST /form", { name: FormField(t.string), more: FormField(t.list(t.string)) }),
  })
  const router = Router.Infer(LimitSite)
  const json = new Headers({ "content-type": "application/json" })
  const request = (target: string, body: string, bodyLimits?: BodyLimits, headers = json) =>
    createRouteRequest({
      method: "POST",
      target,
      headers,
      readBody: async () => new TextEncoder().encode(body),
      bodyLimits,
    })
  const limits: BodyLimits = { jsonDepth: 2, bigintDigits: 3, formFields: 2 }

  it("JSON depth and bigint digits come from RouteRequest.bodyLimits, else the codec defaults", async () => {
    expect(await router.Parse(request("/big", '"123"', limits))).toEqual({ $: "Big", n: 123n })
    expect(await router.Parse(request("/big", '"1234"', limits))).toBeUndefined()
    expect(await router.Parse(request("/big", '"1234"'))).toEqual({ $: "Big", n: 1234n })
    expect(await router.Parse(request("/tags", '[["a"]]', limits))).toEqual({ $: "Tags", tags: [["a"]] })
    expect(await router.Parse(request("/tags", '[[["a"]]]', { ...limits, jsonDepth: 64 }))).toBeUndefined()
    expect(await router.Parse(request("/tags", "[".repeat(3) + "]".repeat(3), limits))).toBeUndefined()
    expect(await router.Parse(request("/tags", "[".repeat(64) + "]".repeat(64)))).toBeUndefined()
    expect((await router.ParseWithErrors(request("/big", '"1234"', limits)))?.$).toBe("InvalidJson")
  })

  it("multipart parts are bounded by formFields", async () => {
    const multipart = new Headers({ "content-type": "multipart/form-data; boundary=B" })
    const part = (name: string) => `--B\r\nContent-Disposition: form-data; name="${name}"\r\n\r\nx\r\n`
    const body = (count: number) => part("name") + part("more").repeat(count - 1) + "--B--\r\n"
    expect(await router.Parse(request("/form", body(2), limits, multipart))).toEqual({
      $: "Form",
      name: "x",
      more: ["x"],
    })
    expect(await router.Parse(request("/form", body(3), limits, multipart))).toBeUndefined()
    expect(await router.Parse(request("/form", body(3), undefined, multipart))).toEqual({
      $: "Form",
      name: "x",
      more: ["x", "x"],
    })
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
    for (const url of ["/1.5", "/9007199254740993", "/0x10", "/ 1", "/"])
      expect(await Router.Infer(t.int).Parse({ url })).toBeUndefined()
    for (const url of ["/Infinity", "/NaN", "/1e", "/.5", "/1."])
      expect(await Router.Infer(t.float).Parse({ url })).toBeUndefined()
    expect(await Router.Infer(t.enum({ A: 1 })).Parse({ url: "/2" })).toBeUndefined()
    expect(await Router.Infer(t.datetime("yyyy-MM-dd")).Parse({ url: "/2026-02-30" })).toBeUndefined()
    expect(await Router.Infer(t.list(t.int)).Parse({ url: "/3/1/2" })).toBeUndefined()
    expect(await Router.Infer(t.list(t.int)).Parse({ url: "/-1" })).toBeUndefined()
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
