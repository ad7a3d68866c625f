import { describe, expect, it } from "vitest"
import { t } from "../../src/descriptor/t.js"
import { Sitelet } from "../../src/api/sitelet-namespace.js"
import { Content } from "../../src/sitelet/content.js"
import { header, staticContent } from "../../src/sitelet/content-model.js"
import { Http } from "../../src/sitelet/http-status.js"
import { handleFetch, toResponse } from "../../src/host/fetch-handle.js"

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
