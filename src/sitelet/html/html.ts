/**
 * A small server-side HTML builder. Text and attribute values are always
 * escaped; raw HTML only comes from `Html.Raw`. Element and attribute names
 * are checked, since they must come from code, never from data.
 */
import { escapeHtml, isUrlAttribute, safeUrl, scriptJson } from "./html-escape.js"
import { htmlMessages } from "./html-messages.js"

/**
 * A fragment of HTML that is safe to write as is. Only the builder,
 * `Html.Raw` and the `html` template make one, so decoded JSON data can
 * never pass for markup.
 *
 * @example
 * ```ts
 * Html.b(null, "x") instanceof SafeHtml //=> true
 * ```
 */
export class SafeHtml {
  readonly #html: string
  /** @internal Use `Html.Raw`, `Html.Element` or `html`…`` instead. */
  constructor(html: string, brand: typeof safeHtmlBrand) {
    if (brand !== safeHtmlBrand) throw new TypeError(htmlMessages.forgedSafeHtml())
    this.#html = html
  }
  /** The markup. */
  toString(): string {
    return this.#html
  }
}

const safeHtmlBrand: unique symbol = Symbol("SafeHtml")
/**
 * @internal Marks markup as safe; only for this module and the `html` template.
 *
 * @example
 * ```ts
 * trusted("<br>")
 * ```
 */
export const trusted = (markup: string): SafeHtml => new SafeHtml(markup, safeHtmlBrand)

/**
 * What may stand as an element child: escaped text, numbers, nodes, arrays; null/undefined/false write nothing.
 *
 * @example
 * ```ts
 * const children: HtmlChild = ["a", 1, null, Html.br()]
 * ```
 */
export type HtmlChild = SafeHtml | string | number | bigint | boolean | null | undefined | readonly HtmlChild[]

/**
 * Attribute values: `true` writes the bare name, `false`/`null`/`undefined` omit it.
 *
 * @example
 * ```ts
 * const attrs: HtmlAttributes = { class: "x", hidden: true, title: undefined }
 * ```
 */
export type HtmlAttributes = Readonly<Record<string, string | number | boolean | null | undefined>>

const tagName = /^[a-zA-Z][a-zA-Z0-9-]*$/
const attributeName = /^[a-zA-Z_:][a-zA-Z0-9_:.-]*$/
const voidElements = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
])
const rawTextElements = new Set(["script", "style"])

/**
 * The escaped markup of children (text escaped, nodes as they are).
 *
 * @example
 * ```ts
 * renderChildren(["a < b", Html.Raw("<br>")]) //=> "a &lt; b<br>"
 * ```
 */
export function renderChildren(child: HtmlChild): string {
  if (child === null || child === undefined || child === false || child === true) return ""
  if (child instanceof SafeHtml) return child.toString()
  switch (typeof child) {
    case "string":
      return escapeHtml(child)
    case "number":
    case "bigint":
      return String(child)
    default:
      break
  }
  if (Array.isArray(child)) {
    let markup = ""
    for (const item of child as readonly HtmlChild[]) markup += renderChildren(item)
    return markup
  }
  throw new TypeError(htmlMessages.badChild(typeof child))
}

/**
 * One attribute as ` name="value"`, or "" when omitted. URL attributes
 * (`href`, `src`, `action`, …) go through `safeUrl`.
 *
 * @example
 * ```ts
 * renderAttribute("href", "javascript:alert(1)") //=> ' href="about:invalid#blocked"'
 * ```
 */
export function renderAttribute(name: string, value: HtmlAttributes[string]): string {
  if (!attributeName.test(name)) throw new TypeError(htmlMessages.badAttributeName(name))
  if (value === false || value === null || value === undefined) return ""
  if (value === true) return ` ${name}`
  const text = String(value)
  return ` ${name}="${escapeHtml(isUrlAttribute(name) ? safeUrl(text) : text)}"`
}

/**
 * An element. `<script>`/`<style>` accept only `Html.Raw` children (escaped
 * text is wrong there); void elements (`br`, `img`, …) accept none.
 *
 * @example
 * ```ts
 * String(Element("a", { href: "/blog/1", class: "post" }, "Tom & Jerry"))
 * //=> '<a href="/blog/1" class="post">Tom &amp; Jerry</a>'
 * ```
 */
