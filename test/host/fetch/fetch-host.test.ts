import { describe, expect, it } from "vitest"
import { Hono } from "hono"
import { Fetch } from "../../../src/host/fetch/fetch-handler.js"
import { hostSite } from "../host-site.js"
import { hostMessages } from "../../../src/host/host-errors.js"
import { Sitelet } from "../../../src/api/sitelet-namespace.js"
import { staticContent } from "../../../src/sitelet/content-model.js"
import { Http } from "../../../src/sitelet/http/http-status.js"
import { Content } from "../../../src/sitelet/content/content.js"
import { t } from "../../../src/descriptor/t.js"
import { sessionMessages } from "../../../src/sitelet/auth/session-messages.js"

const quiet = { onError: () => undefined }

describe("Fetch host", () => {
  it("Handle returns undefined for what it does not accept; the handler answers 404", async () => {
    expect(await hostSite.Handle(new Request("http://x/nothing"), quiet)).toBeUndefined()
    const response = await Fetch.Handler(hostSite, quiet).fetch(new Request("http://x/nothing"))
    expect(response.status).toBe(404)
    expect(response.headers.get("x-content-type-options")).toBe("nosniff")
  })
  it("reads a URL handed over as it came (Deno's absolute-form targets) as any target", async () => {
    const site = Sitelet.Infer(t.union({ Home: "GET /", Admin: "GET /admin/<page>" }), {
      Home: () => Content.Text("home"),
      Admin: (_ctx, e) => Content.Text(`admin ${e.page}`),
    })
    const handler = Fetch.Handler(site, quiet)
    // What Deno passes for `GET http://h?/admin/x`: the query where a serialized URL has its path.
    const asItCame = (url: string) => ({ url, method: "GET", headers: new Headers() }) as unknown as Request
    const answers = await Promise.all(
      [
        "http://h?/admin/x",
        "http://h/admin/x",
        "http://u@h:80/admin/x",
        "http://h:bad/admin/x",
        "http://h:123456/admin/x",
      ].map(async (url) => {
        const response = await handler.fetch(asItCame(url))
        return `${response.status} ${await response.text()}`
      }),
    )
    expect(answers.map((answer) => answer.split(" ").slice(0, 2).join(" "))).toEqual([
      "200 home",
      "200 admin",
      "200 admin",
      "400 Bad",
      "400 Bad",
    ])
  })
  it("refuses a bad base path when the handler is built", () => {
    expect(() => Fetch.Handler(hostSite, { basePath: "/a/../b" })).toThrow(hostMessages.badBasePath("/a/../b"))
  })
  it("marks session cookies Secure over https", async () => {
    const response = await hostSite.Handle(new Request("https://x/login/bob", { method: "POST" }), quiet)
    expect(response?.headers.getSetCookie()[0]).toMatch(/; Secure/i)
  })
})

