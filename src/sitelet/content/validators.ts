/**
 * Cache validators and conditional GET (RFC 9110 §8.8, §13): `ETag` and
 * `Last-Modified` on a content, and the `304 Not Modified` answer to a
 * request whose `If-None-Match` or `If-Modified-Since` says the client
 * already has it. The hosts and `Content.File` share this one evaluator.
 */
import { isSocketBody } from "../socket-body.js"
import type { RouteHeaders } from "../../router/request/request.js"
import { webDigest } from "../../internal/digest.js"
import { memoByList } from "../../internal/list-memo.js"
import {
  type Content,
  type ContentHeader,
  type DeferredContent,
  deferred,
  header,
  isStreamBody,
  mapContent,
  resolveContent,
  settleContent,
  type StaticContent,
  staticContent,
} from "../content-model.js"
import { Status } from "../http/http-status.js"
import { parseHttpDate } from "../http/http-date.js"
import type { ContentChange } from "../json-content.js"
import { contentMessages } from "./content-messages.js"

// etagc = %x21 / %x23-7E / obs-text (RFC 9110 §8.8.3): no space, no quote, no control.
const opaqueTag = /^[\x21\x23-\x7e\x80-\xff]*$/
const quotedTag = /^(?:W\/)?"[\x21\x23-\x7e\x80-\xff]*"$/

/**
 * An entity tag as written in `ETag`: a quoted tag is kept as it is
 * (`"v1"`, `W/"v1"`), bare text is quoted (weak with `weak`). Throws a
 * `TypeError` for a character a tag cannot hold.
 *
 * @example
 * ```ts
 * entityTag("v1") //=> "\"v1\""
 * entityTag("v1", true) //=> "W/\"v1\""
 * ```
 */
export function entityTag(tag: string, weak = false): string {
  if (quotedTag.test(tag)) return weak && !tag.startsWith("W/") ? `W/${tag}` : tag
  if (!opaqueTag.test(tag)) throw new TypeError(contentMessages.badEntityTag(tag))
  return weak ? `W/"${tag}"` : `"${tag}"`
}

const withHeader = (content: StaticContent, name: string, value: string): StaticContent => {
  const lower = name.toLowerCase()
  const kept = content.headers.filter(([key]) => key.toLowerCase() !== lower)
  return staticContent(content.status, [...kept, header(name, value)], content.body)
}

/**
 * The content with an `ETag`. Given a tag (`"v3"`, `W/"v3"`, or bare text
 * quoted as a strong tag, weak with `{ Weak: true }`), it is used as it
 * is; without one, a strong tag is computed from the body's bytes
 * (SHA-1, WebCrypto: the content becomes asynchronous). A GET or HEAD
 * whose `If-None-Match` matches it is answered `304 Not Modified`.
 *
 * @example
 * ```ts
 * Content.WithETag(Content.Json(article, Article), `"${article.version}"`)
 * Content.WithETag(Content.Text(report)) // the tag is a digest of the text
 * ```
 */
export function WithETag<Endpoint = never>(
  content: Content<Endpoint> | Promise<Content<Endpoint>>,
  tag?: string,
  options?: { readonly Weak?: boolean },
): DeferredContent<Endpoint> {
  if (tag !== undefined) {
    const value = entityTag(tag, options?.Weak === true)
    // A JSON content stays one: its case's declared answer writes it later.
    return deferred<Endpoint>(async (ctx) =>
      withHeader((await settleContent(content, ctx)) as StaticContent, "ETag", value),
    )
  }
  return deferred<Endpoint>(async (ctx) => {
    const resolved = await resolveContent(content, ctx)
    if (isStreamBody(resolved.body) || isSocketBody(resolved.body)) throw new TypeError(contentMessages.etagOfStream)
    const digest = await webDigest(resolved.body ?? "")
    return withHeader(resolved, "ETag", entityTag(digest, options?.Weak === true))
  })
}

/**
 * The content with a `Last-Modified` date (whole seconds, as HTTP dates
 * are). A GET or HEAD whose `If-Modified-Since` is that date or later (and
 * that sends no `If-None-Match`) is answered `304 Not Modified`.
 *
 * @example
 * ```ts
 * Content.WithLastModified(Content.Json(article, Article), article.updated)
 * ```
 */
