/**
 * The `html` tagged template: literal parts are trusted markup written by
 * the programmer, every interpolated value is escaped (nodes and arrays of
 * nodes are kept), and a value in a URL attribute goes through `safeUrl`.
 */
import { escapeHtml, isUrlAttribute, safeUrl } from "./html-escape.js"
import { renderChildren, trusted, type HtmlChild, type SafeHtml } from "./html.js"
import { htmlMessages } from "./html-messages.js"

// The literal before a value ends inside a quoted attribute (`name="`) or right after `name=`.
const quotedAttribute = /([a-zA-Z_:][a-zA-Z0-9_:.-]*)\s*=\s*(["'])[^"']*$/
const unquotedAttribute = /[a-zA-Z_:][a-zA-Z0-9_:.-]*\s*=\s*$/
const openTag = /<[a-zA-Z][^<>]*$/

const attributeValue = (name: string, value: unknown): string => {
  const text = value === null || value === undefined || value === false ? "" : String(value)
  return escapeHtml(isUrlAttribute(name) ? safeUrl(text) : text)
}

/**
 * Builds HTML from a template literal. Interpolations are escaped text
 * unless they are `SafeHtml` nodes (or arrays of them); inside a quoted
 * attribute they are escaped attribute text, URL-checked for `href`/`src`/
 * `action`. An unquoted interpolated attribute value is an error.
 *
 * @example
 * ```ts
 * const title = "<Tom & Jerry>"
 * String(html`<h1 class="t">${title}</h1><a href="${"javascript:x"}">x</a>`)
 * //=> '<h1 class="t">&lt;Tom &amp; Jerry&gt;</h1><a href="about:invalid#blocked">x</a>'
 * ```
 */
export function html(strings: TemplateStringsArray, ...values: readonly HtmlChild[]): SafeHtml {
  let markup = strings[0] ?? ""
  for (let index = 0; index < values.length; index++) {
    const value = values[index]
    // Only the tail is examined: an attribute opening is always close to the value.
    const tail = markup.slice(-1024)
    const inTag = openTag.test(tail)
    const attribute = inTag ? quotedAttribute.exec(tail) : null
    if (attribute?.[1] !== undefined) {
      markup += attributeValue(attribute[1], value)
    } else if (inTag && unquotedAttribute.test(tail)) {
      throw new TypeError(htmlMessages.unquotedTemplateAttribute())
    } else {
      markup += renderChildren(value)
    }
    markup += strings[index + 1] ?? ""
  }
  return trusted(markup)
}
