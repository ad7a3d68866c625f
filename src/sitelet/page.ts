/**
 * `Content.Page`: a whole HTML document from the HTML builder's nodes.
 */
import { type StaticContent, header, sharedContent } from "./content-model.js"
import { escapeHtml } from "./html-escape.js"
import { renderChildren, type HtmlChild } from "./html.js"
import { Status } from "./http-status.js"

// One list for every page: made and checked once.
const htmlHeaders = Object.freeze([header("Content-Type", "text/html; charset=utf-8")])

/**
 * The parts of a page. `Head` and `Body` are builder nodes or escaped text.
 *
 * @example
 * ```ts
 * const options: PageOptions = { Title: "Home", Lang: "en", Body: Html.h1(null, "Hi") }
 * ```
 */
export interface PageOptions {
  /** The document title, escaped; no `<title>` is written without one. */
  readonly Title?: string
  /** Extra `<head>` children (`Html.meta`, `Html.link`, …). */
  readonly Head?: HtmlChild
  /** The `<body>` children. */
  readonly Body: HtmlChild
  /** The `lang` attribute of `<html>`. */
  readonly Lang?: string
}

/**
 * An HTML document: `<!DOCTYPE html>`, `<html>`, a `<head>` (with
 * `<meta charset="utf-8">` and an escaped `<title>` when given) and a
 * `<body>`; served as `text/html; charset=utf-8`.
 *
 * @example
 * ```ts
 * Content.Page({ Title: "Home", Body: [Html.h1(null, "Welcome"), Html.p(null, "…")] })
 * ```
 */
export function Page(options: PageOptions): StaticContent {
  const lang = options.Lang === undefined ? "" : ` lang="${escapeHtml(options.Lang)}"`
  const title = options.Title === undefined ? "" : `<title>${escapeHtml(options.Title)}</title>`
  const markup =
    `<!DOCTYPE html>\n<html${lang}><head><meta charset="utf-8">${title}${renderChildren(options.Head)}</head>` +
    `<body>${renderChildren(options.Body)}</body></html>\n`
  return sharedContent(Status.Ok, htmlHeaders, markup)
}
