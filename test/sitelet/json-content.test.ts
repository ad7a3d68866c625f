/**
 * Declared answers at run time: `Content.Json(value)` in a case that
 * declares `Returns`/`Responds` is written by the declared descriptor for
 * its status, through every content change that keeps its body.
 */
import { describe, expect, it } from "vitest"
import { t } from "../../src/descriptor/t.js"
import { DateTimeFormat, EndPoint, Name, NamedUnionCases, Responds, Returns } from "../../src/descriptor/attributes.js"
import * as descriptorMessages from "../../src/descriptor/messages.js"
import { Router } from "../../src/router/router.js"
import { Sitelet } from "../../src/api/sitelet-namespace.js"
import { Content } from "../../src/sitelet/content/content.js"
import { Http } from "../../src/sitelet/http/http-status.js"
import { deferred, resolveContent, settleContent } from "../../src/sitelet/content-model.js"
import { writeJson } from "../../src/sitelet/json-content.js"
import type { Context } from "../../src/sitelet/context.js"

const User = t.record({ id: t.int, since: t.bigint, born: DateTimeFormat("yyyy-MM-dd"), nick: t.option(t.string) })
const Problem = t.union({ Missing: t.case({ id: t.int }, Name("missing")), Gone: t.case({}) }, NamedUnionCases("type"))

const Api = t.union({
  Home: "GET /",
  GetUser: t.case("GET /users/<id:int>", {}, Responds({ 200: User, 404: Problem })),
  Count: t.case({ n: t.int }, EndPoint("GET /count"), Returns(t.list(t.bigint))),
})

const user = { id: 7, since: 12345678901234567890n, born: new Date(Date.UTC(1990, 4, 6)) }
const userText = '{"id":7,"since":"12345678901234567890","born":"1990-05-06"}'

const fetchText = async (site: Sitelet<unknown>, path: string) => {
  const response = await site.Handle(new Request(`http://localhost${path}`))
  return { status: response?.status, type: response?.headers.get("content-type"), body: await response?.text() }
}

