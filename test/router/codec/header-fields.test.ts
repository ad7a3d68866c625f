/**
 * Issue 25, item 2: request headers and cookies declared like query fields
 * (`Header(d, name)`, `Cookie(d, name)`): the query's scalar types, options
 * and lists, headers matched case-insensitively, their parse errors in
 * `InferWithErrors`, sent by the typed client, left out of URLs, and in the
 * OpenAPI document as `in: header` / `in: cookie` parameters.
 */
import { Validator } from "@seriousme/openapi-schema-validator"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { describe, expect, expectTypeOf, it } from "vitest"
import { Sitelet } from "../../../src/api/sitelet-namespace.js"
import { Router as ClientRouter } from "../../../src/client/index.js"
import { Cookie, Header, Query } from "../../../src/descriptor/attributes.js"
import type { Infer } from "../../../src/descriptor/descriptor.js"
import type { Simplify } from "../../../src/descriptor/fields-output.js"
import type { RequestOnlyMark } from "../../../src/descriptor/request-only.js"
import * as descriptorMessages from "../../../src/descriptor/messages.js"
import { t } from "../../../src/descriptor/t.js"
import { NodeHandler } from "../../../src/host/node/index.js"
import { OpenApi } from "../../../src/openapi/document.js"
import { Router } from "../../../src/router/router.js"
import { routePathToString } from "../../../src/router/link/route-path.js"
import { Content } from "../../../src/sitelet/content/content.js"

const Api = t.union({
  Items: t.case("GET /items", {
    version: Header(t.int, "X-API-Version"),
    trace: Header(t.option(t.string), "X-Trace"),
    tags: Header(t.list(t.string), "X-Tag"),
    theme: Cookie(t.option(t.string), "theme"),
    page: Query(t.option(t.int)),
  }),
  Me: t.case("GET /me", { session: Cookie(t.string, "sid") }),
})
type Api = Infer<typeof Api>
const router = Router.Infer(Api)
const parse = (url: string, headers: Record<string, string> = {}) =>
  router.Parse(new Request(`http://x${url}`, { headers }))

describe("header and cookie fields", () => {
  it("types them as query fields are typed", () => {
    expectTypeOf<Extract<Api, { $: "Items" }>>().toEqualTypeOf<
      Simplify<
        {
          $: "Items"
          version: number
          trace?: string
          tags: string[]
          theme?: string
          page?: number
        } & RequestOnlyMark
      >
    >()
  })

  it("reads headers case-insensitively, lists from commas, cookies percent-decoded", async () => {
    expect(
      await parse("/items?page=2", { "x-api-version": "3", "X-TAG": "a, b,c", cookie: "theme=dark%20blue; other=1" }),
    ).toEqual({ $: "Items", version: 3, tags: ["a", "b", "c"], theme: "dark blue", page: 2 })
    expect(await parse("/items", { "X-Api-Version": "1", "X-Trace": "t-1" })).toEqual({
      $: "Items",
      version: 1,
      trace: "t-1",
      tags: [],
    })
    expect(await parse("/me", { cookie: "sid=abc" })).toEqual({ $: "Me", session: "abc" })
  })

  it("does not match without a required header or cookie, or with one that does not parse", async () => {
    expect(await parse("/items")).toBeUndefined()
    expect(await parse("/items", { "x-api-version": "three" })).toBeUndefined()
    expect(await parse("/me", { cookie: "other=1" })).toBeUndefined()
  })

  it("reports them in InferWithErrors", async () => {
    const site = Sitelet.InferWithErrors(Api, (_ctx, result) =>
      Content.Text(result.$ === "Success" ? "ok" : `${result.$} ${"name" in result ? result.name : ""}`),
    )
    const answer = async (url: string, headers: Record<string, string> = {}) =>
      (await site.Handle(new Request(`http://x${url}`, { headers })))?.text()
    expect(await answer("/items", { "x-api-version": "x" })).toBe("InvalidHeader x-api-version")
    expect(await answer("/me")).toBe("InvalidCookie sid")
    expect(await answer("/me", { cookie: "sid=1" })).toBe("ok")
  })

  it("are no part of a URL; the typed client sends them, and the server reads back what it sent", async () => {
    const value: Api = { $: "Items", version: 2, tags: ["x", "y"], theme: "a;b c", trace: "t" }
    // A URL cannot carry them: Link does not compile; called anyway, it gives the path alone.
    // @ts-expect-error -- A link is a URL: it cannot carry header or cookie fields
    expect(router.Link(value)).toBe("/items")
    const path = router.link(value)
    expect(path?.headers).toEqual([
      ["x-api-version", "2"],
      ["x-trace", "t"],
      ["x-tag", "x"],
      ["x-tag", "y"],
    ])
    expect(path?.cookies).toEqual([["theme", "a;b c"]])
    expect(routePathToString(path!)).toBe("/items")
    const request = ClientRouter.Request(ClientRouter.Infer(Api), value, { base: "http://x" })
    expect(request.headers.get("x-tag")).toBe("x, y")
    expect(request.headers.get("cookie")).toBe("theme=a%3Bb%20c")
    expect(await router.Parse(request)).toEqual(value)
  })

  it("reads a header sent on several lines over node:http", async () => {
    const site = Sitelet.Infer(Api, { Items: (_ctx, e) => Content.Json(e.tags), Me: () => Content.Text("") })
    const server = createServer(NodeHandler(site))
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    const { port } = server.address() as AddressInfo
    try {
      const answer = await new Promise<string>((resolve, reject) => {
        import("node:net").then(({ connect }) => {
          const socket = connect(port, "127.0.0.1", () =>
            socket.write(
              "GET /items HTTP/1.1\r\nHost: x\r\nX-API-Version: 1\r\nX-Tag: a\r\nX-Tag: b\r\nConnection: close\r\n\r\n",
            ),
          )
          let data = ""
          socket.on("data", (chunk) => (data += chunk))
          socket.on("close", () => resolve(data))
          socket.on("error", reject)
        })
      })
      expect(answer.slice(answer.indexOf("\r\n\r\n") + 4)).toBe('["a","b"]')
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })

  it("are header and cookie parameters in the OpenAPI document", async () => {
    const doc = OpenApi.Document(router, { info: { title: "t", version: "1" } })
    const parameters = (doc.paths as Record<string, { get: { parameters: object[] } }>)["/items"]?.get.parameters
    expect(parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: "X-API-Version", in: "header", required: true }),
        expect.objectContaining({ name: "X-Trace", in: "header", required: false }),
        expect.objectContaining({ name: "X-Tag", in: "header", required: false }),
        expect.objectContaining({ name: "theme", in: "cookie", required: false }),
      ]),
    )
    expect(await new Validator().validate(doc as never)).toEqual({ valid: true })
  })

  it("refuses a name that is no token", () => {
    expect(() => Header(t.string, "X API")).toThrow(descriptorMessages.badHeaderFieldName("X API"))
    expect(() => Cookie(t.string, "a;b")).toThrow(descriptorMessages.badCookieFieldName("a;b"))
  })
})
