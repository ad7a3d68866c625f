/**
 * The `Content` namespace: what handlers return. Text, JSON, pages,
 * statuses, redirects and headers; every function gives a plain content
 * (see `content-model.ts`) that all hosts write the same way.
 */
import type { Descriptor, Infer } from "../../descriptor/descriptor.js"
import type { Linkable } from "../../descriptor/request-only.js"
import {
  type Content as ContentType,
  type ContentBody,
  type ContentHeader,
  type DeferredContent,
  type StaticContent,
  deferred,
  header,
  mapContent,
  sharedContent,
  staticContent,
} from "../content-model.js"
import { Status, statusOf, type HttpStatus, type StatusLike } from "../http/http-status.js"
import type { ContentChange, JsonContent, NonJsonContent } from "../json-content.js"
import { isWellFormed } from "../../internal/well-formed.js"
import { contentMessages } from "./content-messages.js"
import { Page } from "./page.js"
import { WithETag, WithLastModified } from "./validators.js"
import { Stream } from "./stream.js"
import { Event, EventStream } from "./event-stream.js"
import { WebSocket } from "../sockets/web-socket.js"
import { File } from "./file-content.js"

const textType = header("Content-Type", "text/plain; charset=utf-8")
const jsonType = header("Content-Type", "application/json")
// Frozen lists shared by every Text and Json content (staticContent keeps a frozen list instead of copying it).
const textHeaders = Object.freeze([textType])
const jsonHeaders = Object.freeze([jsonType])
// Responses the library writes itself never run scripts.
const strictCsp = header("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'")
const errorHeaders = Object.freeze([textType, strictCsp])

/**
 * Plain text, `text/plain; charset=utf-8`.
 *
 * @example
 * ```ts
 * Content.Text("hello")
 * ```
 */
function Text(text: string): StaticContent {
  return sharedContent(Status.Ok, textHeaders, text)
}

/**
 * JSON, `application/json`. With a descriptor the value is written by the
 * JSON codec (bigint as strings, dates as ISO text, `$`-tagged unions).
 * Without one, by the codec of the response its case declares for the
 * content's status (`Returns(User)`, `Responds({ 404: Problem })`), else
 * by `JSON.stringify`. The value is written when the content is resolved.
 *
 * @example
 * ```ts
 * Content.Json({ ok: true })
 * Content.Json(posts, t.list(Post))
 * ```
 */
function Json<const D extends Descriptor>(value: NoInfer<Infer<D>>, descriptor: D): JsonContent<Infer<D>, 200>
function Json<Value>(value: Value): JsonContent<Value, 200>
function Json(value: unknown, descriptor?: Descriptor): JsonContent<unknown, 200> {
  return Object.freeze({
    kind: "static",
    status: Status.Ok,
    headers: jsonHeaders,
    // Not frozen: the content holding it is, and no caller shares it (a freeze per response saved).
    body: { kind: "json" as const, value, descriptor },
  })
}

const noHeaders: readonly ContentHeader[] = Object.freeze([])

/**
 * `204 No Content`: a success without a body, so without `Content-Type`
 * (RFC 9110 §15.3.5). The answer of a status declared `NoBody`
 * (`Responds({ 204: NoBody })`), for which the typed client resolves
 * `undefined`.
 *
 * @example
 * ```ts
 * Sitelet.Infer(Api, { DeletePost: async (_ctx, e) => (await remove(e.id), Content.NoContent()) })
 * ```
 */
function NoContent(): StaticContent {
  return sharedContent(Status.NoContent, noHeaders, undefined)
}

/**
 * The parts of `Content.Custom`.
 *
 * @example
 * ```ts
 * const csv: CustomContent = { Headers: { "Content-Type": "text/csv" }, Body: "a,b\n" }
 * ```
 */
export interface CustomContent {
  /** An `Http.Status`, or the code alone (`201`). */
  readonly Status?: StatusLike
  readonly Headers?: Readonly<Record<string, string>> | ReadonlyArray<readonly [string, string]>
  readonly Body?: ContentBody
}

const headerList = (headers: CustomContent["Headers"]): ContentHeader[] => {
  if (headers === undefined) return []
  const pairs = Array.isArray(headers) ? (headers as ReadonlyArray<readonly [string, string]>) : Object.entries(headers)
  return pairs.map(([name, value]) => header(name, value))
}

/**
 * Any response: status (default 200), headers and body (text or bytes).
 * Header names and values are checked (no response splitting).
 *
 * @example
 * ```ts
 * Content.Custom({ Status: Http.Status.Created, Headers: { "Content-Type": "text/csv" }, Body: "a,b\n" })
 * ```
 */
function Custom(parts: CustomContent): StaticContent {
  return staticContent(
    parts.Status === undefined ? Status.Ok : statusOf(parts.Status),
    headerList(parts.Headers),
    parts.Body,
  )
}

/**
 * The same content with another status — an `Http.Status` or the code
 * alone (`201`); works on contents and on promises of contents. On a
 * `Content.Json` the new code is in the type as well (`JsonContent<Value,
 * 404>`), for cases that declare `Responds`, which it is checked against.
 *
 * @example
 * ```ts
 * Content.SetStatus(Http.Status.MethodNotAllowed, Content.Text("use POST"))
 * Content.SetStatus(404, Content.Json({ error: "no such user" }))
 * ```
 */
