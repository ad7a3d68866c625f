/**
 * `Content.Page`: a whole HTML document from the HTML builder's nodes.
 */
import { type DeferredContent, deferred, type StaticContent, header, sharedContent } from "../content-model.js"
import { escapeHtml } from "../html/html-escape.js"
import { renderChildren, type HtmlChild } from "../html/html.js"
import { Status } from "../http/http-status.js"
import { hasPromise, type JsxChild, settle } from "../html/jsx.js"

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
 * The parts of a page written in JSX: `Head` and `Body` take elements as
 * they come, an `async` component's promise among them.
 *
 * @example
 * ```ts
 * const options: JsxPageOptions = { Title: "Home", Body: <Layout><h1>Hi</h1></Layout> }
 * ```
 */
export interface JsxPageOptions extends Omit<PageOptions, "Head" | "Body"> {
  readonly Head?: JsxChild
  readonly Body: JsxChild
}

/**
 * A page as `Content.Page` gives it for JSX parts: written at once, or, with
 * an `async` component inside, once it has rendered.
 *
 * @example
 * ```ts
 * const page: PageContent = Content.Page({ Body: <p>hello</p> })
 * ```
 */
export type PageContent = StaticContent | DeferredContent<never>

function document(options: JsxPageOptions, head: HtmlChild, body: HtmlChild): StaticContent {
  const lang = options.Lang === undefined ? "" : ` lang="${escapeHtml(options.Lang)}"`
  const title = options.Title === undefined ? "" : `<title>${escapeHtml(options.Title)}</title>`
  const markup =
    `<!DOCTYPE html>\n<html${lang}><head><meta charset="utf-8">${title}${renderChildren(head)}</head>` +
    `<body>${renderChildren(body)}</body></html>\n`
  return sharedContent(Status.Ok, htmlHeaders, markup)
}

/**
 * An HTML document: `<!DOCTYPE html>`, `<html>`, a `<head>` (with
 * `<meta charset="utf-8">` and an escaped `<title>` when given) and a
 * `<body>`; served as `text/html; charset=utf-8`. `Head` and `Body` may be
 * JSX elements as they are (no `await`): the page is written at once, or,
 * with an `async` component inside, once it has rendered.
 *
 * @example
 * ```ts
 * Content.Page({ Title: "Home", Body: [Html.h1(null, "Welcome"), Html.p(null, "…")] })
 * Content.Page({ Title: "Home", Body: <p>hello</p> })
 * ```
 */
export function Page(options: PageOptions): StaticContent
export function Page(options: JsxPageOptions): PageContent
export function Page(options: JsxPageOptions): PageContent {
  const { Head: head, Body: body } = options
  if (!hasPromise(head) && !hasPromise(body)) return document(options, head as HtmlChild, body as HtmlChild)
  // An async component inside: rendered when the host resolves the content, as a handler's promise would be.
  return deferred<never>(async () =>
    document(options, head === undefined ? undefined : await settle(head), await settle(body)),
  )
}
