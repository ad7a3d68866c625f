/**
 * The page layout: a navigation bar made of typed links.
 */
import { Content, Html, type Context, type HtmlChild } from "../../src/index.js"
import type { Site } from "./endpoints.js"
import { pages } from "./client/routes.js"

const { a, nav, main, footer, style, h1 } = Html

const css = `
body { font-family: system-ui, sans-serif; max-width: 44rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5 }
nav a { margin-right: 1rem }
label { display: block; margin-top: .75rem }
input, textarea { width: 100%; padding: .4rem }
.error { color: #a00 }
`

/**
 * A full page with the site's navigation.
 *
 * @example
 * ```ts
 * layout(ctx, "Home", [Html.p(null, "Hello")])
 * ```
 */
export function layout(ctx: Context<Site>, title: string, body: HtmlChild) {
  const link = (endpoint: Site, text: string) => a({ href: ctx.Link(endpoint) }, text)
  return Content.Page({
    Title: `${title} · sitelets example`,
    Lang: "en",
    Head: style(null, Html.Raw(css)),
    Body: [
      nav(
        null,
        link({ $: "Home" }, "Home"),
        link({ $: "Blog" }, "Blog"),
        link({ $: "Search" }, "Search"),
        link({ $: "Contact" }, "Contact"),
        link({ $: "Admin", page: { $: "Dashboard" } }, "Admin"),
        link({ $: "Api", call: { $: "ListArticles" } }, "API"),
        link({ $: "Account", page: { $: "Profile" } }, "Account"),
        // The browser front end is a separate sitelet; its own router links it.
        a({ href: pages.Link({ $: "Home" }) }, "App"),
      ),
      main(null, h1(null, title), body),
      footer(null, Html.small(null, "Served by sitelets.")),
    ],
  })
}