// The other contents first: a redirect's endpoint type is inferred from the overload the checker tries first.
function SetStatus<Endpoint = never>(status: StatusLike, content: NonJsonContent<Endpoint>): NonJsonContent<Endpoint>
function SetStatus<Endpoint = never>(
  status: StatusLike,
  content: Promise<NonJsonContent<Endpoint>>,
): Promise<NonJsonContent<Endpoint>>
function SetStatus<const Code extends number, Value>(
  status: StatusLike<Code>,
  content: JsonContent<Value>,
): JsonContent<Value, Code>
function SetStatus<const Code extends number, Value>(
  status: StatusLike<Code>,
  content: Promise<JsonContent<Value>>,
): Promise<JsonContent<Value, Code>>
function SetStatus<Endpoint = never>(status: StatusLike, content: ContentType<Endpoint>): ContentType<Endpoint>
function SetStatus<Endpoint = never>(
  status: StatusLike,
  content: Promise<ContentType<Endpoint>>,
): Promise<ContentType<Endpoint>>
function SetStatus<Endpoint>(
  status: StatusLike,
  content: ContentType<Endpoint> | Promise<ContentType<Endpoint>>,
): ContentType<Endpoint> | Promise<ContentType<Endpoint>> {
  // Checked now, where the call is, not when the content is written.
  const checked = statusOf(status)
  return mapContent(content as ContentType<Endpoint>, (resolved) =>
    staticContent(checked, resolved.headers, resolved.body),
  )
}

/**
 * The same content with extra headers (appended; `Set-Cookie` may repeat).
 *
 * @example
 * ```ts
 * Content.WithHeaders(Content.Text("x"), { "Cache-Control": "no-store" })
 * ```
 */
const WithHeaders: ContentChange<[headers: CustomContent["Headers"]]> = <Endpoint>(
  content: ContentType<Endpoint> | Promise<ContentType<Endpoint>>,
  headers: CustomContent["Headers"],
): never => {
  const extra = headerList(headers)
  return mapContent(content as ContentType<Endpoint>, (resolved) =>
    staticContent(resolved.status, [...resolved.headers, ...extra], resolved.body),
  ) as never
}

const redirect = (status: HttpStatus, url: string): StaticContent => {
  // Controls and spaces would split or bend the header; raw non-ASCII is percent-encoded as UTF-8.
  if (!/^[\x21-\x7e\u0080-\uffff]+$/.test(url) || !isWellFormed(url))
    throw new TypeError(contentMessages.badRedirectUrl(url))
  const location = url.replace(/[^\x21-\x7e]+/g, (text) => encodeURIComponent(text))
  return staticContent(status, [header("Location", location), textType, strictCsp], "")
}

/**
 * Errors with a short text body and a strict CSP.
 *
 * @example
 * ```ts
 * Content.NotFound() // 404 "Not Found"
 * ```
 */
const error =
  (status: HttpStatus) =>
  (message?: string): StaticContent =>
    sharedContent(status, errorHeaders, message ?? status.text)

/**
 * The `Content` namespace.
 *
 * @example
 * ```ts
 * Sitelet.Infer(Site, {
 *   Home: (ctx) => Content.Page({ Title: "Home", Body: Html.h1(null, "Hi") }),
 *   Old: () => Content.RedirectPermanent({ $: "Home" }),
 *   Api: () => Content.Json({ ok: true }),
 * })
 * ```
 */
export const Content = Object.freeze({
  Page,
  Text,
  Json,
  NoContent,
  Custom,
  SetStatus,
  WithHeaders,
  WithETag,
  WithLastModified,
  Stream,
  EventStream,
  WebSocket,
  Event,
  File,
  /** 307 to an endpoint of the sitelet (linked through `ctx.Link`, base path included). */
  RedirectTemporary: <Endpoint>(endpoint: NoInfer<Linkable<Endpoint>>): DeferredContent<Endpoint> =>
    deferred<Endpoint>((ctx) => redirect(Status.TemporaryRedirect, ctx.Link(endpoint))),
  /** 301 to an endpoint of the sitelet. */
  RedirectPermanent: <Endpoint>(endpoint: NoInfer<Linkable<Endpoint>>): DeferredContent<Endpoint> =>
    deferred<Endpoint>((ctx) => redirect(Status.MovedPermanently, ctx.Link(endpoint))),
  /** 307 to a URL. */
  RedirectTemporaryToUrl: (url: string): StaticContent => redirect(Status.TemporaryRedirect, url),
  /** 301 to a URL. */
  RedirectPermanentToUrl: (url: string): StaticContent => redirect(Status.MovedPermanently, url),
  /** 303 See Other to an endpoint: the answer to a form POST. */
  RedirectSeeOther: <Endpoint>(endpoint: NoInfer<Linkable<Endpoint>>): DeferredContent<Endpoint> =>
    deferred<Endpoint>((ctx) => redirect(Status.SeeOther, ctx.Link(endpoint))),
  /** 303 See Other to a URL: after a form POST, to a checked return address (`safeReturnPath`). */
  RedirectSeeOtherToUrl: (url: string): StaticContent => redirect(Status.SeeOther, url),
  BadRequest: error(Status.BadRequest),
  Unauthorized: error(Status.Unauthorized),
  Forbidden: error(Status.Forbidden),
  NotFound: error(Status.NotFound),
  MethodNotAllowed: error(Status.MethodNotAllowed),
  ServerError: error(Status.InternalServerError),
  NotImplemented: error(Status.NotImplemented),
})

/**
 * The `Content` type: see `content-model.ts`.
 *
 * @example
 * ```ts
 * const page: Content = Content.Text("hi")
 * ```
 */
export type Content<Endpoint = never> = ContentType<Endpoint>
