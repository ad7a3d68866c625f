/**
 * The HTML pages, in JSX. Built with `InferPartial` so the handlers'
 * `ctx.Link` takes any `Site` endpoint (admin and API included).
 */
import { storable } from "./storable.js"
import { Content, Sitelet, type Context } from "../../src/index.js"
import { Pages, type Site } from "./endpoints.js"
import type { Article } from "./endpoints.js"
import { store } from "./data.js"
import { layout } from "./layout.js"

const pageSize = 2

const ArticleLink = ({ ctx, item }: { ctx: Context<Site>; item: { slug: string; title: string } }) => (
  <a href={ctx.Link({ $: "ArticleBySlug", slug: item.slug })}>{item.title}</a>
)

const Published = ({ date }: { date: Date }) => (
  <time datetime={date.toISOString()}>
    {date.toLocaleDateString("en", { year: "numeric", month: "long", day: "numeric" })}
  </time>
)

// The first sentence of an article, for its card.
const summary = (body: string): string => {
  const end = body.indexOf(". ")
  return end < 0 ? body : body.slice(0, end + 1)
}

// One article in a list: its title, date, the first sentence of its body.
const Card = ({ ctx, item }: { ctx: Context<Site>; item: Article }) => (
  <article class="card">
    <h2>
      <ArticleLink ctx={ctx} item={item} />
    </h2>
    <p class="meta">
      <Published date={item.published} /> · <a href={ctx.Link({ $: "ArticleById", id: item.id })}>#{item.id}</a>
    </p>
    <p>{summary(item.body)}</p>
  </article>
)

const notFound = async (ctx: Context<Site>, what: string) =>
  Content.SetStatus(
    { code: 404, text: "Not Found" },
    await layout(
      ctx,
      "Not found",
      <p>
        No article {what}. <a href={ctx.Link({ $: "Blog" })}>All articles</a>
      </p>,
      "Blog",
    ),
  )

const contactForm = (
  ctx: Context<Site>,
  error?: string,
  values: { name?: string; email?: string; message?: string } = {},
) =>
  layout(
    ctx,
    "Contact",
    <>
      {error === undefined ? null : <p class="error">{error}</p>}
      <form class="stacked" method="post" action={ctx.Link({ $: "SendContact" })}>
        <label>
          Name <input name="name" value={values.name ?? ""} autocomplete="name" required />
        </label>
        <label>
          Email <input name="email" type="email" value={values.email ?? ""} autocomplete="email" required />
        </label>
        <label>
          Message{" "}
          <textarea name="message" rows={5} required>
            {values.message ?? ""}
          </textarea>
        </label>
        <button type="submit">Send</button>
      </form>
    </>,
    "Contact",
  )

/** The page sitelet, typed as part of `Site`. */
export const pages = Sitelet.InferPartial(
  Pages,
  (page): Site => page,
  (site: Site) =>
    site.$ === "Admin" || site.$ === "Api" || site.$ === "ApiWrite" || site.$ === "Account" || site.$ === "Static"
      ? undefined
      : site,
  {
    Home: async (ctx) => {
      const latest = (await store.articles()).at(-1)!
      return layout(
        ctx,
        "Welcome",
        <>
          <p class="lead">
            A small site served by sitelets: every URL on it is linked from an endpoint value, and the same data is
            served as JSON by <a href={ctx.Link({ $: "Api", call: { $: "ListArticles" } })}>the API</a>.
          </p>
          <h2 class="section">Latest</h2>
          <Card ctx={ctx} item={latest} />
        </>,
      )
    },
    Blog: async (ctx) =>
      layout(
        ctx,
        "Blog",
        <div class="cards">
          {(await store.articles()).map((item) => (
            <Card ctx={ctx} item={item} />
          ))}
        </div>,
        "Blog",
      ),
    ArticleById: async (ctx, e) => {
      const found = await store.byId(e.id)
      return found
        ? Content.RedirectPermanent<Site>({ $: "ArticleBySlug", slug: found.slug })
        : notFound(ctx, `#${e.id}`)
    },
    ArticleBySlug: async (ctx, e) => {
      const found = await store.bySlug(e.slug)
      if (!found) return notFound(ctx, `'${e.slug}'`)
      return layout(
        ctx,
        found.title,
        <article class="post">
          <p class="meta">
            <Published date={found.published} />
          </p>
          <p>{found.body}</p>
          <p>
            <a href={ctx.Link({ $: "Blog" })}>← All articles</a>
          </p>
        </article>,
        "Blog",
      )
    },
    Search: async (ctx, e) => {
      const query = e.q ?? ""
      const page = Math.max(1, e.page ?? 1)
      const hits = query === "" ? [] : await store.search(query)
      const shown = hits.slice((page - 1) * pageSize, page * pageSize)
      const more = hits.length > page * pageSize
      return layout(
        ctx,
        "Search",
        <>
          <form class="inline" method="get" action={ctx.Link({ $: "Search" })}>
            <input name="q" value={query} placeholder="typed, JSON, hosting…" aria-label="Search terms" />
            <button type="submit">Search</button>
          </form>
          {query === "" ? null : <p class="meta">{`${hits.length} result(s) for “${query}”`}</p>}
          <ul class="results">
            {shown.map((item) => (
              <li>
                <ArticleLink ctx={ctx} item={item} />
              </li>
            ))}
          </ul>
          <p class="pager">
            {page > 1 ? <a href={ctx.Link({ $: "Search", q: query, page: page - 1 })}>← Previous</a> : null}{" "}
            {more ? <a href={ctx.Link({ $: "Search", q: query, page: page + 1 })}>Next →</a> : null}
          </p>
        </>,
        "Search",
      )
    },
    Contact: (ctx) => contactForm(ctx),
    SendContact: async (ctx, e) => {
      const values = { name: e.name?.trim() ?? "", email: e.email?.trim() ?? "", message: e.message?.trim() ?? "" }
      if (values.name === "" || !values.email.includes("@") || values.message === "") {
        return Content.SetStatus(
          { code: 400, text: "Bad Request" },
          await contactForm(ctx, "Please fill in your name, a valid email and a message.", values),
        )
      }
      await store.addMessage({ ...values, at: new Date() })
      return Content.RedirectSeeOther<Site>({ $: "Thanks", name: values.name })
    },
    Thanks: (ctx, e) =>
      layout(
        ctx,
        "Thank you",
        <p>
          Thanks, {e.name}! We read every message. <a href={ctx.Link({ $: "Home" })}>Back home</a>
        </p>,
        "Contact",
      ),
  },
  // A NUL or a lone surrogate in a query, a slug or the contact form is a 400 naming the field, not PostgreSQL's 500.
  storable,
)