describe("declared answers", () => {
  const site = Sitelet.Infer(Api, {
    Home: () => Content.Json({ since: "plain" }),
    GetUser: (_ctx, e) =>
      e.id === 7
        ? Content.Json(user)
        : Content.SetStatus(Http.Status.NotFound, Content.Json({ $: "Missing" as const, id: e.id })),
    Count: async (_ctx, e) => Content.Json(Array.from({ length: e.n }, (_, i) => BigInt(i) * 10n ** 20n)),
  }) as Sitelet<unknown>

  it("writes Content.Json(value) with the descriptor the case declares for its status", async () => {
    expect(await fetchText(site, "/users/7")).toEqual({ status: 200, type: "application/json", body: userText })
    expect(await fetchText(site, "/users/3")).toEqual({
      status: 404,
      type: "application/json",
      body: '{"type":"missing","id":3}',
    })
    expect((await fetchText(site, "/count/2")).body).toBe('["0","100000000000000000000"]')
  })

  it("leaves cases without a declaration, and undeclared statuses, to JSON.stringify", async () => {
    expect((await fetchText(site, "/")).body).toBe('{"since":"plain"}')
    const odd = Sitelet.Infer(Api, {
      Home: () => Content.Text(""),
      GetUser: () => Content.SetStatus(Http.Status.Custom(418), Content.Json({ teapot: true }) as never),
      Count: () => Content.Text(""),
    }) as Sitelet<unknown>
    expect(await fetchText(odd, "/users/1")).toMatchObject({ status: 418, body: '{"teapot":true}' })
  })

  it("keeps a descriptor given to Content.Json over the declared one", async () => {
    const Loose = t.record({ id: t.int, since: t.bigint, born: t.datetime })
    const given = Sitelet.Infer(Api, {
      Home: () => Content.Text(""),
      GetUser: () => Content.Json(user, Loose),
      Count: () => Content.Text(""),
    }) as Sitelet<unknown>
    expect((await fetchText(given, "/users/7")).body).toBe(
      '{"id":7,"since":"12345678901234567890","born":"1990-05-06T00:00:00.000Z"}',
    )
  })

  it("follows the value through headers, promises, deferred contents and the function form", async () => {
    const changed = Sitelet.Infer(Api, (_ctx, e) => {
      if (e.$ === "GetUser") return Content.WithHeaders(Promise.resolve(Content.Json(user)), { "X-Kept": "yes" })
      if (e.$ === "Count") return deferred(async () => Content.Json([1n]))
      return Content.Text("")
    }) as Sitelet<unknown>
    const response = await changed.Handle(new Request("http://localhost/users/7"))
    expect(response?.headers.get("x-kept")).toBe("yes")
    expect(await response?.text()).toBe(userText)
    expect((await fetchText(changed, "/count/1")).body).toBe('["1"]')
  })

  it("keeps the value under WithETag (given a tag) and WithLastModified", async () => {
    const validated = Sitelet.Infer(Api, {
      Home: () => Content.Text(""),
      GetUser: () => Content.WithETag(Content.Json(user), '"v1"'),
      Count: () => Content.WithLastModified(Content.Json([3n]), new Date(Date.UTC(2026, 0, 1))),
    }) as Sitelet<unknown>
    const tagged = await validated.Handle(new Request("http://localhost/users/7"))
    expect(tagged?.headers.get("etag")).toBe('"v1"')
    expect(await tagged?.text()).toBe(userText)
    const dated = await validated.Handle(new Request("http://localhost/count/1"))
    expect(dated?.headers.get("last-modified")).toBe("Thu, 01 Jan 2026 00:00:00 GMT")
    expect(await dated?.text()).toBe('["3"]')
  })

  it("answers with the serializer's error when a value does not fit its declaration", async () => {
    const errors: unknown[] = []
    const wrong = Sitelet.Infer(Api, {
      Home: () => Content.Text(""),
      GetUser: () => Content.Json({ id: 1.5 } as never),
      Count: () => Content.Text(""),
    })
    const response = await wrong.Handle(new Request("http://localhost/users/1"), { onError: (e) => errors.push(e) })
    expect(response?.status).toBe(500)
    expect(errors).toHaveLength(1)
  })

  it("writes a JSON content as it resolves, and by JSON.stringify outside a sitelet", async () => {
    const ctx = {} as Context<never>
    expect((await resolveContent(Content.Json({ a: 1 }), ctx)).body).toBe('{"a":1}')
    expect((await resolveContent(Content.Json(undefined), ctx)).body).toBe("null")
    expect(writeJson(Content.Json([2n]), new Map([[200, t.list(t.bigint)]])).body).toBe('["2"]')
    expect(Content.Json({ a: 1 }).body).toEqual({ kind: "json", value: { a: 1 }, descriptor: undefined })
    expect(
      (
        await settleContent(
          deferred<never>(() => Content.Json(1n)),
          ctx,
        )
      ).body,
    ).toEqual({
      kind: "json",
      value: 1n,
      descriptor: undefined,
    })
  })
})

describe("Returns and Responds", () => {
  it("are plain data on the case, one per case", () => {
    const declared = t.case({}, Returns(User))
    expect(declared.attributes).toEqual([{ kind: "attribute", name: "Responds", values: [], responses: { 200: User } }])
    expect(() => Router.Infer(t.union({ Two: t.case({}, Returns(User), Returns(User)) }))).toThrow(
      descriptorMessages.severalResponds("Two"),
    )
  })

  it("refuse statuses outside 200–599, non-descriptors and empty maps", () => {
    for (const code of ["199", "600", "20", "2000", "abc", "-200"])
      expect(() => Responds({ [code]: User } as never)).toThrow(descriptorMessages.badResponseStatus(code))
    expect(() => Responds({ 200: "User" } as never)).toThrow(descriptorMessages.badResponseDescriptor("200"))
    expect(() => Responds({ 200: null } as never)).toThrow(descriptorMessages.badResponseDescriptor("200"))
    expect(() => Responds({})).toThrow(descriptorMessages.responsesEmpty)
  })

  it("leave routing and linking as they were", async () => {
    const router = Router.Infer(Api)
    expect(router.Link({ $: "GetUser", id: 3 })).toBe("/users/3")
    expect(router.Link({ $: "Count", n: 2 })).toBe("/count/2")
    expect(await router.Parse(new Request("http://localhost/users/3"))).toEqual({ $: "GetUser", id: 3 })
  })
})
