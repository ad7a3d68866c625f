import { describe, expect, it } from "vitest"
import { t } from "../../src/descriptor/t.js"
import { createRouteRequest } from "../../src/router/request/request.js"
import { Sitelet } from "../../src/api/sitelet-namespace.js"
import { Content } from "../../src/sitelet/content/content.js"
import { resolveHostOptions } from "../../src/host/host-options.js"
import { HostContext, withoutTrailingSlashes } from "../../src/host/host-context.js"

const Site = t.union({ Home: "GET /", Item: "GET /item/<id:int>" })
const site = Sitelet.Infer(Site, { Home: () => Content.Text("home"), Item: () => Content.Text("item") })
const request = createRouteRequest({
  method: "GET",
  target: "/app/item/1?x=1",
  headers: new Headers({ cookie: "theme=dark" }),
})

describe("HostContext", () => {
  it("links through the mount path and base path, also when Link is taken off the context", () => {
    const ctx = new HostContext(
      site,
      request,
      { secure: false, mountPath: "/mount//" },
      resolveHostOptions({ basePath: "/app" }),
    )
    const { Link } = ctx
    expect(ctx.ApplicationPath).toBe("/mount/app")
    expect(Link({ $: "Item", id: 2 })).toBe("/mount/app/item/2")
    expect(ctx.Link({ $: "Home" })).toBe("/mount/app")
    expect(ctx.Link).toBe(Link)
    const root = new HostContext(site, request, { secure: false }, resolveHostOptions({}))
    expect(root.ApplicationPath).toBe("")
    expect(root.Link({ $: "Home" })).toBe("/")
  })
  it("is frozen, and builds the request view and the session once", () => {
    const ctx = new HostContext(site, request, { secure: false }, resolveHostOptions({}))
    expect(Object.isFrozen(ctx)).toBe(true)
    expect(ctx.Request).toBe(ctx.Request)
    expect(ctx.Request.cookies.get("theme")).toBe("dark")
    expect(ctx.Request.segments).toEqual(["app", "item", "1"])
    expect(ctx.UserSession).toBe(ctx.UserSession)
  })
  it("collects the Set-Cookie headers of the session calls", async () => {
    const ctx = new HostContext(
      site,
      request,
      { secure: true },
      resolveHostOptions({ session: { secret: "s".repeat(32) } }),
    )
    expect(HostContext.setCookiesOf(ctx)).toEqual([])
    await ctx.UserSession.Logout()
    const cookies = HostContext.setCookiesOf(ctx)
    expect(cookies).toHaveLength(1)
    expect(cookies[0]?.[0]).toBe("Set-Cookie")
    expect(cookies[0]?.[1]).toMatch(/^__Host-sitelets_session=;.*Secure/)
  })
  it("gives the runtime's bindings as Env, else the env option, else an empty object", () => {
    const fromRuntime = { DB: "runtime" }
    const fromOption = { DB: "option" }
    expect(
      new HostContext(site, request, { secure: false, env: fromRuntime }, resolveHostOptions({ env: fromOption })).Env,
    ).toBe(fromRuntime)
    expect(new HostContext(site, request, { secure: false }, resolveHostOptions({ env: fromOption })).Env).toBe(
      fromOption,
    )
    const none = new HostContext(site, request, { secure: false }, resolveHostOptions({})).Env
    expect(none).toEqual({})
    expect(Object.isFrozen(none)).toBe(true)
  })
  it("hands WaitUntil work to the runtime and reports its rejection to onError", async () => {
    const kept: Promise<unknown>[] = []
    const errors: unknown[] = []
    const options = resolveHostOptions({ onError: (error) => errors.push(error) })
    const ctx = new HostContext(site, request, { secure: false, waitUntil: (work) => kept.push(work) }, options)
    const { WaitUntil } = ctx
    WaitUntil(Promise.resolve(1))
    WaitUntil(Promise.reject(new Error("late failure")))
    expect(kept).toHaveLength(2)
    await Promise.all(kept)
    expect(errors).toEqual([new Error("late failure")])
    // Without a runtime hook the work runs on, and is still reported.
    const plain = new HostContext(site, request, { secure: false }, options)
    plain.WaitUntil(Promise.reject(new Error("again")))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(errors).toEqual([new Error("late failure"), new Error("again")])
  })
  it("drops trailing slashes without a regex", () => {
    expect(withoutTrailingSlashes("/app//")).toBe("/app")
    expect(withoutTrailingSlashes("////")).toBe("")
    expect(withoutTrailingSlashes("/a/b")).toBe("/a/b")
  })
})
