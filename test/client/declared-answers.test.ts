/**
 * The client's typed request for cases that declare their answers: the
 * server writes `Content.Json(value)` with the declared descriptor and
 * `Router.Fetch` / `router.Fetch` decode it with the same one, by status.
 */
import { describe, expect, it } from "vitest"
import { t } from "../../src/descriptor/t.js"
import { EndPoint, NamedUnionCases, Responds, Returns } from "../../src/descriptor/attributes.js"
import { Router } from "../../src/client/client-router.js"
import { Router as RootRouter } from "../../src/router/router.js"
import { FetchError } from "../../src/client/fetch-error.js"
import * as clientMessages from "../../src/client/messages.js"
import { JsonError } from "../../src/json/json-error.js"
import { Sitelet } from "../../src/api/sitelet-namespace.js"
import { Content } from "../../src/sitelet/content/content.js"
import { Http } from "../../src/sitelet/http/http-status.js"

const User = t.record({ id: t.int, since: t.bigint, seen: t.datetime })
const Problem = t.union(
  { Missing: t.case({ id: t.int }), Banned: t.case({ until: t.datetime }) },
  NamedUnionCases("type"),
)
const Api = t.union({
  Home: "GET /",
  GetUser: t.case("GET /users/<id:int>", {}, Responds({ 200: User, 404: Problem, 410: Problem })),
  Count: t.case({ n: t.int }, EndPoint("GET /count"), Returns(t.list(t.bigint))),
})
const base = "http://api.test"
const ada = { id: 1, since: 2n ** 70n, seen: new Date(Date.UTC(2026, 10, 25)) }

const site = Sitelet.Infer(Api, {
  Home: () => Content.Text("home"),
  GetUser: (_ctx, e) => {
    if (e.id === 1) return Content.Json(ada)
    if (e.id === 2)
      return Content.SetStatus(Http.Status.Custom(410), Content.Json({ $: "Banned" as const, until: ada.seen }))
    if (e.id === 3) return Content.SetStatus(Http.Status.Forbidden, Content.Text("no"))
    return Content.SetStatus(Http.Status.NotFound, Content.Json({ $: "Missing" as const, id: e.id }))
  },
  Count: (_ctx, e) => Content.Json(Array.from({ length: e.n }, (_, i) => BigInt(i) << 64n)),
})
const fetch = async (request: Request) => (await site.Handle(request)) ?? new Response("unrouted", { status: 404 })

describe("declared answers on the client", () => {
  const api = Router.Infer(Api)

  it("decode a 2xx answer with the descriptor its case declares (Router.Fetch and router.Fetch)", async () => {
    expect(await Router.Fetch(api, { $: "GetUser", id: 1 }, { base, fetch })).toEqual(ada)
    expect(await api.Fetch({ $: "GetUser", id: 1 }, { base, fetch })).toEqual(ada)
    expect(await api.Fetch({ $: "Count", n: 2 }, { base, fetch })).toEqual([0n, 1n << 64n])
  })

  it("ask for JSON only for cases that declare answers", async () => {
    const sent: Request[] = []
    const spy = async (request: Request) => {
      sent.push(request)
      return fetch(request)
    }
    await api.Fetch({ $: "Count", n: 0 }, { base, fetch: spy })
    const home = await api.Fetch({ $: "Home" }, { base, fetch: spy })
    expect(home).toBeInstanceOf(Response)
    expect(await (home as Response).text()).toBe("home")
    expect(sent.map((request) => request.headers.get("accept"))).toEqual(["application/json", null])
  })

  it("throw FetchError with the decoded answer for a declared error status", async () => {
    const missing = await api.Fetch({ $: "GetUser", id: 9 }, { base, fetch }).catch((error: unknown) => error)
    expect(missing).toBeInstanceOf(FetchError)
    expect((missing as FetchError).status).toBe(404)
    expect((missing as FetchError).value).toEqual({ $: "Missing", id: 9 })
    // In process the Fetch host leaves a standard reason phrase to the runtime's wire: the message has none.
    expect((missing as FetchError).message).toBe(clientMessages.badStatus("GET", "/users/9", 404, ""))
    const banned = await api.Fetch({ $: "GetUser", id: 2 }, { base, fetch }).catch((error: unknown) => error)
    expect((banned as FetchError).value).toEqual({ $: "Banned", until: ada.seen })
  })

  it("throw FetchError without a value for an undeclared status, and JsonError for a wrong body", async () => {
    const forbidden = await api.Fetch({ $: "GetUser", id: 3 }, { base, fetch }).catch((error: unknown) => error)
    expect(forbidden).toBeInstanceOf(FetchError)
    expect((forbidden as FetchError).status).toBe(403)
    expect((forbidden as FetchError).value).toBeUndefined()
    const liar = async () => new Response('{"id":"1"}', { headers: { "content-type": "application/json" } })
    await expect(api.Fetch({ $: "GetUser", id: 1 }, { base, fetch: liar })).rejects.toBeInstanceOf(JsonError)
    const text = async () => new Response("[]", { headers: { "content-type": "text/plain" } })
    await expect(api.Fetch({ $: "Count", n: 0 }, { base, fetch: text })).rejects.toThrow(
      clientMessages.notJson("GET", "/count/0", "text/plain"),
    )
  })

  it("let a response descriptor given to the call win, and a router without declarations give the Response", async () => {
    const raw = await Router.Fetch(api, { $: "Count", n: 1 }, { base, fetch, response: t.list(t.string) })
    expect(raw).toEqual(["0"])
    // The root package's Router.Infer knows no answers (a composed client router keeps them: compose.test.ts).
    const plain = RootRouter.Infer(Api)
    const response = await Router.Fetch(plain, { $: "GetUser", id: 1 }, { base, fetch })
    expect(response).toBeInstanceOf(Response)
  })
})
