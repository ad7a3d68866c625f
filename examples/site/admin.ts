/**
 * The admin area: a sitelet over its own `Admin` union, embedded into
 * `Site` with `EmbedInUnion` and mounted with `Shift("admin")`.
 */
import { Content, Html, Sitelet, type Context } from "../../src/index.js"
import { Admin } from "./endpoints.js"
import { store } from "./data.js"

const { nav, a, h1, p, table, tr, th, td, main } = Html

const page = (ctx: Context<Admin>, title: string, ...body: Parameters<typeof main>[1][]) =>
  Content.Page({
    Title: `Admin · ${title}`,
    Body: [
      nav(
        null,
        a({ href: ctx.Link({ $: "Dashboard" }) }, "Dashboard"),
        " ",
        a({ href: ctx.Link({ $: "Messages" }) }, "Messages"),
      ),
      main(null, h1(null, title), ...body),
    ],
  })

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
