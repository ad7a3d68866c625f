/**
 * The HTML pages. Built with `InferPartial` so the handlers' `ctx.Link`
 * takes any `Site` endpoint (admin and API included).
 */
import { Content, Html, Sitelet, html, type Context } from "../../src/index.js"
import { Pages, type Site } from "./endpoints.js"
import { store } from "./data.js"
import { layout } from "./layout.js"

const { p, ul, li, a, form, label, input, textarea, button, article, time, div } = Html

const pageSize = 2

const articleLink = (ctx: Context<Site>, item: { id: number; slug: string; title: string }) =>
  a({ href: ctx.Link({ $: "ArticleBySlug", slug: item.slug }) }, item.title)

const notFound = (ctx: Context<Site>, what: string) =>
  Content.SetStatus(
    { code: 404, text: "Not Found" },
    layout(ctx, "Not found", p(null, `No article ${what}. `, a({ href: ctx.Link({ $: "Blog" }) }, "All articles"))),
  )

const contactForm = (
  ctx: Context<Site>,
  error?: string,
  values: { name?: string; email?: string; message?: string } = {},
) =>
  layout(ctx, "Contact", [
    error === undefined ? null : p({ class: "error" }, error),
    form(
      { method: "post", action: ctx.Link({ $: "SendContact" }) },
      label(null, "Name", input({ name: "name", value: values.name ?? "", required: true })),
      label(null, "Email", input({ name: "email", type: "email", value: values.email ?? "", required: true })),
      label(null, "Message", textarea({ name: "message", rows: 5, required: true }, values.message ?? "")),
      button({ type: "submit" }, "Send"),
    ),
  ])

/** The page sitelet, typed as part of `Site`. */
export const pages = Sitelet.InferPartial(
  Pages,
  (page): Site => page,
  (site: Site) =>
    site.$ === "Admin" || site.$ === "Api" || site.$ === "ApiWrite" || site.$ === "Account" || site.$ === "Static"
      ? undefined
      : site,
  {
    Home: (ctx) =>
      layout(ctx, "Welcome", [
        p(null, "A small site served by sitelets: every URL below is linked from an endpoint value."),
        html`<p>Latest: ${articleLink(ctx, store.articles().at(-1)!)}. The same data is served as JSON by
          <a href="${ctx.Link({ $: "Api", call: { $: "ListArticles" } })}">the API</a>.</p>`,
      ]),
    Blog: (ctx) =>
      layout(
        ctx,
        "Blog",
        ul(
          null,
          store
            .articles()
            .map((item) =>
              li(
                null,
                articleLink(ctx, item),
                " · ",
                a({ href: ctx.Link({ $: "ArticleById", id: item.id }) }, `#${item.id}`),
              ),
            ),
        ),
      ),
    ArticleById: (ctx, e) => {
      const found = store.byId(e.id)
      return found
        ? Content.RedirectPermanent<Site>({ $: "ArticleBySlug", slug: found.slug })
        : notFound(ctx, `#${e.id}`)
    },
    ArticleBySlug: (ctx, e) => {
      const found = store.bySlug(e.slug)
      if (!found) return notFound(ctx, `'${e.slug}'`)
      return layout(
        ctx,
        found.title,
        article(
          null,
          p(null, time({ datetime: found.published.toISOString() }, found.published.toDateString())),
          p(null, found.body),
        ),
      )
    },
    Search: (ctx, e) => {
      const query = e.q ?? ""
      const page = Math.max(1, e.page ?? 1)
      const hits = query === "" ? [] : store.search(query)
      const shown = hits.slice((page - 1) * pageSize, page * pageSize)
      const more = hits.length > page * pageSize
      return layout(ctx, "Search", [
        form(
          { method: "get", action: ctx.Link({ $: "Search" }) },
          input({ name: "q", value: query, placeholder: "typed, JSON, hosting…" }),
          button({ type: "submit" }, "Search"),
        ),
        query === "" ? null : p(null, `${hits.length} result(s) for “${query}”`),
        ul(
          null,
          shown.map((item) => li(null, articleLink(ctx, item))),
        ),
        div(
          null,
          page > 1 ? a({ href: ctx.Link({ $: "Search", q: query, page: page - 1 }) }, "← Previous") : null,
          " ",
          more ? a({ href: ctx.Link({ $: "Search", q: query, page: page + 1 }) }, "Next →") : null,
        ),
      ])
    },
    Contact: (ctx) => contactForm(ctx),
    SendContact: (ctx, e) => {
      const values = { name: e.name?.trim() ?? "", email: e.email?.trim() ?? "", message: e.message?.trim() ?? "" }
      if (values.name === "" || !values.email.includes("@") || values.message === "") {
        return Content.SetStatus(
          { code: 400, text: "Bad Request" },
          contactForm(ctx, "Please fill in your name, a valid email and a message.", values),
        )
      }
      store.addMessage({ ...values, at: new Date() })
      return Content.RedirectSeeOther<Site>({ $: "Thanks", name: values.name })
    },
    Thanks: (ctx, e) =>
      layout(
        ctx,
        "Thank you",
        p(null, `Thanks, ${e.name}! We read every message. `, a({ href: ctx.Link({ $: "Home" }) }, "Back home")),
      ),
  },
)
