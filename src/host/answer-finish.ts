/**
 * What the host adds to every answer before it is written, and the
 * library's own plain-text answers: `nosniff` on every response, the
 * session's `Set-Cookie` headers, an `ETag` under the host option `etag`,
 * and the strict headers of an error's text.
 */
import { entityTag } from "../sitelet/content/validators.js"
import { header, sharedContent, type ContentHeader, type StaticContent } from "../sitelet/content-model.js"
import { reasonPhrase, Status } from "../sitelet/http/http-status.js"
import { memoByList } from "../internal/list-memo.js"

const nosniff = header("X-Content-Type-Options", "nosniff")
const plainText = header("Content-Type", "text/plain; charset=utf-8")
const strictCsp = header("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'")
/** The headers of the library's own plain-text answers (errors, the host's 405): UTF-8 text, nosniff, a strict CSP. */
export const errorHeaders = Object.freeze([plainText, nosniff, strictCsp])

/**
 * A short plain-text error response with a strict CSP.
 *
 * @example
 * ```ts
 * errorContent(404).body //=> "Not Found"
 * ```
 */
export function errorContent(code: number, message?: string): StaticContent {
  const text = message ?? reasonPhrase(code)
  return sharedContent(Status.Custom(code), errorHeaders, text)
}

/**
 * Whether an answer is a GET or HEAD 200 with a body and no `ETag` of its
 * own: the host option `etag` gives it one.
 *
 * @example
 * ```ts
 * needsETag(Content.Text("hi"), "GET") //=> true
 * ```
 */
export function needsETag(content: StaticContent, method: string): boolean {
  const body = content.body
  if ((method !== "GET" && method !== "HEAD") || content.status.code !== 200 || body === undefined) return false
  // A stream cannot be hashed before it is sent: it keeps the validators its content gave (a file's).
  if (typeof body === "object" && !(body instanceof Uint8Array)) return false
  for (const [name] of content.headers) if (name.length === 4 && name.toLowerCase() === "etag") return false
  return true
}

/**
 * The answer with an `ETag` of the digest of its body.
 *
 * @example
 * ```ts
 * withETag(content, "k3f…").headers.at(-1) //=> ["ETag", "\"k3f…\""]
 * ```
 */
export const withETag = (content: StaticContent, digest: string): StaticContent => ({
  kind: "static",
  status: content.status,
  headers: [...content.headers, ["ETag", entityTag(digest)]],
  body: content.body,
})

/** `headerOf(content, "x-content-type-options") !== undefined` without a lower-case copy of every name (an ASCII name of another length cannot match). */
const hasNosniff = memoByList((headers: readonly ContentHeader[]): boolean => {
  for (let i = 0; i < headers.length; i++) {
    const name = (headers[i] as ContentHeader)[0]
    if (name.length === 22 && name.toLowerCase() === "x-content-type-options") return true
  }
  return false
})

// Most answers are built on a few shared frozen lists (Content.Json's, Content.Text's): each keeps its nosniff
// copy, which spares a copy and a freeze per response and lets the host reuse what it built for that copy.
const withNosniff = memoByList((list: readonly ContentHeader[]): readonly ContentHeader[] =>
  Object.freeze([...list, nosniff]),
)
/** No `Set-Cookie` to add (one shared empty list). */
export const noCookies: readonly ContentHeader[] = Object.freeze([])

/**
 * Adds the session cookies and `nosniff` to a handler's content. The
 * answer goes only to the host's writer, never back to user code: a plain
 * object, not a frozen one (a freeze per response saved).
 *
 * @example
 * ```ts
 * finish(Content.Text("hi"), noCookies).headers //=> [..., ["X-Content-Type-Options", "nosniff"]]
 * ```
 */
export function finish(content: StaticContent, setCookies: readonly ContentHeader[]): StaticContent {
  const missingNosniff = !hasNosniff(content.headers)
  if (setCookies.length === 0) {
    if (!missingNosniff) return content
    return { kind: "static", status: content.status, headers: withNosniff(content.headers), body: content.body }
  }
  const headers = [...content.headers, ...setCookies]
  if (missingNosniff) headers.push(nosniff)
  return { kind: "static", status: content.status, headers, body: content.body }
}
