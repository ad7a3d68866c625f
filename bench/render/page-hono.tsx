/** @jsxImportSource hono/jsx */
/**
 * The same page in Hono's JSX (`hono/jsx`, its server renderer).
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
 * String(pageOfHono(articles))
 * ```
 */
export const pageOfHono = (articles: readonly Article[]) =>
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
