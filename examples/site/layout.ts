/**
 * The page layout: a navigation bar made of typed links.
 */
import { Content, Html, Router, type HtmlChild } from "../../src/index.js"
import { Site } from "./endpoints.js"
import { pages } from "./client/routes.js"

const { a, nav, main, footer, link: linkTag, h1 } = Html

/** What the layout needs of a context: links to any page of the site. */
export interface SiteLinks {
  readonly Link: (endpoint: Site) => string
}

const siteRouter = Router.Infer(Site)

/**
 * Links to any page of the site from a part that only links its own
 * (the admin and account areas, embedded with `EmbedInUnion`): the site's
 * router, under the host's mount path.
 *
 * @example
 * ```ts
 * layout(siteLinks(ctx), "Dashboard", body) // in the admin area
 * ```
 */
export function siteLinks(ctx: { readonly ApplicationPath: string }): SiteLinks {
  const prefix = ctx.ApplicationPath
  return {
    Link: (endpoint) => {
      const path = siteRouter.Link(endpoint)
      return prefix === "" ? path : path === "/" ? prefix : prefix + path
    },
  }
}

/**
 * A full page with the site's navigation.
 *
 * @example
 * ```ts
 * layout(ctx, "Home", [Html.p(null, "Hello")])
 * ```
 */
export function layout(ctx: SiteLinks, title: string, body: HtmlChild) {
  const link = (endpoint: Site, text: string) => a({ href: ctx.Link(endpoint) }, text)
  return Content.Page({
    Title: `${title} · sitelets example`,
    Lang: "en",
    // The stylesheet is a file of Sitelet.Files, linked with a typed link (ETag, 304, gzip with the host options).
    Head: linkTag({ rel: "stylesheet", href: ctx.Link({ $: "Static", file: { $: "File", path: "site.css" } }) }),
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
