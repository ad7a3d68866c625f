import { describe, expect, it } from "vitest"
import { t } from "../../src/descriptor/t.js"
import { Sitelet } from "../../src/api/sitelet-namespace.js"
import { Content } from "../../src/sitelet/content/content.js"
import {
  deferred,
  mapContent,
  resolveContent,
  staticContent,
  type Content as ContentType,
} from "../../src/sitelet/content-model.js"
import { Http } from "../../src/sitelet/http/http-status.js"
import { contextRequest, mapContext, type Context } from "../../src/sitelet/context.js"
import { createRouteRequest } from "../../src/router/request/request.js"
import { siteletMessages } from "../../src/sitelet/messages.js"

describe("ctx.Request", () => {
  it("exposes the one parse of the request, cookies and the body", async () => {
    const site = Sitelet.Infer(t.union({ Echo: "/echo/<name>" }), async (ctx, e) =>
      Content.Json({
        name: e.name,
        method: ctx.Request.method,
        path: ctx.Request.path,
        segments: ctx.Request.segments,
        query: [...ctx.Request.query],
        header: ctx.Request.headers.get("X-Test"),
        cookies: [...ctx.Request.cookies],
        text: await ctx.Request.text(),
        again: (await ctx.Request.body()).byteLength,
        app: ctx.ApplicationPath,
      }),
    )
    const response = await site.Handle(
      new Request("http://x/base/echo/a%2Fb?x=1&x=2&y", {
        method: "PUT",
        body: "héllo",
        headers: { "x-test": "yes", cookie: "a=1; b=two" },
      }),
      { basePath: "/base" },
    )
    expect(await response?.json()).toEqual({
      name: "a/b",
      method: "PUT",
      path: "/base/echo/a%2Fb",
      segments: ["base", "echo", "a/b"],
      query: [
        ["x", ["1", "2"]],
        ["y", [""]],
      ],
      header: "yes",
      cookies: [
        ["a", "1"],
        ["b", "two"],
      ],
      text: "héllo",
      again: 6,
      app: "/base",
    })
  })
})

describe("content model", () => {
  const ctx = { Link: (e: { $: string }) => `/${e.$}` } as unknown as Context<{ $: string }>
  it("resolves deferred contents, also nested ones", async () => {
    const nested: ContentType<{ $: string }> = deferred((c) =>
      deferred((d) => Content.Text(d.Link({ $: "x" }) + c.Link({ $: "y" }))),
    )
    expect((await resolveContent(nested, ctx)).body).toBe("/x/y")
  })
  it("refuses deferred contents nested without end", async () => {
    const loop: ContentType<{ $: string }> = deferred(() => loop)
    await expect(resolveContent(loop, ctx)).rejects.toThrow(siteletMessages.deferredTooDeep(64))
  })
  it("maps static, deferred and promised contents alike", async () => {
    const withTeapot = (content: ContentType<{ $: string }>) =>
      mapContent(content, (c) => staticContent(Http.Status.Custom(418), c.headers, c.body))
    expect((await resolveContent(withTeapot(Content.Text("a")), ctx)).status.code).toBe(418)
    expect((await resolveContent(withTeapot(Content.RedirectTemporary({ $: "home" })), ctx)).headers).toContainEqual([
      "Location",
      "/home",
    ])
    const promised = await mapContent(Promise.resolve(Content.Text("b")), (c) =>
      staticContent(Http.Status.Created, c.headers, c.body),
    )
    expect((await resolveContent(promised, ctx)).status.code).toBe(201)
    const redirect: ContentType<{ $: string }> = Content.WithHeaders(Content.RedirectPermanent({ $: "p" }), {
      "X-A": "1",
    })
    expect((await resolveContent(redirect, ctx)).headers).toContainEqual(["X-A", "1"])
  })
})

describe("mapContext", () => {
  it("translates links and reads the outer context only when a part is used", () => {
    const reads: string[] = []
    const outer = {
      Link: (endpoint: { readonly $: "Admin"; readonly page: string }) => `/admin/${endpoint.page}`,
      get Request() {
        reads.push("Request")
        return contextRequest(createRouteRequest({ method: "GET", target: "/admin/x" }))
      },
      get UserSession(): Context<unknown>["UserSession"] {
        reads.push("UserSession")
        throw new Error("not used here")
      },
      ApplicationPath: "/app",
      get Env() {
        reads.push("Env")
        return { region: "eu" }
      },
      WaitUntil: (work: Promise<unknown>) => void work,
      get RequestId() {
        reads.push("RequestId")
        return "req-1"
      },
      get Origin() {
        reads.push("Origin")
        return "https://example.com"
      },
      Signal: new AbortController().signal,
    }
    const inner = mapContext(outer, (page: string) => ({ $: "Admin" as const, page }))
    expect(reads).toEqual([])
    const { Link } = inner
    expect(Link("users")).toBe("/admin/users")
    expect(inner.ApplicationPath).toBe("/app")
    expect(reads).toEqual([])
    expect(inner.Request.path).toBe("/admin/x")
    expect(reads).toEqual(["Request"])
    expect(() => inner.UserSession).toThrow("not used here")
    expect(inner.Env).toEqual({ region: "eu" })
    expect(inner.WaitUntil).toBe(outer.WaitUntil)
    expect(reads).toEqual(["Request", "UserSession", "Env"])
    expect(inner.RequestId).toBe("req-1")
    expect(inner.Signal).toBe(outer.Signal)
    expect(reads).toEqual(["Request", "UserSession", "Env", "RequestId"])
    expect(inner.Origin).toBe("https://example.com")
    expect(reads).toEqual(["Request", "UserSession", "Env", "RequestId", "Origin"])
  })
})
