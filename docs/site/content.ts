/**
 * The documentation's pages: the Markdown files of `docs/` in reading
 * order, the README as the home page, BENCHMARKS.md as the benchmarks page.
 * Read once, when the site is made.
 */
import { readFileSync } from "node:fs"

const root = new URL("../../", import.meta.url)

/** The slugs of the pages under `docs/`, in reading order (the site's navigation). */
export const pageSlugs = [
  "getting-started",
  "route-templates",
  "routing",
  "json",
  "sitelets",
  "pages",
  "hosting",
  "http",
  "streams",
  "websockets",
  "responses",
  "security",
  "scaling",
  "observability",
  "mcp",
  "browser",
  "performance",
  "benchmarks",
  "architecture",
  "decisions",
  "websharper",
] as const

/** A page's slug (its URL is `/<slug>`). */
export type PageSlug = (typeof pageSlugs)[number]

/** One page: where its Markdown comes from, its title, and the Markdown. */
export interface PageSource {
  readonly file: string
  readonly title: string
  readonly markdown: string
}

const fileOf = (slug: PageSlug | "home"): string =>
  slug === "home" ? "README.md" : slug === "benchmarks" ? "BENCHMARKS.md" : `docs/${slug}.md`

/**
 * The Markdown of a page, with its title (its first `# ` heading).
 *
 * @example
 * ```ts
 * pageSource("json").title //=> "JSON"
 * ```
 */
export function pageSource(slug: PageSlug | "home"): PageSource {
  const file = fileOf(slug)
  const markdown = readFileSync(new URL(file, root), "utf8")
  const title = /^# (.+)$/m.exec(markdown)?.[1] ?? slug
  return { file, title: slug === "home" ? "Overview" : title, markdown }
}

/**
 * Whether a string is the slug of a page (the router reads any segment).
 *
 * @example
 * ```ts
 * isPageSlug("json") //=> true
 * ```
 */
export const isPageSlug = (slug: string): slug is PageSlug => (pageSlugs as readonly string[]).includes(slug)

/**
 * The page a Markdown link points to, from the file it is written in: a
 * `docs/` page, the README or BENCHMARKS.md, with its anchor; undefined
 * for anything else (an absolute URL, a file of the repository).
 *
 * @example
 * ```ts
 * linkedPage("README.md", "docs/json.md#schema") //=> { slug: "json", anchor: "schema" }
 * linkedPage("docs/json.md", "../README.md#quick-start") //=> { slug: "home", anchor: "quick-start" }
 * ```
 */
export function linkedPage(from: string, href: string): { slug: PageSlug | "home"; anchor: string } | undefined {
  if (/^[a-z]+:/i.test(href) || href.startsWith("#")) return undefined
  const hash = href.indexOf("#")
  const path = hash < 0 ? href : href.slice(0, hash)
  const anchor = hash < 0 ? "" : href.slice(hash + 1)
  const resolved = new URL(path, new URL(from, "file:///repo/")).pathname.slice("/repo/".length)
  if (resolved === "README.md") return { slug: "home", anchor }
  if (resolved === "BENCHMARKS.md") return { slug: "benchmarks", anchor }
  const match = /^docs\/([a-z-]+)\.md$/.exec(resolved)
  return match && isPageSlug(match[1]!) ? { slug: match[1] as PageSlug, anchor } : undefined
}
