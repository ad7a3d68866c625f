/**
 * `JsxLink(router)`: a typed link component for sitelets' own JSX pages,
 * from a router (no `ctx`): the router's URL, escaped as every attribute,
 * other attributes kept, and a wrong endpoint a compile error.
 */
import { describe, expect, it } from "vitest"
import { t } from "../../../src/descriptor/t.js"
import { Router } from "../../../src/router/router.js"
import { JsxLink } from "../../../src/sitelet/html/jsx-link.js"
import { LinkError } from "../../../src/router/link/link-error.js"

const Pages = t.union({ Home: "GET /", Post: "GET /blog/<id:int>/<slug>", Search: "GET /search?q=<q:string?>" })
const Link = JsxLink(Router.Shift("app", Router.Infer(Pages)))

describe("JsxLink", () => {
  it("renders the router's URL as the href, with the other attributes and children", () => {
    expect(
      String(
        <Link to={{ $: "Post", id: 3, slug: "a <b>" }} class="post" aria-current="page">
          Post <b>3</b>
        </Link>,
      ),
    ).toBe('<a class="post" aria-current="page" href="/app/blog/3/a%20%3Cb%3E">Post <b>3</b></a>')
    expect(String(<Link to={{ $: "Search", q: `"&'` }} />)).toBe('<a href="/app/search?q=%22%26%27"></a>')
  })

  it("throws the router's LinkError for a value no URL carries, and types `to` by the router", () => {
    expect(() => String(<Link to={{ $: "Post", id: 1, slug: "" }} />)).toThrow(LinkError)
    // Type checks only (never rendered).
    const wrong = () => [
      // @ts-expect-error no such case
      <Link to={{ $: "Nope" }} />,
      // @ts-expect-error id is an int
      <Link to={{ $: "Post", id: "1", slug: "x" }} />,
    ]
    expect(typeof wrong).toBe("function")
  })
})
