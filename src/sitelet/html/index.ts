/**
 * Pages' markup: escaping (`html-escape.ts`, the one place text and
 * attributes are made safe), the `Html` builders, the `html` template, and
 * JSX — the automatic runtime and its typed intrinsic elements — rendering
 * to the same escaped model.
 *
 * It may import `descriptor/` and `router/` (its row of
 * docs/architecture.md, which the layers test holds the code to). Other
 * rooms import its modules by their paths, not through this index, so a
 * bundle or a Worker loads only the modules it uses; this index is the
 * room's table of contents, checked by the compiler.
 *
 * @example
 * ```ts
 * Html.a({ href: "/x" }, "a < b").toString() //=> '<a href="/x">a &lt; b</a>'
 * ```
 */
export { escapeHtml, safeUrl } from "./html-escape.js"
export { htmlMessages } from "./html-messages.js"
export { html } from "./html-template.js"
export { Html, type HtmlAttributes, type HtmlChild, type HtmlTags, renderChildren, SafeHtml } from "./html.js"
export { JsxLink, type JsxLinkProps } from "./jsx-link.js"
export type { GlobalAttributes, JSX } from "./jsx-types.js"
export { type Component, Fragment, hasPromise, jsx, type JsxChild, jsxDEV, type JsxNode, jsxs, settle } from "./jsx.js"