export const WithLastModified: ContentChange<[date: Date]> = <Endpoint>(
  content: Content<Endpoint> | Promise<Content<Endpoint>>,
  date: Date,
): never => {
  if (!(date instanceof Date) || Number.isNaN(date.getTime())) throw new TypeError(contentMessages.badLastModified)
  const value = date.toUTCString()
  return mapContent(content as Content<Endpoint>, (resolved) => withHeader(resolved, "Last-Modified", value)) as never
}

/** The opaque tags of an `If-None-Match` list (`W/` dropped: weak comparison), `"*"` for `*`; undefined when malformed. */
function parseTagList(value: string): readonly string[] | undefined {
  const text = value.trim()
  if (text === "*") return ["*"]
  const tags: string[] = []
  let at = 0
  while (at < text.length) {
    if (text.startsWith("W/", at)) at += 2
    if (text.charCodeAt(at) !== 0x22) return undefined
    const end = text.indexOf('"', at + 1)
    if (end < 0) return undefined
    const opaque = text.slice(at + 1, end)
    if (!opaqueTag.test(opaque)) return undefined
    tags.push(opaque)
    at = end + 1
    while (at < text.length && (text[at] === " " || text[at] === "\t")) at++
    if (at === text.length) break
    if (text[at] !== ",") return undefined
    at++
    while (at < text.length && (text[at] === " " || text[at] === "\t" || text[at] === ",")) at++
  }
  return tags.length === 0 ? undefined : tags
}

/** The opaque part of an `ETag` value (`W/"x"` → `x`), or undefined for a malformed one. */
const opaqueOf = (etag: string): string | undefined =>
  quotedTag.test(etag) ? etag.slice(etag.indexOf('"') + 1, -1) : undefined

// The headers of a 200 that describe its body: a 304 has none (RFC 9110 §15.4.5); the others stay.
const bodyHeaders = new Set(["content-type", "content-length", "content-encoding", "content-range", "content-language"])

// Indexed, and by name length first: this runs on every GET answer, and nearly none carries a validator; a
// shared frozen list is read once.
const validatorsOf = memoByList((list: readonly ContentHeader[]) => {
  let etag: string | undefined
  let lastModified: string | undefined
  for (let i = 0; i < list.length; i++) {
    const entry = list[i] as ContentHeader
    const name = entry[0]
    if (name.length === 4 && name.toLowerCase() === "etag") etag = entry[1]
    else if (name.length === 13 && name.toLowerCase() === "last-modified") lastModified = entry[1]
  }
  return { etag, lastModified }
})

/**
 * The `304 Not Modified` answer to a GET or HEAD whose validators say the
 * client has this 200 content already, else undefined. `If-None-Match`
 * (a list, `*`, weak comparison) wins over `If-Modified-Since`; a
 * malformed one is ignored. The 304 keeps `ETag`, `Last-Modified`,
 * `Cache-Control`, `Vary`, cookies and CORS headers, and has no body.
 *
 * @example
 * ```ts
 * notModified(Content.WithETag(Content.Text("x"), "v1"), "GET", new Headers({ "if-none-match": 'W/"v1"' }))?.status.code //=> 304
 * ```
 */
export function notModified(content: StaticContent, method: string, headers: RouteHeaders): StaticContent | undefined {
  if ((method !== "GET" && method !== "HEAD") || content.status.code !== 200) return undefined
  const { etag, lastModified } = validatorsOf(content.headers)
  if (etag === undefined && lastModified === undefined) return undefined
  const ifNoneMatch = headers.get("if-none-match")
  const tags = ifNoneMatch === null ? undefined : parseTagList(ifNoneMatch)
  if (tags !== undefined) {
    const current = etag === undefined ? undefined : opaqueOf(etag)
    const matches = tags[0] === "*" || (current !== undefined && tags.includes(current))
    return matches ? notModifiedContent(content) : undefined
  }
  if (lastModified === undefined) return undefined
  const since = headers.get("if-modified-since")
  if (since === null) return undefined
  const client = parseHttpDate(since)
  const modified = parseHttpDate(lastModified)
  if (client === undefined || modified === undefined) return undefined
  return modified <= client ? notModifiedContent(content) : undefined
}

function notModifiedContent(content: StaticContent): StaticContent {
  const kept: ContentHeader[] = content.headers.filter(([name]) => !bodyHeaders.has(name.toLowerCase()))
  return staticContent(Status.NotModified, kept, undefined)
}
