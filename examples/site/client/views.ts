/**
 * The views of the front end, as plain functions returning DOM nodes.
 * Every link is a typed link (`Link`), every API call a typed request
 * (`api.Fetch`, decoded by the answers its case declares).
 */
import { FetchError, JsonError, LinkError } from "../../../src/client/index.js"
import { h, type Child } from "./dom.js"
import { api, pages, site, type Pages } from "./routes.js"

/** What a view may do besides rendering: navigate, and know if it is still shown. */
export interface ViewContext {
  navigate(page: Pages, options?: { replace?: boolean }): void
  /** False once another page was rendered: late answers are dropped. */
  current(): boolean
}

/**
 * A typed link component: the `href` comes from `pages.Link(to)`, so a
 * renamed route or a missing field is a compile error, not a broken link.
 *
 * @example
 * ```ts
 * Link({ $: "Article", id: 1, slug: "hello" }, "Hello") //=> <a href="/app/articles/1/hello">Hello</a>
 * ```
 */
export function Link(to: Pages, ...children: Child[]): HTMLAnchorElement {
  return h("a", { href: pages.Link(to), "data-page": to.$ }, ...children)
}

const day = (date: Date) => date.toISOString().slice(0, 10)

const failure = (error: unknown) =>
  h(
    "p",
    { class: "error", "data-error": "" },
    error instanceof FetchError || error instanceof JsonError || error instanceof LinkError
      ? error.message
      : String(error),
  )

/** Fills `target` when the promise settles, unless the page changed meanwhile. */
function later<Value>(
  ctx: ViewContext,
  target: HTMLElement,
  load: Promise<Value>,
  show: (value: Value) => Child,
): HTMLElement {
  target.append(h("p", { class: "loading" }, "Loading…"))
  load.then(
    (value) => ctx.current() && target.replaceChildren(h("div", { "data-loaded": "" }, show(value))),
    (error) => ctx.current() && target.replaceChildren(failure(error)),
  )
  return target
}

function home(): Child {
  return [
    h("h1", null, "sitelets in the browser"),
    h(
      "p",
      null,
      "Every link on this page is built by the router that parses it; navigation uses the history API, without reloads. Articles come from the site's JSON API through typed requests.",
    ),
    h(
      "ul",
      null,
      h("li", null, Link({ $: "Articles" }, "All articles")),
      h("li", null, Link({ $: "Articles", q: "hosting" }, "Articles about hosting")),
      h("li", null, Link({ $: "Article", id: 1, slug: "typed-links" }, "Typed links")),
      h("li", null, Link({ $: "Write" }, "Write an article (a typed JSON request)")),
    ),
  ]
}

const listArticles = () => api.Fetch({ $: "ListArticles" })

function articles(ctx: ViewContext, q: string | undefined): Child {
  const list = h("div", { id: "articles" })
  const input = h("input", { name: "q", type: "search", value: q ?? "", placeholder: "Filter by title" })
  const filter = (event: Event) => {
    event.preventDefault()
    const text = input.value.trim()
    ctx.navigate(text === "" ? { $: "Articles" } : { $: "Articles", q: text })
  }
  const needle = (q ?? "").toLowerCase()
  return [
    h("h1", null, q === undefined ? "Articles" : `Articles matching “${q}”`),
    h("form", { id: "filter", onsubmit: filter }, input, h("button", { type: "submit" }, "Filter")),
    later(ctx, list, listArticles(), (found) =>
      h(
        "ul",
        null,
        found
          .filter((a) => a.title.toLowerCase().includes(needle))
          .map((a) => h("li", null, Link({ $: "Article", id: a.id, slug: a.slug }, a.title), " — ", day(a.published))),
      ),
    ),
  ]
}

function article(ctx: ViewContext, id: number, slug: string): Child {
  const body = h("div", { id: "article" })
  return later(ctx, body, api.Fetch({ $: "GetArticle", id }), (found) => {
    // The slug is decoration: put the canonical one in the address bar without a new history entry.
    if (found.slug !== slug) ctx.navigate({ $: "Article", id, slug: found.slug }, { replace: true })
    return [
      h("h1", { "data-article": found.id }, found.title),
      h(
        "p",
        { class: "meta" },
        "Published ",
        h("time", { datetime: found.published.toISOString() }, day(found.published)),
      ),
      h("p", null, found.body),
      // A link the app's router does not accept: a click loads the server-rendered page.
      h(
        "p",
        null,
        h(
          "a",
          { href: site.Link({ $: "ArticleBySlug", slug: found.slug }), id: "server-page" },
          "Server-rendered version",
        ),
      ),
    ]
  })
}

// The API token of this page, fetched once for the demo user and kept while it is valid.
let token: { readonly value: string; readonly until: number } | undefined

async function tokenFor(user: string, password: string): Promise<string> {
  if (token !== undefined && token.until > Date.now()) return token.value
  const answer = await api.Fetch({ $: "Token", user, password })
  token = { value: answer.token, until: Date.now() + (answer.expiresIn - 60) * 1000 }
  return answer.token
}

function write(ctx: ViewContext): Child {
  const result = h("output", { id: "result" })
  const title = h("input", { name: "title" })
  const text = h("textarea", { name: "body", rows: 4 })
  // The API's writes take a bearer token (POST /api/token); the demo user's credentials are filled in.
  const user = h("input", { name: "user", value: "ada", autocomplete: "username" })
  const password = h("input", {
    name: "password",
    type: "password",
    value: "lovelace",
    autocomplete: "current-password",
  })
  const submit = (event: Event) => {
    event.preventDefault()
    result.replaceChildren()
    const article = { title: title.value, body: text.value }
    const created = tokenFor(user.value, password.value).then((bearer) =>
      api.Fetch({ $: "CreateArticle", article }, { auth: { bearer } }),
    )
    later(ctx, result, created, (created) =>
      h(
        "div",
        { id: "created", "data-id": created.id },
        h("strong", null, `Created article #${created.id}`),
        ` “${created.title}”, published ${day(created.published)}: `,
        Link({ $: "Article", id: created.id, slug: created.slug }, "read it"),
      ),
    )
  }
  return [
    h("h1", null, "Write an article"),
    h(
      "form",
      { id: "write", onsubmit: submit },
      h("label", null, "Title ", title),
      h("label", null, "Body ", text),
      h(
        "fieldset",
        null,
        h("legend", null, "API credentials (a bearer token from POST /api/token)"),
        h("label", null, "User ", user),
        h("label", null, "Password ", password),
      ),
      h("button", { type: "submit" }, "Publish (POST JSON)"),
    ),
    result,
  ]
}

/**
 * The view of a page (`undefined`: the address matches no page).
 *
 * @example
 * ```ts
 * mount(main, viewOf({ $: "Write" }, ctx))
 * ```
 */
export function viewOf(page: Pages | undefined, ctx: ViewContext): Child {
  if (page === undefined) return [h("h1", null, "Not found"), h("p", null, Link({ $: "Home" }, "Back home"))]
  switch (page.$) {
    case "Home":
      return home()
    case "Articles":
      return articles(ctx, page.q)
    case "Article":
      return article(ctx, page.id, page.slug)
    case "Write":
      return write(ctx)
  }
}
