/**
 * The example's in-memory store: a few articles and the contact messages.
 */
import type { Article, NewArticle } from "./endpoints.js"

const slugOf = (title: string): string =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "") || "article"

const articles: Article[] = [
  {
    id: 1,
    slug: "typed-links",
    title: "Typed links",
    body: "Every link in this site is made from an endpoint value, so a renamed route is a compile error, not a 404.",
    published: new Date(Date.UTC(2026, 10, 1)),
  },
  {
    id: 2,
    slug: "one-declaration",
    title: "One declaration, four uses",
    body: "The same descriptor parses requests, writes links, serves content and derives the JSON codec.",
    published: new Date(Date.UTC(2026, 10, 8)),
  },
  {
    id: 3,
    slug: "hosting-anywhere",
    title: "Hosting anywhere",
    body: "The same sitelet runs under node:http, Express, and any Fetch API runtime such as Bun, Deno or Workers.",
    published: new Date(Date.UTC(2026, 10, 15)),
  },
]

/** A message sent through the contact form. */
export interface ContactMessage {
  readonly name: string
  readonly email: string
  readonly message: string
  readonly at: Date
}

const messages: ContactMessage[] = []
const maxMessages = 100

/** The store's operations. */
export const store = {
  articles: (): readonly Article[] => articles,
  byId: (id: number): Article | undefined => articles.find((article) => article.id === id),
  bySlug: (slug: string): Article | undefined => articles.find((article) => article.slug === slug),
  search(query: string): readonly Article[] {
    const needle = query.toLowerCase()
    return articles.filter((article) => `${article.title} ${article.body}`.toLowerCase().includes(needle))
  },
  add(input: NewArticle): Article {
    const id = Math.max(0, ...articles.map((article) => article.id)) + 1
    const article: Article = {
      id,
      slug: `${slugOf(input.title)}-${id}`,
      title: input.title,
      body: input.body,
      published: new Date(),
    }
    articles.push(article)
    return article
  },
  messages: (): readonly ContactMessage[] => messages,
  addMessage(message: ContactMessage): void {
    // Bounded: the example keeps only the latest messages.
    messages.push(message)
    if (messages.length > maxMessages) messages.shift()
  },
}
