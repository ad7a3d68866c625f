/**
 * The content model: what a handler returns. A `Content` is either a plain
 * response description (status, headers, body) that every host writes
 * directly, or a deferred content that needs the request context first
 * (a redirect to an endpoint needs `ctx.Link`).
 *
 * Extensions (Protect, CORS) compose by resolving a content with
 * `resolveContent` and mapping the result with `mapContent`.
 */
import type { SocketBody } from "./socket-body.js"
import type { Context } from "./context.js"
import type { HttpStatus } from "./http/http-status.js"
import type { ResponseDescriptors } from "../descriptor/responses.js"
import { isJsonBody, type JsonContent, writeJson } from "./json-content.js"
import { siteletMessages } from "./messages.js"

/**
 * One response header. Several headers may share a name (`Set-Cookie`).
 *
 * @example
 * ```ts
 * const h: ContentHeader = ["Cache-Control", "no-store"]
 * ```
 */
export type ContentHeader = readonly [name: string, value: string]

/**
 * A body produced over time (`Content.Stream`, `Content.EventStream`,
 * `Content.File`): hosts open it when they write it, with backpressure, and
 * stop it when the client goes away.
 *
 * @example
 * ```ts
 * const body: StreamBody = { kind: "stream", open: () => chunks(), compressible: true }
 * ```
 */
export interface StreamBody {
  readonly kind: "stream"
  /** The chunks; called at most once, and only when the body is written (never for HEAD, 204 or 304). */
  readonly open: () => AsyncIterable<string | Uint8Array> | ReadableStream<Uint8Array>
  /** Releases a body that will not be written (HEAD, 304): cancels a stream the handler made. */
  readonly discard?: () => void
  /** Its length in bytes, when known (a file): sent as `Content-Length`. */
  readonly length?: number
  /** Whether the `compress` option may compress it (as a stream, flushed chunk by chunk). */
  readonly compressible: boolean
  /** An event stream's events written so far (read by telemetry once the stream ends). */
  readonly events?: () => number
}

/**
 * The body of a response: text (written as UTF-8), bytes, a stream, or none.
 *
 * @example
 * ```ts
 * const body: ContentBody = new Uint8Array([104, 105])
 * ```
 */
export type ContentBody = string | Uint8Array | StreamBody | SocketBody | undefined

/**
 * Whether a body is a stream.
 *
 * @example
 * ```ts
 * isStreamBody(Content.Text("x").body) //=> false
 * ```
 */
export function isStreamBody(body: ContentBody): body is StreamBody {
  return typeof body === "object" && body !== null && (body as { kind?: unknown }).kind === "stream"
}

/**
 * A response ready to write: a plain description, no WHATWG objects.
 *
 * @example
 * ```ts
 * const ok: StaticContent = Content.Text("hi")
 * ok.status.code //=> 200
 * ```
 */
export interface StaticContent {
  readonly kind: "static"
  readonly status: HttpStatus
  readonly headers: readonly ContentHeader[]
  readonly body: ContentBody
}

/**
 * Content that needs the request context before it can be written.
 * `Endpoint` is the endpoint type its `ctx.Link` takes.
 *
 * @example
 * ```ts
 * const back: DeferredContent<Site> = deferred((ctx) => Content.Text(ctx.Link({ $: "Home" })))
 * ```
 */
export interface DeferredContent<Endpoint> {
  readonly kind: "deferred"
  readonly run: (ctx: Context<Endpoint>) => Content<Endpoint> | Promise<Content<Endpoint>>
}

/**
 * What a handler returns. `Content<never>` (text, JSON, pages) fits every
 * handler; a redirect to an endpoint has that endpoint's type, so a handler
 * can only redirect to endpoints its sitelet links. A `Content.Json` is a
 * {@link JsonContent} until it is resolved.
 *
 * @example
 * ```ts
 * const ok: Content = Content.Text("hello")
 * const back: Content<Site> = Content.RedirectTemporary({ $: "Home" })
 * ```
 */
export type Content<Endpoint = never> = StaticContent | JsonContent | DeferredContent<Endpoint>

const headerName = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/
// A header value may hold visible characters, spaces and tabs; CR, LF and NUL would split the response.
const headerValue = /^[\t\x20-\x7e\x80-\xff]*$/

/**
 * Whether a name and value pass the checks of {@link header} (the same
 * rules `node:http` applies when it writes them).
 *
 * @example
 * ```ts
 * isValidHeader("X-Ok", "yes") //=> true
 * isValidHeader("X-Bad", "a\nb") //=> false
 * ```
 */
export function isValidHeader(name: string, value: string): boolean {
  return headerName.test(name) && headerValue.test(value)
}

/**
 * A checked header: throws a `TypeError` for a bad name or a value with a
 * control character (response splitting).
 *
 * @example
 * ```ts
 * header("Cache-Control", "no-store") //=> ["Cache-Control", "no-store"]
 * ```
 */
export function header(name: string, value: string): ContentHeader {
  if (!headerName.test(name)) throw new TypeError(siteletMessages.badHeaderName(name))
  if (!headerValue.test(value)) throw new TypeError(siteletMessages.badHeaderValue(name))
  return Object.freeze([name, value] as const)
}

/**
 * A static content.
 *
 * @example
 * ```ts
 * staticContent(Http.Status.Ok, [header("Content-Type", "text/plain; charset=utf-8")], "hi")
 * ```
 */