describe("what a Fetch runtime hands over besides the request", () => {
  const Extras = t.union({ Env: "GET /env", Later: "GET /later", Login: "POST /login", Me: "GET /me" })
  let finished = 0
  const site = Sitelet.Infer(Extras, {
    Env: (ctx) => Content.Text(JSON.stringify(ctx.Env)),
    Later: (ctx) => {
      ctx.WaitUntil(new Promise((resolve) => setTimeout(resolve, 5)).then(() => finished++))
      ctx.WaitUntil(Promise.reject(new Error("background failure")))
      return Content.Text("sent")
    },
    Login: async (ctx) => (await ctx.UserSession.LoginUser("ann"), Content.Text("in")),
    Me: async (ctx) => Content.Text(String(await ctx.UserSession.GetLoggedInUser())),
  })

  it("Workers' env becomes ctx.Env, else the env option, else {}", async () => {
    const handler = Fetch.Handler(site, { ...quiet, env: { from: "option" } as never })
    expect(await (await handler.fetch(new Request("http://x/env"), { from: "runtime" })).text()).toBe(
      '{"from":"runtime"}',
    )
    expect(await (await handler.fetch(new Request("http://x/env"))).text()).toBe('{"from":"option"}')
    expect(await (await Fetch.Handler(site, quiet).fetch(new Request("http://x/env"))).text()).toBe("{}")
  })

  it("ctx.WaitUntil hands the work to the ExecutionContext; a rejection goes to onError", async () => {
    const errors: unknown[] = []
    const kept: Promise<unknown>[] = []
    const handler = Fetch.Handler(site, { onError: (error) => errors.push(error) })
    const response = await handler.fetch(new Request("http://x/later"), {}, { waitUntil: (work) => kept.push(work) })
    expect(await response.text()).toBe("sent")
    expect(kept).toHaveLength(2)
    await Promise.all(kept)
    expect(finished).toBe(1)
    expect(errors).toEqual([new Error("background failure")])
  })

  it("the session secret can come from a binding", async () => {
    const handler = Fetch.Handler(site, { ...quiet, session: { secret: (env) => (env as { SECRET?: string }).SECRET } })
    const env = { SECRET: "a binding secret of 32 bytes or more" }
    const login = await handler.fetch(new Request("http://x/login", { method: "POST" }), env)
    const cookie = login.headers.getSetCookie()[0]!.split(";")[0]!
    const me = (bindings: object) => handler.fetch(new Request("http://x/me", { headers: { cookie } }), bindings)
    expect(await (await me(env)).text()).toBe("ann")
    // Another deployment's secret does not accept the cookie.
    expect(await (await me({ SECRET: "another secret, also 32 bytes long" })).text()).toBe("undefined")
    // No binding: a 500 reported with the sentence that names the problem.
    const errors: unknown[] = []
    const strict = Fetch.Handler(site, {
      onError: (e) => errors.push(e),
      session: { secret: (e) => (e as { SECRET?: string }).SECRET },
    })
    expect((await strict.fetch(new Request("http://x/login", { method: "POST" }), {})).status).toBe(500)
    expect(String(errors[0])).toContain(sessionMessages.secretFunctionGaveNothing())
  })
})

describe("the documented Hono mount", () => {
  it("serves what the sitelet accepts and lets Hono handle the rest", async () => {
    const app = new Hono()
    app.use(async (c, next) => {
      const response = await hostSite.Handle(c.req.raw, quiet)
      if (response) return response
      await next()
    })
    app.get("/hono", (c) => c.text("from hono"))
    expect(await (await app.request("/blog/5")).text()).toBe("id 5")
    expect(await (await app.request("/hono")).text()).toBe("from hono")
    expect((await app.request("/missing")).status).toBe(404)
  })
  it("under a sub-path with basePath", async () => {
    const app = new Hono()
    app.use("/site/*", async (c, next) => (await hostSite.Handle(c.req.raw, { ...quiet, basePath: "/site" })) ?? next())
    expect(await (await app.request("/site/links")).text()).toBe("/site/blog/3")
  })
})

describe("Fetch host faults", () => {
  it("answers 500 when a hand-built content carries a header the runtime refuses", async () => {
    const errors: unknown[] = []
    const site = Sitelet.Content("/bad", { $: "Bad" } as const, staticContent(Http.Status.Ok, [["X-Bad", "a\nb"]], "x"))
    const response = await site.Handle(new Request("http://x/bad"), { onError: (error) => errors.push(error) })
    expect(response?.status).toBe(500)
    expect(errors).toHaveLength(1)
  })

  it("keeps the CORS headers of the refused answer on that 500, and only those", async () => {
    const content = staticContent(
      Http.Status.Ok,
      [
        ["Access-Control-Allow-Origin", "https://app.example"],
        ["Vary", "Origin"],
        ["X-Other", "kept out"],
        ["X-Bad", "a\nb"],
      ],
      "x",
    )
    const site = Sitelet.Content("/bad", { $: "Bad" } as const, content)
    const response = await site.Handle(new Request("http://x/bad"), { onError: () => undefined })
    expect(response?.status).toBe(500)
    expect(response?.headers.get("access-control-allow-origin")).toBe("https://app.example")
    expect(response?.headers.get("vary")).toBe("Origin")
    expect(response?.headers.get("x-other")).toBeNull()
    // A refused CORS header itself: the plain 500.
    const refused = Sitelet.Content(
      "/bad",
      { $: "Bad" } as const,
      staticContent(Http.Status.Ok, [["Access-Control-Allow-Origin", "a\nb"]], "x"),
    )
    const plain = await refused.Handle(new Request("http://x/bad"), { onError: () => undefined })
    expect(plain?.status).toBe(500)
    expect(plain?.headers.get("access-control-allow-origin")).toBeNull()
  })
})
