import { describe, expect, it } from "vitest"
import { t } from "../../../src/descriptor/t.js"
import { Sitelet } from "../../../src/api/sitelet-namespace.js"
import { Content } from "../../../src/sitelet/content/content.js"
import { header, staticContent } from "../../../src/sitelet/content-model.js"
import { Http } from "../../../src/sitelet/http/http-status.js"
import { handleFetch, toResponse } from "../../../src/host/fetch/fetch-handle.js"

const site = Sitelet.Infer(t.union({ Home: "GET /", Me: "GET /me" }), {
  Home: () => Content.Text("home"),
  Me: async (ctx) => Content.Text(`me=${(await ctx.UserSession.GetLoggedInUser()) ?? "-"}`),
})

/** A request that counts how often its headers are read. */
function counted(url: string): { request: Request; reads: () => number } {
  const request = new Request(url)
  const headers = request.headers
  let reads = 0
  Object.defineProperty(request, "headers", { get: () => (reads++, headers) })
  return { request, reads: () => reads }
}

describe("toResponse", () => {
  it("writes every header, repeated names included, and no body for HEAD", async () => {
    const content = staticContent(
      Http.Status.Ok,
      [header("Content-Type", "text/plain"), header("Set-Cookie", "a=1"), header("set-cookie", "b=2")],
      "hi",
    )
    const response = toResponse(content, "GET")
    expect(response.headers.getSetCookie()).toEqual(["a=1", "b=2"])
    expect(response.headers.get("content-type")).toBe("text/plain")
    expect(await response.text()).toBe("hi")
    const head = toResponse(content, "HEAD")
    expect(head.body).toBeNull()
  })
  it("leaves a standard reason phrase to the runtime and keeps the application's own", () => {
    expect(toResponse(staticContent(Http.Status.NotFound, [], "x"), "GET").statusText).toBe("")
    expect(toResponse(staticContent(Http.Status.Custom(299, "Fine Enough"), [], "x"), "GET").statusText).toBe(
      "Fine Enough",
    )
  })
  it("gives each shared header list its own headers, whichever answered last", async () => {
    const json = staticContent(Http.Status.Ok, Object.freeze([header("Content-Type", "application/json")]), "{}")
    const text = staticContent(Http.Status.Ok, Object.freeze([header("Content-Type", "text/plain")]), "x")
    const types = [json, text, json, text].map((content) => toResponse(content, "GET").headers.get("content-type"))
    expect(types).toEqual(["application/json", "text/plain", "application/json", "text/plain"])
    // A header on one answer never reaches the next one built from the same list.
    const first = toResponse(json, "GET")
    first.headers.set("X-Later", "1")
    expect(toResponse(json, "GET").headers.get("x-later")).toBeNull()
  })
  it("writes a header named like a prototype key as any other", () => {
    const content = staticContent(Http.Status.Ok, Object.freeze([header("__proto__", "x"), header("A", "1")]), "x")
    const response = toResponse(content, "GET")
    expect([response.headers.get("__proto__"), response.headers.get("a")]).toEqual(["x", "1"])
  })
  it("refuses a header built by hand that the runtime refuses", () => {
    expect(() => toResponse(staticContent(Http.Status.Ok, [["X-Bad", "a\nb"]], "x"), "GET")).toThrow(TypeError)
  })
})

describe("handleFetch", () => {
  it("reads the request headers only when something needs them", async () => {
    const home = counted("http://x/")
    expect(await (await handleFetch(site, home.request))?.text()).toBe("home")
    expect(home.reads()).toBe(0)
    const me = counted("http://x/me")
    expect(await (await handleFetch(site, me.request, { session: { secret: "s".repeat(32) } }))?.text()).toBe("me=-")
    expect(me.reads()).toBeGreaterThan(0)
  })
})