export function staticContent(status: HttpStatus, headers: readonly ContentHeader[], body: ContentBody): StaticContent {
  // A frozen list cannot change under the content: shared as it is (`Content.Json` passes one constant list), not copied.
  return sharedContent(status, Object.isFrozen(headers) ? headers : Object.freeze([...headers]), body)
}

/**
 * {@link staticContent} on a header list the caller froze once and shares
 * (a module constant): no check per content (`Object.isFrozen` is a slow
 * call on JavaScriptCore, 8% of a text answer on Bun).
 *
 * @example
 * ```ts
 * const textHeaders = Object.freeze([header("Content-Type", "text/plain; charset=utf-8")])
 * sharedContent(Http.Status.Ok, textHeaders, "hi")
 * ```
 */
export function sharedContent(status: HttpStatus, headers: readonly ContentHeader[], body: ContentBody): StaticContent {
  return Object.freeze({ kind: "static", status, headers, body })
}

/**
 * A content computed from the request context.
 *
 * @example
 * ```ts
 * deferred<Site>((ctx) => Content.Text(ctx.Link({ $: "Home" })))
 * ```
 */
export function deferred<Endpoint>(run: DeferredContent<Endpoint>["run"]): DeferredContent<Endpoint> {
  return Object.freeze({ kind: "deferred", run })
}

// Deferred contents may return deferred contents; a cycle this deep is a bug in the handler.
const maxDeferredDepth = 64

/**
 * Runs deferred contents until a static one is reached, and writes a JSON
 * content as text (with `responses`, the descriptors its case declares by
 * status). A static content that is not a promise comes back synchronously:
 * no promise and no microtask for the answer nearly every handler gives.
 *
 * @example
 * ```ts
 * const response = await resolveContent(await handler(ctx, e), ctx)
 * response.status.code //=> 200
 * ```
 */
export function resolveContent<Endpoint>(
  content: Content<Endpoint> | Promise<Content<Endpoint>>,
  ctx: Context<Endpoint>,
  responses?: ResponseDescriptors,
): StaticContent | Promise<StaticContent> {
  if (typeof content === "object" && content !== null && !(content instanceof Promise) && content.kind === "static")
    return isJsonBody(content.body) ? writeJson(content as JsonContent, responses) : (content as StaticContent)
  return resolveLater(content, ctx, responses)
}

async function resolveLater<Endpoint>(
  content: Content<Endpoint> | Promise<Content<Endpoint>>,
  ctx: Context<Endpoint>,
  responses: ResponseDescriptors | undefined,
): Promise<StaticContent> {
  const settled = await settleContent(content, ctx)
  return isJsonBody(settled.body) ? writeJson(settled as JsonContent, responses) : (settled as StaticContent)
}

/**
 * Runs deferred contents until a static one is reached, and leaves a JSON
 * content unwritten (for changes that keep its value: a header added to
 * it, when its case's declared answers are not known yet).
 *
 * @example
 * ```ts
 * const settled = await settleContent(Content.WithETag(Content.Json(user), '"v1"'), ctx) // a JsonContent
 * ```
 */
export async function settleContent<Endpoint>(
  content: Content<Endpoint> | Promise<Content<Endpoint>>,
  ctx: Context<Endpoint>,
): Promise<StaticContent | JsonContent> {
  let current = await content
  for (let depth = 0; current.kind === "deferred"; depth++) {
    if (depth >= maxDeferredDepth) throw new RangeError(siteletMessages.deferredTooDeep(maxDeferredDepth))
    current = await current.run(ctx)
  }
  return current
}

/**
 * Applies `change` to the static content a content resolves to; a deferred
 * content stays deferred, a promise stays a promise. A JSON content stays
 * one (its value unwritten) when `change` keeps its body, as status and
 * header changes do.
 *
 * @example
 * ```ts
 * mapContent(content, (c) => staticContent(c.status, [...c.headers, header("Vary", "Origin")], c.body))
 * ```
 */
export function mapContent<Endpoint = never>(
  content: Content<Endpoint>,
  change: (content: StaticContent) => StaticContent,
): Content<Endpoint>
export function mapContent<Endpoint = never>(
  content: Promise<Content<Endpoint>>,
  change: (content: StaticContent) => StaticContent,
): Promise<Content<Endpoint>>
export function mapContent<Endpoint = never>(
  content: Content<Endpoint> | Promise<Content<Endpoint>>,
  change: (content: StaticContent) => StaticContent,
): Content<Endpoint> | Promise<Content<Endpoint>> {
  if (content instanceof Promise) return content.then((resolved) => mapContent(resolved, change))
  // `change` sees a JSON content's body as it is: the status and header changes pass it on untouched.
  if (content.kind === "static") return change(content as StaticContent)
  return deferred<Endpoint>(async (ctx) => change(await resolveContent(content, ctx)))
}

/**
 * The first value of a header (case-insensitive name), or `undefined`.
 *
 * @example
 * ```ts
 * headerOf(Content.Text("x"), "content-type") //=> "text/plain; charset=utf-8"
 * ```
 */
export function headerOf(content: StaticContent, name: string): string | undefined {
  const lower = name.toLowerCase()
  return content.headers.find(([key]) => key.toLowerCase() === lower)?.[1]
}
