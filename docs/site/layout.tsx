/**
 * The documentation's page layout, in JSX: a header with the search box, the
 * list of pages (typed links, the current one marked), the page, and its
 * table of contents.
 */
import { Content, Html, type Context } from "../../src/index.js"
import { pageSlugs, pageSource, type PageSlug } from "./content.js"
import type { Docs } from "./endpoints.js"
import type { Heading } from "./markdown.js"

/** What a page gives the layout. */
export interface PageView {
  readonly slug: PageSlug | "home"
  readonly title: string
  readonly html: string
  readonly headings: readonly Heading[]
}

const titles = new Map(pageSlugs.map((slug) => [slug, pageSource(slug).title]))

const asset = (ctx: Context<Docs>, path: string) => ctx.Link({ $: "Assets", file: { $: "File", path } })

const PageList = ({ ctx, current }: { ctx: Context<Docs>; current: PageSlug | "home" }) => (
  <nav class="pages" aria-label="Pages">
    <a href={ctx.Link({ $: "Home" })} aria-current={current === "home" ? "page" : undefined}>
      Overview
    </a>
    {pageSlugs.map((slug) => (
      <a href={ctx.Link({ $: "Page", slug })} aria-current={current === slug ? "page" : undefined}>
        {titles.get(slug) ?? slug}
      </a>
    ))}
    <a href={ctx.Link({ $: "Api", file: { $: "File", path: "index.html" } })}>API reference</a>
  </nav>
)

const Contents = ({ headings }: { headings: readonly Heading[] }) => {
  const shown = headings.filter((heading) => heading.level === 2 || heading.level === 3)
  if (shown.length === 0) return null
  return (
    <aside class="toc" aria-label="On this page">
      <p>On this page</p>
      <ul>
        {shown.map((heading) => (
          <li class={`level-${heading.level}`}>
            <a href={`#${heading.id}`}>{heading.text}</a>
          </li>
        ))}
      </ul>
    </aside>
  )
}

/**
 * A documentation page.
 *
 * @example
 * ```ts
 * await docsPage(ctx, { slug: "json", title: "JSON", html, headings })
 * ```
 */
export async function docsPage(ctx: Context<Docs>, view: PageView) {
  return Content.Page({
    Title: view.slug === "home" ? "sitelets: typed, bidirectional web routing" : `${view.title} · sitelets`,
    Lang: "en",
    Head: await (
      <>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="stylesheet" href={asset(ctx, "docs.css")} />
        <script src={ctx.Link({ $: "Vendor", file: { $: "File", path: "index.js" } })} defer />
        <script src={asset(ctx, "search.js")} defer />
      </>
    ),
    Body: await (
      <>
        <header class="top">
          <a class="brand" href={ctx.Link({ $: "Home" })}>
            sitelets<span>docs</span>
          </a>
          <div class="search">
            <input
              id="search"
              type="search"
              placeholder="Search the documentation"
              aria-label="Search the documentation"
              autocomplete="off"
              data-index={ctx.Link({ $: "SearchIndex" })}
            />
            <ul id="search-results" hidden />
          </div>
        </header>
        <div class="shell">
          <PageList ctx={ctx} current={view.slug} />
          {/* The page's HTML is markdown-it's output for a file of this repository. */}
          <main class="doc">{Html.Raw(view.html)}</main>
          <Contents headings={view.headings} />
        </div>
      </>
    ),
  })
}
