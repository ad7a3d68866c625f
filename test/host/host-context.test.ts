import { describe, expect, it } from "vitest"
import { t } from "../../src/descriptor/t.js"
import { createRouteRequest } from "../../src/router/request.js"
import { Sitelet } from "../../src/sitelet/sitelet-namespace.js"
import { Content } from "../../src/sitelet/content.js"
import { resolveHostOptions } from "../../src/host/host-options.js"
import { HostContext, withoutTrailingSlashes } from "../../src/host/host-context.js"

const Site = t.union({ Home: "GET /", Item: "GET /item/<id:int>" })
const site = Sitelet.Infer(Site, { Home: () => Content.Text("home"), Item: () => Content.Text("item") })
const request = createRouteRequest({ method: "GET", target: "/app/item/1?x=1", headers: new Headers({ cookie: "theme=dark" }) })

describe("HostContext", () => {
  it("links through the mount path and base path, also when Link is taken off the context", () => {
    const ctx = new HostContext(site, request, "/mount//", false, resolveHostOptions({ basePath: "/app" }))
    const { Link } = ctx
    expect(ctx.ApplicationPath).toBe("/mount/app")
    expect(Link({ $: "Item", id: 2 })).toBe("/mount/app/item/2")
    expect(ctx.Link({ $: "Home" })).toBe("/mount/app")
    expect(ctx.Link).toBe(Link)
    const root = new HostContext(site, request, "", false, resolveHostOptions({}))
    expect(root.ApplicationPath).toBe("")
    expect(root.Link({ $: "Home" })).toBe("/")
  })
  it("is frozen, and builds the request view and the session once", () => {
    const ctx = new HostContext(site, request, "", false, resolveHostOptions({}))
    expect(Object.isFrozen(ctx)).toBe(true)
    expect(ctx.Request).toBe(ctx.Request)
    expect(ctx.Request.cookies.get("theme")).toBe("dark")
    expect(ctx.Request.segments).toEqual(["app", "item", "1"])
    expect(ctx.UserSession).toBe(ctx.UserSession)
  })
  it("collects the Set-Cookie headers of the session calls", async () => {
    const ctx = new HostContext(site, request, "", true, resolveHostOptions({ session: { secret: "s".repeat(32) } }))
    expect(HostContext.setCookiesOf(ctx)).toEqual([])
    await ctx.UserSession.Logout()
    const cookies = HostContext.setCookiesOf(ctx)
    expect(cookies).toHaveLength(1)
    expect(cookies[0]?.[0]).toBe("Set-Cookie")
    expect(cookies[0]?.[1]).toMatch(/^__Host-sitelets_session=;.*Secure/)
  })
  it("drops trailing slashes without a regex", () => {
    expect(withoutTrailingSlashes("/app//")).toBe("/app")
    expect(withoutTrailingSlashes("////")).toBe("")
    expect(withoutTrailingSlashes("/a/b")).toBe("/a/b")
  })
})
