/**
 * The documentation site's endpoints: the overview (the README), a page per
 * Markdown file, the search index, and three directories of files — the
 * site's stylesheet and script, MiniSearch's browser build, and the API
 * reference TypeDoc writes.
 */
import { t, type Infer } from "../../src/index.js"

/** A file under one of the site's directories: the endpoint of `Sitelet.Files`. */
export const StaticFile = t.union({ File: "GET /<...path>" })

/** The pages: rendered from Markdown on the first request for each base path. */
export const pageCases = {
  Home: "GET /",
  // Before the page case, which takes any one segment.
  SearchIndex: "GET /search-index.json",
  Page: "GET /<slug>",
} as const
export const Pages = t.union(pageCases)

/** The whole site. */
export const Docs = t.union({
  ...pageCases,
  Assets: t.case("/assets/<file>", { file: StaticFile }),
  Vendor: t.case("/vendor/<file>", { file: StaticFile }),
  Api: t.case("/api/<file>", { file: StaticFile }),
})
export type Docs = Infer<typeof Docs>