export function Element(name: string, attributes?: HtmlAttributes | null, ...children: HtmlChild[]): SafeHtml {
  if (!tagName.test(name)) throw new TypeError(htmlMessages.badTagName(name))
  const lower = name.toLowerCase()
  let markup = `<${name}`
  if (attributes) for (const key of Object.keys(attributes)) markup += renderAttribute(key, attributes[key])
  markup += ">"
  if (voidElements.has(lower)) {
    if (children.some((child) => renderChildren(child) !== "")) throw new TypeError(htmlMessages.voidChildren(name))
    return trusted(markup)
  }
  if (rawTextElements.has(lower) && children.some((child) => hasText(child))) {
    throw new TypeError(htmlMessages.textInRawElement(name))
  }
  return trusted(`${markup}${renderChildren(children)}</${name}>`)
}

const hasText = (child: HtmlChild): boolean =>
  Array.isArray(child)
    ? child.some(hasText)
    : typeof child === "string" || typeof child === "number" || typeof child === "bigint"

type ElementBuilder = (attributes?: HtmlAttributes | null, ...children: HtmlChild[]) => SafeHtml

const builder =
  (name: string): ElementBuilder =>
  (attributes, ...children) =>
    Element(name, attributes, ...children)

const common = [
  "html",
  "head",
  "body",
  "title",
  "meta",
  "link",
  "style",
  "script",
  "main",
  "header",
  "footer",
  "nav",
  "section",
  "article",
  "aside",
  "div",
  "span",
  "p",
  "a",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "ul",
  "ol",
  "li",
  "dl",
  "dt",
  "dd",
  "em",
  "strong",
  "small",
  "code",
  "pre",
  "blockquote",
  "br",
  "hr",
  "img",
  "figure",
  "figcaption",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
  "form",
  "label",
  "input",
  "textarea",
  "button",
  "select",
  "option",
  "fieldset",
  "legend",
  "time",
  "b",
  "i",
  "u",
  "s",
  "mark",
  "abbr",
  "kbd",
  "samp",
  "sub",
  "sup",
  "caption",
  "details",
  "summary",
  "output",
  "progress",
  "meter",
  "optgroup",
  "noscript",
  "picture",
  "source",
  "video",
  "audio",
] as const

/**
 * One builder per common element name: `Html.div(attrs, …children)`.
 *
 * @example
 * ```ts
 * const { div, p }: HtmlTags = Html
 * ```
 */
export type HtmlTags = { readonly [Name in (typeof common)[number]]: ElementBuilder }

const tags = Object.freeze(Object.fromEntries(common.map((name) => [name, builder(name)]))) as HtmlTags

/**
 * Trusted markup written as is. Never pass data from a request here.
 *
 * @example
 * ```ts
 * Html.Raw("<hr>")
 * ```
 */
export function Raw(markup: string): SafeHtml {
  return trusted(String(markup))
}

/**
 * Escaped text as a node (the same as passing the string as a child).
 *
 * @example
 * ```ts
 * String(Html.Text("<b>")) //=> "&lt;b&gt;"
 * ```
 */
export function Text(text: string): SafeHtml {
  return trusted(escapeHtml(text))
}

/**
 * Data for scripts: `<script type="application/json" id="…">` holding the
 * value as JSON that can never close the element.
 *
 * @example
 * ```ts
 * String(Html.JsonScript("state", { q: "</script>" }))
 * //=> '<script type="application/json" id="state">{"q":"\\u003c/script\\u003e"}</script>'
 * ```
 */
export function JsonScript(id: string, value: unknown): SafeHtml {
  return Element("script", { type: "application/json", id }, trusted(scriptJson(value)))
}

/**
 * The HTML builder: `Html.Element(name, attrs, …children)`, one builder
 * per common element (`Html.div`, `Html.a`, …), `Html.Text`, `Html.Raw`,
 * `Html.JsonScript`, and `Html.Fragment` to group children.
 *
 * @example
 * ```ts
 * const { div, h1, a } = Html
 * div({ class: "post" }, h1(null, post.title), a({ href: ctx.Link({ $: "Home" }) }, "Home"))
 * ```
 */
export const Html = Object.freeze({
  ...tags,
  Element,
  Text,
  Raw,
  JsonScript,
  Fragment: (...children: HtmlChild[]): SafeHtml => trusted(renderChildren(children)),
  Render: (child: HtmlChild): string => renderChildren(child),
})
