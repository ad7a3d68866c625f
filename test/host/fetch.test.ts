import { describe, expect, it } from "vitest"
import { Hono } from "hono"
import { Fetch } from "../../src/host/fetch-handler.js"
import { hostSite } from "./host-site.js"
import { hostMessages } from "../../src/host/host-errors.js"
import { Sitelet } from "../../src/sitelet/sitelet-namespace.js"
import { staticContent } from "../../src/sitelet/content-model.js"
import { Http } from "../../src/sitelet/http-status.js"

const quiet = { onError: () => undefined }

describe("Fetch host", () => {
  it("Handle returns undefined for what it does not accept; the handler answers 404", async () => {
    expect(await hostSite.Handle(new Request("http://x/nothing"), quiet)).toBeUndefined()
    const response = await Fetch.Handler(hostSite, quiet).fetch(new Request("http://x/nothing"))
    expect(response.status).toBe(404)
    expect(response.headers.get("x-content-type-options")).toBe("nosniff")
  })
  it("refuses a bad base path when the handler is built", () => {
    expect(() => Fetch.Handler(hostSite, { basePath: "/a/../b" })).toThrow(hostMessages.badBasePath("/a/../b"))
  })
  it("marks session cookies Secure over https", async () => {
    const response = await hostSite.Handle(new Request("https://x/login/bob", { method: "POST" }), quiet)
    expect(response?.headers.getSetCookie()[0]).toMatch(/; Secure/i)
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
    const content = staticContent(Http.Status.Ok, [
      ["Access-Control-Allow-Origin", "https://app.example"],
      ["Vary", "Origin"],
      ["X-Other", "kept out"],
      ["X-Bad", "a\nb"],
    ], "x")
    const site = Sitelet.Content("/bad", { $: "Bad" } as const, content)
    const response = await site.Handle(new Request("http://x/bad"), { onError: () => undefined })
    expect(response?.status).toBe(500)
    expect(response?.headers.get("access-control-allow-origin")).toBe("https://app.example")
    expect(response?.headers.get("vary")).toBe("Origin")
    expect(response?.headers.get("x-other")).toBeNull()
    // A refused CORS header itself: the plain 500.
    const refused = Sitelet.Content("/bad", { $: "Bad" } as const, staticContent(Http.Status.Ok, [["Access-Control-Allow-Origin", "a\nb"]], "x"))
    const plain = await refused.Handle(new Request("http://x/bad"), { onError: () => undefined })
    expect(plain?.status).toBe(500)
    expect(plain?.headers.get("access-control-allow-origin")).toBeNull()
  })
})
