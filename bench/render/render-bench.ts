/**
 * Page rendering (issue 26): the same page — a layout and `n` article cards
 * with links, escaped text and attributes — in sitelets' JSX, the `Html`
 * builders, and Hono's JSX (`hono/jsx`, its server renderer), one process,
 * interleaved rounds. The three give the same markup up to Hono's
 * doctype-free output (checked: the same text content and escapes).
 */
import { Html } from "sitelets"
import { measure, type HarnessOptions, type Timing } from "../common/harness.js"
import { type Article, articlesOf } from "./articles.js"
import { pageOfHono } from "./page-hono.js"
import { pageOfSitelets } from "./page-sitelets.js"

/** The timings for one page size. */
export interface RenderResult {
  readonly cards: number
  readonly bytes: number
  readonly timings: readonly Timing[]
}

const { html, head, title, body, main, article: articleTag, h2, a, p, ul, li } = Html

const pageOfHtml = (articles: readonly Article[]) =>
  String(
    html(
      { lang: "en" },
      head(null, title(null, "Articles")),
      body(
        null,
        main(
          null,
          articles.map((article) =>
            articleTag(
              { class: "card", "data-id": article.id },
              h2(null, a({ href: `/articles/${article.id}` }, article.title)),
              p({ class: "summary" }, article.summary),
              ul(
                { class: "tags" },
                article.tags.map((tag) => li(null, tag)),
              ),
            ),
          ),
        ),
      ),
    ),
  )

const runner = (render: (articles: readonly Article[]) => string, articles: readonly Article[]) => (count: number) => {
  let bytes = 0
  for (let i = 0; i < count; i++) bytes += render(articles).length
  return bytes > 0 ? count : 0
}

/**
 * Measures pages of 10 and 100 cards; checks first that the renderers agree.
 *
 * @example
 * ```ts
 * const results = await renderBench()
 * ```
 */
export async function renderBench(options?: HarnessOptions): Promise<RenderResult[]> {
  const results: RenderResult[] = []
  for (const cards of [10, 100]) {
    const articles = articlesOf(cards)
    const [jsx, builders, hono] = [pageOfSitelets(articles), pageOfHtml(articles), pageOfHono(articles)]
    if (jsx !== builders) throw new Error("sitelets' JSX and the Html builders disagree")
    if (hono.replace(/&#39;|&quot;/g, "") !== jsx.replace(/&#39;|&quot;/g, ""))
      throw new Error(`Hono's JSX and sitelets' disagree:\n${hono.slice(0, 300)}\n${jsx.slice(0, 300)}`)
    const timings = await measure(
      [
        { name: "sitelets JSX", run: runner(pageOfSitelets, articles) },
        { name: "sitelets Html builders", run: runner(pageOfHtml, articles) },
        { name: "hono/jsx", run: runner(pageOfHono, articles) },
      ],
      options,
    )
    results.push({ cards, bytes: jsx.length, timings })
  }
  return results
}
