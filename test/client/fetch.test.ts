import { describe, expect, it } from "vitest"
import { t } from "../../src/descriptor/t.js"
import { Json } from "../../src/descriptor/attributes.js"
import { Router } from "../../src/client/client-router.js"
import { FetchError } from "../../src/client/fetch-error.js"
import * as clientMessages from "../../src/client/messages.js"
import { JsonError } from "../../src/json/json-error.js"

const Item = t.record({ id: t.int, at: t.datetime, big: t.bigint })
const Api = t.union({
  Get: "GET /items/<id:int>",
  Put: t.case("PUT /items/<id:int>", { item: Json(Item) }),
})
const api = Router.Infer(Api)
const base = "http://api.test"

/** A fetch that records the request and answers with a fixed response. */
function answering(make: () => Response) {
  const sent: Request[] = []
  return {
    sent,
    fetch: async (request: Request) => {
      sent.push(request)
      return make()
    },
  }
}

const json = (body: string, status = 200, type = "application/json; charset=utf-8") =>
  new Response(body, { status, headers: { "content-type": type } })

describe("Router.Fetch", () => {
  it("decodes a JSON answer with the response descriptor and asks for JSON", async () => {
    const server = answering(() => json('{"id":1,"at":"2026-11-22T00:00:00.000Z","big":"12"}'))
    const item = await Router.Fetch(api, { $: "Get", id: 1 }, { base, fetch: server.fetch, response: Item })
    expect(item).toEqual({ id: 1, at: new Date(Date.UTC(2026, 10, 22)), big: 12n })
    expect(server.sent[0]!.headers.get("accept")).toBe("application/json")
    expect(server.sent[0]!.url).toBe(base + "/items/1")
  })

  it("sends the JSON body of the endpoint", async () => {
    const server = answering(() => json("{}", 200, "application/problem+json"))
    const item = { id: 2, at: new Date(0), big: 3n }
    await Router.Fetch(api, { $: "Put", id: 2, item }, { base, fetch: server.fetch, response: t.record({}) })
    const request = server.sent[0]!
    expect(request.method).toBe("PUT")
    expect(await request.text()).toBe('{"id":2,"at":"1970-01-01T00:00:00.000Z","big":"3"}')
  })

  it("resolves to the raw Response (any status) without a response descriptor", async () => {
    const server = answering(() => new Response("gone", { status: 410 }))
    const response = await Router.Fetch(api, { $: "Get", id: 1 }, { base, fetch: server.fetch })
    expect(response.status).toBe(410)
    expect(server.sent[0]!.headers.has("accept")).toBe(false)
  })

  it("throws FetchError with the response on a non-2xx status or a non-JSON answer", async () => {
    const notFound = answering(() => json('{"error":"no"}', 404))
    const error = await Router.Fetch(api, { $: "Get", id: 9 }, { base, fetch: notFound.fetch, response: Item }).catch(
      (e) => e,
    )
    expect(error).toBeInstanceOf(FetchError)
    expect(error.status).toBe(404)
    expect(error.message).toBe(clientMessages.badStatus("GET", "/items/9", 404, ""))
    expect(await error.response.text()).toBe('{"error":"no"}')
    const html = answering(() => new Response("<p>hi</p>", { headers: { "content-type": "text/html" } }))
    await expect(Router.Fetch(api, { $: "Get", id: 1 }, { base, fetch: html.fetch, response: Item })).rejects.toThrow(
      clientMessages.notJson("GET", "/items/1", "text/html"),
    )
  })

  it("throws JsonError naming the path when the answer does not match", async () => {
    const server = answering(() => json('{"id":"x","at":"2026-11-22T00:00:00.000Z","big":"1"}'))
    const failure = Router.Fetch(api, { $: "Get", id: 1 }, { base, fetch: server.fetch, response: Item })
    await expect(failure).rejects.toBeInstanceOf(JsonError)
    await expect(failure).rejects.toThrow(/\$\.id/)
  })

  it("applies the JSON limits given", async () => {
    const deep = answering(() => json("[[[[[[1]]]]]]"))
    const Deep = t.list(t.list(t.list(t.list(t.list(t.list(t.int))))))
    await expect(
      Router.Fetch(api, { $: "Get", id: 1 }, { base, fetch: deep.fetch, response: Deep, json: { maxDepth: 3 } }),
    ).rejects.toBeInstanceOf(JsonError)
    expect(await Router.Fetch(api, { $: "Get", id: 1 }, { base, fetch: deep.fetch, response: Deep })).toEqual([
      [[[[[1]]]]],
    ])
  })
})
