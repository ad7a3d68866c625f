/**
 * Issue 25, item 4: guards before handlers. `Sitelet.Guard` sees the
 * endpoint value and the context, lets the request through (after setting
 * typed values for the handlers) or answers it; it composes with `Sum`,
 * `Shift` and `Protect`, skips CORS preflights, and its statuses are in the
 * OpenAPI document. `Sitelet.RateLimit` is a token bucket per key on it.
 */
import { describe, expect, expectTypeOf, it } from "vitest"
import { Sitelet } from "../../../src/api/sitelet-namespace.js"
import type { Infer } from "../../../src/descriptor/descriptor.js"
import { t } from "../../../src/descriptor/t.js"
import { OpenApi } from "../../../src/openapi/document.js"
import { Auth } from "../../../src/sitelet/auth/auth.js"
import { Content } from "../../../src/sitelet/content/content.js"
import { Cors } from "../../../src/sitelet/cors/cors.js"
import { siteletMessages } from "../../../src/sitelet/messages.js"
import { limitMessages } from "../../../src/sitelet/limits/limit-messages.js"

const Api = t.union({ Items: "GET /items", Item: "GET /items/<id:int>" })
type Api = Infer<typeof Api>
const options = { session: { secret: "a test secret that is long enough!" }, onError: () => undefined }
const get = async (
  site: { Handle: (r: Request, o?: typeof options) => Promise<Response | undefined> },
  url: string,
  headers: Record<string, string> = {},
) => {
  const response = await site.Handle(new Request(`http://x${url}`, { headers }), options)
  return response && { status: response.status, headers: response.headers, body: await response.text() }
}

const Tenant = Sitelet.Value<{ name: string }>("tenant")
const tenants = new Map([["acme.example", { name: "Acme" }]])
const seen: string[] = []
const app = Sitelet.Infer(Api, {
  Items: (ctx) => Content.Text(`items of ${Tenant.Of(ctx).name}`),
  Item: (ctx, e) => Content.Text(`item ${e.id} of ${Tenant.Get(ctx)?.name}`),
})
const tenanted = Sitelet.Guard<Api>(
  async (ctx, endpoint) => {
    seen.push(endpoint.$)
    const tenant = tenants.get(ctx.Request.headers.get("x-tenant") ?? "")
    if (tenant === undefined) return Content.NotFound()
    Tenant.Set(ctx, tenant)
  },
  app,
  { Answers: { 404: "No tenant by this name" } },
)

describe("Sitelet.Guard", () => {
  it("lets a request through with typed values for the handler, or answers it", async () => {
    expectTypeOf(Tenant.Of).returns.toEqualTypeOf<{ name: string }>()
    expect(await get(tenanted, "/items", { "x-tenant": "acme.example" })).toMatchObject({
      status: 200,
      body: "items of Acme",
    })
    expect(await get(tenanted, "/items/3", { "x-tenant": "acme.example" })).toMatchObject({ body: "item 3 of Acme" })
    expect((await get(tenanted, "/items", { "x-tenant": "evil.example" }))?.status).toBe(404)
    // It ran on the endpoint value the router produced; a path it does not accept falls through untouched.
    expect(seen.slice(-3)).toEqual(["Items", "Item", "Items"])
    expect(await get(tenanted, "/other")).toBeUndefined()
  })

  it("fails closed: a throwing check, or a handler reading a value nothing set, is a 500", async () => {
    const throwing = Sitelet.Guard<Api>(() => {
      throw new Error("down")
    }, app)
    expect((await get(throwing, "/items"))?.status).toBe(500)
    expect((await get(app, "/items"))?.status).toBe(500)
    expect(() => Tenant.Of({ Request: {} } as never)).toThrow(siteletMessages.valueNotSet("tenant"))
  })

  it("composes: inside Protect it runs after authentication, outside before; under Shift and Sum", async () => {
    const order: string[] = []
    const inner = Sitelet.Guard<Api>(async (ctx) => {
      order.push(`inner:${await ctx.UserSession.GetLoggedInUser()}`)
    }, app)
    const protectedApi = Sitelet.Protect<Api>(
      { VerifyUser: () => true, Credentials: [Auth.ApiKey("X-Key", (key) => (key === "k" ? "ada" : undefined))] },
      Sitelet.Guard<Api>((ctx) => Tenant.Set(ctx, { name: "Guarded" }), inner),
    )
    const site = Sitelet.Sum(
      Sitelet.Shift(
        "v1",
        Sitelet.Guard<Api>(() => {
          order.push("outer")
        }, protectedApi),
      ),
      Sitelet.Content("/health", { $: "Items" } as Api, () => Content.Text("ok")),
    )
    expect((await get(site, "/v1/items"))?.status).toBe(401)
    expect(order).toEqual(["outer"])
    expect(await get(site, "/v1/items", { "x-key": "k" })).toMatchObject({ status: 200, body: "items of Guarded" })
    expect(order).toEqual(["outer", "outer", "inner:ada"])
    expect((await get(site, "/health"))?.body).toBe("ok")
  })

  it("lets a CORS preflight through unchecked (it runs no user code)", async () => {
    let checked = 0
    const cors = Sitelet.CorsContent(
      "/data",
      Cors.Of({ $: "Items" } as Api),
      (allows) => ({ ...allows, Origins: ["https://app.example"] }),
      () => Content.Text("data"),
    )
    const guarded = Sitelet.Guard<Api>(() => {
      checked++
      return Content.Forbidden()
    }, cors)
    const preflight = await guarded.Handle(
      new Request("http://x/data", {
        method: "OPTIONS",
        headers: { origin: "https://app.example", "access-control-request-method": "GET" },
      }),
    )
    expect([preflight?.status, checked]).toEqual([204, 0])
    expect((await get(guarded, "/data"))?.status).toBe(403)
    expect(checked).toBe(1)
  })

  it("documents the statuses it may answer, nested guards adding theirs", () => {
    const limited = Sitelet.RateLimit({ Capacity: 2, RefillPerSecond: 1, Key: () => "all" }, tenanted)
    const doc = OpenApi.Document(limited, { info: { title: "t", version: "1" } })
    const responses = (doc.paths as Record<string, { get: { responses: Record<string, { headers?: object }> } }>)[
      "/items"
    ]?.get.responses
    expect(Object.keys(responses ?? {})).toEqual(expect.arrayContaining(["404", "429"]))
    expect(responses?.["429"]?.headers).toEqual({ "Retry-After": { schema: { type: "string" } } })
    expect(() => Sitelet.Guard(() => undefined, app, { Answers: { 200: "fine" } })).toThrow(
      limitMessages.badGuardAnswer("200"),
    )
  })
})

