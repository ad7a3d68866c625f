/**
 * The example's data: articles and the contact messages, in the database
 * (db/database.ts: PGlite by default, PostgreSQL with `DATABASE_URL`), so
 * they outlive a restart and every process of a cluster sees the same.
 */
import type { Article, NewArticle } from "./endpoints.js"
import { database } from "./db/database.js"

/** A message sent through the contact form. */
export interface ContactMessage {
  readonly name: string
  readonly email: string
  readonly message: string
  readonly at: Date
}

// The example keeps only the latest messages.
const maxMessages = 100

const slugOf = (title: string): string =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "") || "article"

const articleColumns = "id, slug, title, body, published"
const maxId = 2 ** 31 - 1

const articles = async (where: string, params: readonly unknown[]): Promise<Article[]> =>
  (await (await database()).query<Article>(`SELECT ${articleColumns} FROM articles ${where} ORDER BY id`, params)).rows

/** The store's operations. */
export const store = {
  articles: (): Promise<readonly Article[]> => articles("", []),
  // An id past the column's range (a 32-bit integer) names no article: the query is not sent.
  byId: async (id: number): Promise<Article | undefined> =>
    id >= 1 && id <= maxId ? (await articles("WHERE id = $1", [id]))[0] : undefined,
  bySlug: async (slug: string): Promise<Article | undefined> => (await articles("WHERE slug = $1", [slug]))[0],
  /** Articles whose title or body contains `query`, ignoring case (a plain substring, no pattern characters). */
  search: (query: string): Promise<readonly Article[]> =>
    articles("WHERE position(lower($1) in lower(title || ' ' || body)) > 0", [query]),
  async add(input: NewArticle): Promise<Article> {
    // One statement: the id comes from the sequence, and the slug from the title and the id.
    const { rows } = await (await database()).query<Article>(
      `WITH next AS (SELECT nextval(pg_get_serial_sequence('articles', 'id'))::int AS id)
       INSERT INTO articles (id, slug, title, body, published)
       SELECT id, $1 || '-' || id, $2, $3, now() FROM next
       RETURNING ${articleColumns}`,
      [slugOf(input.title), input.title, input.body],
    )
    return rows[0] as Article
  },
  messages: async (): Promise<readonly ContactMessage[]> =>
    (await (await database()).query<ContactMessage>("SELECT name, email, message, at FROM messages ORDER BY id")).rows,
  async addMessage(message: ContactMessage): Promise<void> {
    await (await database()).transaction(async (tx) => {
      await tx.query("INSERT INTO messages (name, email, message, at) VALUES ($1, $2, $3, $4)", [
        message.name,
        message.email,
        message.message,
        message.at,
      ])
      await tx.query("DELETE FROM messages WHERE id <= (SELECT max(id) FROM messages) - $1", [maxMessages])
    })
  },
}
