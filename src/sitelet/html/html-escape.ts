/**
 * Escaping for the two HTML contexts the builder writes into (text and
 * quoted attribute values), and the URL check for `href`/`src`/`action`.
 */

const htmlEscapes = new Map<string, string>([
  ["&", "&amp;"],
  ["<", "&lt;"],
  [">", "&gt;"],
  ['"', "&quot;"],
  ["'", "&#39;"],
])

const needsEscape = /[&<>"']/
const escapeChar = (char: string): string => htmlEscapes.get(char) ?? char

/**
 * Escapes `& < > " '` so a string is safe as HTML text and as a quoted
 * attribute value.
 *
 * @example
 * ```ts
 * escapeHtml(`<a href="x">Tom & 'Jerry'</a>`)
 * //=> "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;"
 * ```
 */
export function escapeHtml(text: string): string {
  return needsEscape.test(text) ? text.replace(/[&<>"']/g, escapeChar) : text
}

/**
 * The value written instead of a URL whose scheme is not allowed.
 *
 * @example
 * ```ts
 * safeUrl("javascript:alert(1)") === blockedUrl //=> true
 * ```
 */
export const blockedUrl = "about:invalid#blocked"

// Browsers drop ASCII tab and newline anywhere in a URL and leading C0 controls and spaces,
// so `java\tscript:` and ` javascript:` are javascript: URLs too.
const ignoredInUrl = /[\t\n\r]/g
// biome-ignore lint/suspicious/noControlCharactersInRegex: browsers skip leading control characters and spaces in a URL
const leadingJunk = /^[\x00-\x20]+/
const schemeOf = /^([a-zA-Z][a-zA-Z0-9+.-]*):/
const allowedSchemes = new Set(["http", "https", "mailto", "tel", "ftp", "sms"])
const safeDataImage = /^data:image\/(?:png|gif|jpeg|jpg|webp|avif|bmp);base64,[a-z0-9+/]+=*$/i

/**
 * The URL unchanged when it is relative or uses a safe scheme (`http`,
 * `https`, `mailto`, `tel`, `ftp`, `sms`, or a base64 `data:image/…` that is
 * not SVG); otherwise `about:invalid#blocked`. Used for `href`, `src`,
 * `action`, `formaction`, `poster`, `cite` and `srcset`-free URL attributes.
 *
 * @example
 * ```ts
 * safeUrl("/blog/1")             //=> "/blog/1"
 * safeUrl("https://example.com") //=> "https://example.com"
 * safeUrl("java\tscript:alert(1)") //=> "about:invalid#blocked"
 * ```
 */
export function safeUrl(url: string): string {
  const normalized = url.replace(ignoredInUrl, "").replace(leadingJunk, "")
  const scheme = schemeOf.exec(normalized)?.[1]
  if (scheme === undefined) return url
  const lower = scheme.toLowerCase()
  if (allowedSchemes.has(lower)) return url
  if (lower === "data" && safeDataImage.test(normalized)) return url
  return blockedUrl
}

const urlAttributes = new Set([
  "href",
  "src",
  "action",
  "formaction",
  "poster",
  "cite",
  "background",
  "xlink:href",
  "data",
])

/**
 * Whether an attribute holds a URL that `safeUrl` must check.
 *
 * @example
 * ```ts
 * isUrlAttribute("HREF") //=> true
 * ```
 */
export function isUrlAttribute(name: string): boolean {
  return urlAttributes.has(name.toLowerCase())
}

/**
 * Serializes a value for a `<script>` element: JSON with `<`, `>`, `&`,
 * U+2028 and U+2029 written as `\uXXXX`, so it can never close the element.
 *
 * @example
 * ```ts
 * scriptJson({ a: "</script>" }) //=> '{"a":"\\u003c/script\\u003e"}'
 * ```
 */
export function scriptJson(value: unknown): string {
  const text = JSON.stringify(value) ?? "null"
  return text.replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`)
}
