/**
 * The articles the example API serves (in memory).
 */
import type { Article } from "./routes.js"

/** Three articles; the front end lists, filters and shows them. */
export const articles: readonly Article[] = [
  {
    id: 1,
    slug: "typed-links",
    title: "Typed links, explained",
    summary: "A link is the image of an endpoint value under the router: Parse(Link(x)) is x.",
    published: new Date(Date.UTC(2026, 10, 2)),
    tags: ["routing", "types"],
  },
  {
    id: 2,
    slug: "json-both-ways",
    title: "One descriptor, JSON both ways",
    summary: "The codec that reads a request body on the server writes it in the browser.",
    published: new Date(Date.UTC(2026, 10, 9)),
    tags: ["json"],
  },
  {
    id: 3,
    slug: "history-without-reloads",
    title: "History without reloads",
    summary: "pushState, popstate, and clicks that stay in the page.",
    published: new Date(Date.UTC(2026, 10, 16)),
    tags: ["routing", "browser"],
  },
]
