/**
 * `sitelets/react` without a browser: server rendering with
 * `react-dom/server` (links, the active link, the endpoint of the request
 * rendered), and the types (`to` and `useEndpoint` typed by the router).
 * Navigation in a real browser: test/browser/react.test.ts.
 */
import { createElement as h, type ReactElement } from "react"
import { renderToString } from "react-dom/server"
import { describe, expect, expectTypeOf, it } from "vitest"
import { Router } from "../../src/client/client-router.js"
import { t } from "../../src/descriptor/t.js"
import type { Infer } from "../../src/descriptor/descriptor.js"
import { ReactRouter } from "../../src/react/index.js"
import { LinkError } from "../../src/router/link/link-error.js"
import * as clientMessages from "../../src/client/messages.js"

const Pages = t.union({
  Home: "GET /",
  Post: "GET /blog/<id:int>",
  Search: "GET /search?q=<q:string?>&page=<page:int?>",
  Save: "POST /save",
})
type Pages = Infer<typeof Pages>
const { Link, Location, useEndpoint, useNavigate } = ReactRouter(Router.Shift("app", Router.Infer(Pages)))

function Current(): ReactElement {
  const page = useEndpoint()
  expectTypeOf(page).toEqualTypeOf<Pages | undefined>()
  return h("p", { id: "current" }, page === undefined ? "none" : JSON.stringify(page))
}

const nav = () =>
  h(
    "nav",
    null,
    h(Link, { to: { $: "Home" }, className: "home" }, "Home"),
    h(Link, { to: { $: "Post", id: 3 }, activeProps: { className: "on" } }, "Post 3"),
    h(Link, { to: { $: "Search", q: "a b", page: 2 } }, "Search"),
  )

describe("sitelets/react on the server (react-dom/server)", () => {
  it("renders typed links as <a href>, and marks the one of the location rendered", () => {
    const html = renderToString(h(Location, { url: "/app/blog/3" }, nav(), h(Current)))
    expect(html).toContain('<a class="home" href="/app">Home</a>')
    expect(html).toContain('<a aria-current="page" class="on" href="/app/blog/3">Post 3</a>')
    expect(html).toContain('<a href="/app/search?q=a%20b&amp;page=2">Search</a>')
    expect(html).toContain(`<p id="current">${JSON.stringify({ $: "Post", id: 3 }).replace(/"/g, "&quot;")}</p>`)
  })

  it("marks a link active by what the router parses: a trailing slash, an unknown query key, the mount path", () => {
    for (const url of ["/app", "/app/", "/app?utm=mail", "/app//"]) {
      const html = renderToString(h(Location, { url }, h(Link, { to: { $: "Home" } }, "Home")))
      expect(html, url).toBe('<a aria-current="page" href="/app">Home</a>')
    }
    const search = renderToString(
      h(Location, { url: "/app/search/?page=2&q=a%20b&x=1" }, h(Link, { to: { $: "Search", q: "a b", page: 2 } }, "s")),
    )
    expect(search).toContain('aria-current="page"')
    // Another page, or the same page with other values, is not this link's.
    expect(
      renderToString(h(Location, { url: "/app/blog/4" }, h(Link, { to: { $: "Post", id: 3 } }, "3"))),
    ).not.toContain("aria-current")
  })

  it("gives no endpoint for a location no case matches, or without a Location", () => {
    expect(renderToString(h(Location, { url: "https://example.test/app/nowhere?x=1" }, h(Current)))).toContain(">none<")
    expect(renderToString(h(Current))).toContain(">none<")
    expect(renderToString(nav())).not.toContain("aria-current")
  })

  it("refuses what a browser cannot navigate to, with the router's sentences", () => {
    expect(() => renderToString(h(Link, { to: { $: "Save" } }, "save"))).toThrow(
      clientMessages.notNavigable("/app/save", "POST"),
    )
    expect(() => renderToString(h(Link, { to: { $: "Post", id: 0.5 } }, "x"))).toThrow(LinkError)
  })

  it("navigating needs a browser: useNavigate's function says so", () => {
    let go: ((to: Pages) => void) | undefined
    function Grab(): ReactElement {
      go = useNavigate()
      return h("i")
    }
    renderToString(h(Grab))
    expect(() => go?.({ $: "Home" })).toThrow(clientMessages.noWindow)
  })

  it("types `to` by the router: a wrong case or field is a compile error", () => {
    // @ts-expect-error no such case
    h(Link, { to: { $: "Nope" } })
    // @ts-expect-error id is an int field
    h(Link, { to: { $: "Post", id: "3" } })
    // @ts-expect-error the field is missing
    h(Link, { to: { $: "Post" } })
    expectTypeOf(useNavigate).returns.parameter(0).toEqualTypeOf<Pages>()
  })

  it("in hash mode, writes links after # and reads the location's fragment", () => {
    const hash = ReactRouter(Router.Shift("app", Router.Infer(Pages)), { mode: "hash" })
    const html = renderToString(
      h(hash.Location, { url: "/index.html#/app/blog/3" }, h(hash.Link, { to: { $: "Post", id: 3 } }, "3")),
    )
    expect(html).toBe('<a aria-current="page" href="#/app/blog/3">3</a>')
    // An in-page anchor is no route: nothing is active.
    expect(
      renderToString(h(hash.Location, { url: "/index.html#top" }, h(hash.Link, { to: { $: "Home" } }, "home"))),
    ).toBe('<a href="#/app">home</a>')
  })
})
