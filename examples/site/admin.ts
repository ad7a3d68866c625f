/**
 * The admin area: a sitelet over its own `Admin` union, embedded into
 * `Site` with `EmbedInUnion` and mounted with `Shift("admin")`.
 */
import { Html, Sitelet, type Context, type HtmlChild } from "../../src/index.js"
import { Admin } from "./endpoints.js"
import { store } from "./data.js"
import { layout, siteLinks } from "./layout.js"

const { nav, a, p, table, tr, th, td } = Html

// The site's layout, with the admin area's own navigation on top of the page.
const page = (ctx: Context<Admin>, title: string, ...body: HtmlChild[]) =>
  layout(siteLinks(ctx), `Admin · ${title}`, [
    nav(
      { class: "sub" },
      a({ href: ctx.Link({ $: "Dashboard" }) }, "Dashboard"),
      " ",
      a({ href: ctx.Link({ $: "Messages" }) }, "Messages"),
    ),
    ...body,
  ])

/** The admin sitelet; its links translate into `/admin/…` once embedded. */
export const admin = Sitelet.Infer(Admin, {
  Dashboard: (ctx) =>
    page(ctx, "Dashboard", p(null, `${store.articles().length} articles, ${store.messages().length} messages.`)),
  Messages: (ctx) =>
    page(
      ctx,
      "Messages",
      table(
        null,
        tr(null, th(null, "From"), th(null, "Email"), th(null, "Message")),
        store.messages().map((m) => tr(null, td(null, m.name), td(null, m.email), td(null, m.message))),
      ),
    ),
})