describe("Sitelet.RateLimit", () => {
  it("takes a token per request, answers 429 with Retry-After when the bucket is empty, and refills", async () => {
    let now = 0
    const limited = Sitelet.RateLimit<Api>(
      {
        Capacity: 2,
        RefillPerSecond: 0.5,
        Key: (ctx) => ctx.Request.headers.get("x-user") ?? undefined,
        Now: () => now,
      },
      app,
    )
    const as = (user?: string) => get(limited, "/items/1", user === undefined ? {} : { "x-user": user })
    expect((await as("ada"))?.status).toBe(200) // through the limiter to the handler
    expect((await as("ada"))?.status).toBe(200)
    const refused = await as("ada")
    expect(refused?.status).toBe(429)
    expect(refused?.headers.get("retry-after")).toBe("2")
    expect(refused?.headers.get("content-type")).toBe("application/problem+json")
    expect(JSON.parse(refused?.body ?? "{}")).toMatchObject({ status: 429, title: "Too Many Requests" })
    // Another key has its own bucket; no key is not limited.
    expect((await as("bob"))?.status).toBe(200)
    for (let i = 0; i < 5; i++) expect((await as())?.status).toBe(200)
    now += 2000
    expect((await as("ada"))?.status).toBe(200)
    expect((await as("ada"))?.status).toBe(429)
  })

  it("refuses a rule that cannot work", () => {
    expect(() => Sitelet.RateLimit({ Capacity: 0, RefillPerSecond: 1, Key: () => "k" }, app)).toThrow(
      limitMessages.badRateLimit(0, 1),
    )
    expect(() => Sitelet.RateLimit({ Capacity: 1, RefillPerSecond: 0, Key: () => "k" }, app)).toThrow(RangeError)
  })

  it("takes no token for a method the case does not take (the 405 of InferWithErrors' handler)", async () => {
    const Login = t.union({ Token: "POST /token?user=<user>" })
    const taken: string[] = []
    const limited = Sitelet.RateLimit<Infer<typeof Login>>(
      { Capacity: 1, RefillPerSecond: 0.001, Key: (_ctx, e) => (taken.push(e.user), e.user) },
      Sitelet.InferWithErrors(Login, (_ctx, r) => (r.$ === "Success" ? Content.Text("ok") : Content.Text(r.$))),
    )
    const send = (method: string) => limited.Handle(new Request("http://x/token?user=ada", { method }), options)
    for (let i = 0; i < 3; i++) expect(await (await send("GET"))?.text()).toBe("InvalidMethod")
    expect(taken).toEqual([])
    expect((await send("POST"))?.status).toBe(200)
    expect((await send("POST"))?.status).toBe(429)
    expect(taken).toEqual(["ada", "ada"])
  })
})
