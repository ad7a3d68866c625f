/**
 * The views of the front end, as plain functions returning DOM nodes.
 * Every link is a typed link (`Link`), every API call a typed request
 * (`Router.Fetch` with the answer's descriptor).
 */
import { FetchError, JsonError, LinkError, Router, t } from "../../../src/client/index.js"
import { h, type Child } from "./dom.js"
import { api, Article, pages, Priority, SavedNote, type Note, type Pages } from "./routes.js"

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
  h("p", { class: "error", "data-error": "" }, error instanceof FetchError || error instanceof JsonError || error instanceof LinkError ? error.message : String(error))

/** Fills `target` when the promise settles, unless the page changed meanwhile. */
function later<Value>(ctx: ViewContext, target: HTMLElement, load: Promise<Value>, show: (value: Value) => Child): HTMLElement {
  target.append(h("p", { class: "loading" }, "Loading…"))
  load.then(
    (value) => ctx.current() && target.replaceChildren(h("div", { "data-loaded": "" }, show(value))),
    (error) => ctx.current() && target.replaceChildren(failure(error)),
  )
  return target
}

const tagLinks = (tags: readonly string[]) => tags.map((tag) => [Link({ $: "Articles", tag }, "#" + tag), " "])

function home(): Child {
  return [
    h("h1", null, "sitelets in the browser"),
    h("p", null, "Every link on this page is built by the same router that parses it on the server; navigation uses the history API, without reloads."),
    h("ul", null,
      h("li", null, Link({ $: "Articles" }, "All articles")),
      h("li", null, Link({ $: "Articles", tag: "routing" }, "Articles tagged routing")),
      h("li", null, Link({ $: "Article", id: 1, slug: "typed-links" }, "Typed links, explained")),
      h("li", null, Link({ $: "Notes" }, "Write a note (a typed JSON request)"))),
  ]
}

function articles(ctx: ViewContext, tag: string | undefined): Child {
  const list = h("div", { id: "articles" })
  return [
    h("h1", null, tag === undefined ? "Articles" : `Articles tagged ${tag}`),
    tag === undefined ? null : h("p", null, Link({ $: "Articles" }, "Show all")),
    later(ctx, list, Router.Fetch(api, { $: "Articles", tag }, { response: t.list(Article) }), (found) =>
      h("ul", null, found.map((article) =>
        h("li", null, Link({ $: "Article", id: article.id, slug: article.slug }, article.title), " — ", day(article.published))))),
  ]
}

function article(ctx: ViewContext, id: number, slug: string): Child {
  const body = h("div", { id: "article" })
  return later(ctx, body, Router.Fetch(api, { $: "Article", id }, { response: Article }), (found) => {
    // The slug is decoration: put the canonical one in the address bar without a new history entry.
    if (found.slug !== slug) ctx.navigate({ $: "Article", id, slug: found.slug }, { replace: true })
    return [
      h("h1", { "data-article": found.id }, found.title),
      h("p", { class: "meta" }, "Published ", h("time", { datetime: found.published.toISOString() }, day(found.published)), " · ", tagLinks(found.tags)),
      h("p", null, found.summary),
    ]
  })
}

const priorities = Priority.values

function savedView(saved: SavedNote): Child {
  const name = priorities.find(([, value]) => value === saved.note.priority)?.[0] ?? String(saved.note.priority)
  return h("div", { id: "saved", "data-note": saved.id },
    h("strong", null, `Note #${saved.id} saved`), ` at ${saved.savedAt.toISOString()}: `,
    `${saved.words} words, priority ${name}, tags [${saved.note.tags.join(", ")}]`)
}

function notes(ctx: ViewContext): Child {
  const result = h("output", { id: "result" })
  const text = h("textarea", { name: "text", rows: 3, required: true })
  const tags = h("input", { name: "tags", placeholder: "comma, separated" })
  const priority = h("select", { name: "priority" }, priorities.map(([name, value]) => h("option", { value, selected: value === 2 }, name)))
  const submit = (event: Event) => {
    event.preventDefault()
    const note: Note = {
      text: text.value,
      tags: tags.value.split(",").map((tag) => tag.trim()).filter((tag) => tag !== ""),
      priority: Number(priority.value) as Note["priority"],
    }
    result.replaceChildren()
    later(ctx, result, Router.Fetch(api, { $: "AddNote", note }, { response: SavedNote }), savedView)
  }
  const earlier = h("div", { id: "notes" })
  return [
    h("h1", null, "Notes"),
    h("form", { id: "note-form", onsubmit: submit },
      h("label", null, "Text ", text), h("label", null, "Tags ", tags), h("label", null, "Priority ", priority),
      h("button", { type: "submit" }, "Save (POST JSON)")),
    result,
    h("h2", null, "Saved earlier"),
    later(ctx, earlier, Router.Fetch(api, { $: "Notes" }, { response: t.list(SavedNote) }), (list) =>
      list.length === 0 ? h("p", null, "None yet.") : h("ul", null, list.map((saved) => h("li", null, `#${saved.id}: ${saved.note.text}`)))),
  ]
}

/**
 * The view of a page (`undefined`: the address matches no page).
 *
 * @example
 * ```ts
 * mount(main, viewOf({ $: "Notes" }, ctx))
 * ```
 */
export function viewOf(page: Pages | undefined, ctx: ViewContext): Child {
  if (page === undefined) return [h("h1", null, "Not found"), h("p", null, Link({ $: "Home" }, "Back home"))]
  switch (page.$) {
    case "Home":
      return home()
    case "Articles":
      return articles(ctx, page.tag)
    case "Article":
      return article(ctx, page.id, page.slug)
    case "Notes":
      return notes(ctx)
  }
}
