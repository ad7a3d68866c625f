/** @jsxImportSource sitelets */
/**
 * The benchmark page in sitelets' JSX: a layout, a list of `n` article
 * cards with links, escaped titles and a few attributes each. The same
 * source as page-hono.tsx on purpose: the `@jsxImportSource` pragma of each
 * file picks the runtime that compiles it.
 */
import type { Article } from "./articles.js"

const Card = ({ article }: { article: Article }) => (
  <article class="card" data-id={article.id}>
    <h2>
      <a href={`/articles/${article.id}`}>{article.title}</a>
    </h2>
    <p class="summary">{article.summary}</p>
    <ul class="tags">
      {article.tags.map((tag) => (
        <li>{tag}</li>
      ))}
    </ul>
  </article>
)

/**
 * The page's markup.
 *
 * @example
 * ```ts
 * String(pageOfSitelets(articles))
 * ```
 */
export const pageOfSitelets = (articles: readonly Article[]) =>
  String(
    <html lang="en">
      <head>
        <title>Articles</title>
      </head>
      <body>
        <main>
          {articles.map((article) => (
            <Card article={article} />
          ))}
        </main>
      </body>
    </html>,
  )
