import { describe, expect, it } from "vitest"
import { t } from "../../src/descriptor/t.js"
import { Json } from "../../src/descriptor/attributes.js"
import { Router } from "../../src/client/client-router.js"
import * as clientMessages from "../../src/client/messages.js"
import { LinkError } from "../../src/router/link/link-error.js"
import { clickOn, fakeWindow } from "./fake-window.js"

const Pages = t.union({
  Home: "GET /",
  Article: "GET /article/<id:int>/<slug>",
  Search: "GET /search?q=<q>&page=<page:int?>",
  Create: t.case("POST /posts", { title: Json(t.string) }),
  Remove: "DELETE /article/<id:int>",
})
const router = Router.Infer(Pages)
const origin = "http://site.test"

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe("Router.Install (history mode)", () => {
  it("parses the location at install time", async () => {
    const win = fakeWindow(origin + "/article/2/a%20b?utm=x#top")
    const app = Router.Install(router, { window: win })
    expect(app.current).toBeUndefined()
    expect(await app.ready).toEqual({ $: "Article", id: 2, slug: "a b" })
    expect(app.current).toEqual({ $: "Article", id: 2, slug: "a b" })
    const unknown = Router.Install(router, { window: fakeWindow(origin + "/nowhere") })
    expect(await unknown.ready).toBeUndefined()
  })

  it("navigates with pushState and replaceState, and follows back/forward", async () => {
    const win = fakeWindow(origin + "/")
    const seen: unknown[] = []
    const app = Router.Install(router, { window: win, onChange: (e) => seen.push(e) })
    await app.ready
    app.navigate({ $: "Article", id: 1, slug: "x" })
    app.navigate({ $: "Search", q: "a&b", page: 2 })
    expect(win.entries).toEqual([origin + "/", origin + "/article/1/x", origin + "/search?q=a%26b&page=2"])
    app.navigate({ $: "Search", q: "c" }, { replace: true })
    expect(win.entries.at(-1)).toBe(origin + "/search?q=c")
    expect(app.current).toEqual({ $: "Search", q: "c" })
    win.back()
    await settle()
    expect(app.current).toEqual({ $: "Article", id: 1, slug: "x" })
    win.back()
    await settle()
    expect(app.current).toEqual({ $: "Home" })
    win.forward()
    await settle()
    expect(app.current).toEqual({ $: "Article", id: 1, slug: "x" })
    expect(seen).toEqual([
      { $: "Home" },
      { $: "Article", id: 1, slug: "x" },
      { $: "Search", q: "a&b", page: 2 },
      { $: "Search", q: "c" },
      { $: "Article", id: 1, slug: "x" },
      { $: "Home" },
      { $: "Article", id: 1, slug: "x" },
    ])
  })

  it("takes over clicks on links the router accepts, and loads the others", async () => {
    const win = fakeWindow(origin + "/")
    const app = Router.Install(router, { window: win })
    await app.ready
    const accepted = clickOn({ href: "/article/5/y" })
    win.click(accepted)
    await settle()
    expect(app.current).toEqual({ $: "Article", id: 5, slug: "y" })
    expect(win.location.href).toBe(origin + "/article/5/y")
    expect(win.assigned).toEqual([])
    const unknown = clickOn({ href: "/static/file.pdf" })
    win.click(unknown)
    await settle()
    expect(win.assigned).toEqual([origin + "/static/file.pdf"])
    expect(app.current).toEqual({ $: "Article", id: 5, slug: "y" })
    win.click(clickOn({ href: "/article/5/y" }))
    await settle()
    expect(win.entries).toEqual([origin + "/", origin + "/article/5/y"])
    const modified = clickOn({ href: "/article/6/z" }, { ctrlKey: true })
    win.click(modified)
    await settle()
    expect(modified.defaultPrevented).toBe(false)
    expect(win.location.href).toBe(origin + "/article/5/y")
  })

  it("gives hrefs, refuses endpoints a navigation cannot reach, and stops after dispose", async () => {
    const win = fakeWindow(origin + "/")
    const app = Router.Install(router, { window: win, interceptLinks: false })
    expect(app.href({ $: "Search", q: "x y" })).toBe("/search?q=x%20y")
    expect(() => app.navigate({ $: "Create", title: "t" })).toThrow(clientMessages.carriesBody("/posts"))
    expect(() => app.href({ $: "Remove", id: 1 })).toThrow(clientMessages.notNavigable("/article/1", "DELETE"))
    expect(() => app.href({ $: "Article", id: 1, slug: "" })).toThrow(LinkError)
    await app.ready
    const click = clickOn({ href: "/article/5/y" })
    win.click(click)
    expect(click.defaultPrevented).toBe(false)
    const seen: unknown[] = []
    const stop = app.subscribe((e) => seen.push(e))
    app.navigate({ $: "Home" })
    stop()
    app.navigate({ $: "Search", q: "q" })
    expect(seen).toEqual([{ $: "Home" }])
    app.dispose()
    win.back()
    await settle()
    expect(app.current).toEqual({ $: "Search", q: "q" })
    expect(() => app.navigate({ $: "Home" })).toThrow(clientMessages.alreadyDisposed)
  })

  it("ignores a jump to an in-page #anchor (the endpoint did not change)", async () => {
    const win = fakeWindow(origin + "/article/1/a")
    let changes = 0
    const app = Router.Install(router, { window: win, onChange: () => changes++ })
    await app.ready
    win.followHash("#comments")
    await settle()
    win.back()
    await settle()
    expect(changes).toBe(1)
    win.followHash("/search?q=x#top")
    await settle()
    expect(app.current).toEqual({ $: "Search", q: "x" })
    expect(changes).toBe(2)
  })

  it("lets the latest navigation win over a slower parse", async () => {
    const win = fakeWindow(origin + "/article/1/a")
    const app = Router.Install(router, { window: win })
    app.navigate({ $: "Home" })
    await app.ready
    expect(app.current).toEqual({ $: "Home" })
  })

  it.each([
    ["a malformed escape", "/article/1/%E0%A4%A"],
    ["an encoded lone surrogate", "/article/1/%ED%A0%80"],
    ["an overlong dot", "/article/1/%C0%AE"],
    ["a wrong type", "/article/x/y"],
  ])("matches nothing (no throw) for a location with %s", async (_name, path) => {
    const app = Router.Install(router, { window: fakeWindow(origin + path) })
    expect(await app.ready).toBeUndefined()
    expect(app.current).toBeUndefined()
  })

  it("needs a window outside a browser", () => {
    expect(() => Router.Install(router)).toThrow(clientMessages.noWindow)
  })
})

describe("Router.InstallHash (static hosting)", () => {
  it("keeps links after #, reads an empty fragment as /, ignores in-page anchors", async () => {
    const win = fakeWindow(origin + "/index.html")
    const app = Router.InstallHash(router, { window: win })
    expect(await app.ready).toEqual({ $: "Home" })
    expect(app.href({ $: "Article", id: 3, slug: "s" })).toBe("#/article/3/s")
    app.navigate({ $: "Article", id: 3, slug: "s" })
    expect(win.location.href).toBe(origin + "/index.html#/article/3/s")
    win.followHash("#/search?q=%C3%A9")
    await settle()
    expect(app.current).toEqual({ $: "Search", q: "é" })
    win.back()
    await settle()
    expect(app.current).toEqual({ $: "Article", id: 3, slug: "s" })
    win.followHash("#top")
    await settle()
    expect(app.current).toBeUndefined()
  })

  it("does not take over link clicks", async () => {
    const win = fakeWindow(origin + "/index.html")
    const app = Router.InstallHash(router, { window: win })
    await app.ready
    const click = clickOn({ href: "/article/5/y" })
    win.click(click)
    expect(click.defaultPrevented).toBe(false)
  })
})
