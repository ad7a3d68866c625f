/**
 * `site.Handle(request)`: the Fetch API entry point. Builds the WHATWG
 * `Response` only here, from the plain content the core produced.
 */
import type { RouteHeaders } from "../../router/request/request.js"
import { isStreamBody, type ContentHeader, type StaticContent } from "../../sitelet/content-model.js"
import { isSocketBody } from "../../sitelet/socket-body.js"
import { reasonPhrase } from "../../sitelet/http/http-status.js"
import { upgradeFetch, upgradedByBun } from "./fetch-socket.js"
import type { Sitelet } from "../../sitelet/sitelet.js"
import type { ContextInit } from "../host-context.js"
import { readFetchBody } from "./fetch-body.js"
import { bodyLimitFor, resolveHostOptions, type HostOptions, type ResolvedHostOptions } from "../host-options.js"
import { errorContent } from "../answer-finish.js"
import { joinsRepeatedHosts, originFormOfUrl } from "./fetch-target.js"
import { serveRequest } from "../serve.js"
import type { ServeInit, ServeOutcome } from "../serve-outcome.js"
import { isPromise, type MaybePromise } from "../../internal/maybe-promise.js"
import { memoByList } from "../../internal/list-memo.js"
import { report, type RequestStart as Watch } from "../observe.js"
import { compressBody } from "./fetch-compress.js"
import { webStreamOf } from "./fetch-stream.js"
import type { Encoding } from "../compression.js"
import { utf8Length } from "../../internal/utf8-length.js"
import { serveWithin } from "../scoped-serve.js"
import { tracedSocket, watchRequest } from "../watch.js"
import { responseHeaders } from "./fetch-headers.js"

/**
 * How a stream body is written: its coding, where a producer's failure
 * goes, and who hears the bytes it gave when it ends.
 *
 * @example
 * ```ts
 * const writing: StreamWriting = { encoding: "gzip", onError: console.error, ended: (bytes) => log(bytes) }
 * ```
 */
export interface StreamWriting {
  readonly encoding?: Encoding | undefined
  readonly onError: (error: unknown) => void
  readonly ended?: ((bytes: number) => void) | undefined
}

const quietly: StreamWriting = { onError: () => undefined }

/**
 * A WHATWG `Response` from a plain content; `HEAD` gets no body (a stream
 * body is then discarded unopened).
 *
 * @example
 * ```ts
 * toResponse(Content.Text("hi"), "GET").status //=> 200
 * ```
 */
export function toResponse(content: StaticContent, method: string, writing: StreamWriting = quietly): Response {
  // 204 and 304 responses, and answers to HEAD, cannot carry a body.
  const bodyless = method === "HEAD" || content.status.code === 204 || content.status.code === 304
  const given = content.body
  let body: string | Uint8Array | ReadableStream<Uint8Array> | null = null
  if (isStreamBody(given)) {
    if (bodyless) given.discard?.()
    else body = webStreamOf(given, writing.encoding, writing.onError, writing.ended ?? noBytes)
  } else if (!bodyless && given !== undefined)
    // Text or bytes: a socket body never comes here (`respond` hands it to the runtime's upgrade).
    body = given as string | Uint8Array
  // A stream of known length (a file) keeps its length, also for HEAD; a compressed one is chunked.
  const sized =
    isStreamBody(given) && given.length !== undefined && writing.encoding === undefined && !isNoContent(content)
      ? [...content.headers, ["Content-Length", String(given.length)] as const]
      : content.headers
  const { code, text } = content.status
  const init: ResponseInit & { encodeBody?: "manual" } = { status: code, headers: responseHeaders(sized) }
  // Only a phrase of the application's own: runtimes write the standard one on the wire themselves, and
  // undici checks a given phrase character by character (0.8 µs of a 14 µs answer on Node 20).
  if (text !== reasonPhrase(code)) init.statusText = text
  // A body with a Content-Encoding is encoded already: Workers would otherwise compress it again
  // (their default, `encodeBody: "automatic"`); other runtimes ignore the field.
  if (body !== null && isEncoded(content.headers)) init.encodeBody = "manual"
  return new Response(body as BodyInit | null, init)
}

const noBytes = (): void => undefined

const isNoContent = (content: StaticContent): boolean => content.status.code === 204 || content.status.code === 304

const isEncoded = memoByList((list: readonly ContentHeader[]): boolean => {
  for (let i = 0; i < list.length; i++) {
    const name = (list[i] as ContentHeader)[0]
    if (name.length === 16 && name.toLowerCase() === "content-encoding") return true
  }
  return false
})

/**
 * What a Fetch runtime hands over besides the request: Workers' `env`
 * bindings and `ctx.waitUntil` (see `Fetch.Handler`).
 *
 * @example
 * ```ts
 * const extras: RuntimeExtras = { env, waitUntil: (work) => executionContext.waitUntil(work) }
 * ```
 */
export type RuntimeExtras = Pick<ContextInit, "env" | "waitUntil">

/**
 * Serves a Fetch request with already-resolved options; `undefined` when
 * the sitelet does not accept it. Synchronous when the core's outcome is
 * (no body read, no awaiting handler): no promise and no microtask.
 *
 * @example
 * ```ts
 * const answer = respond(site, request, resolveHostOptions({ basePath: "/app" }))
 * const response = isPromise(answer) ? await answer : answer
 * ```
 */
export function respond<Endpoint>(
  site: Sitelet<Endpoint>,
  request: Request,
  options: ResolvedHostOptions,
  extras?: RuntimeExtras,
  notFound?: StaticContent,
): MaybePromise<Response | undefined> {
  const watched =
    options.observe === undefined && options.telemetry === undefined ? undefined : watch(site, request, options)
  const init = new FetchServeInit(request, options, extras, watched?.requestId)
  // With telemetry, the handler and its stream run inside the request's scope (its trace context).
  const scope = watched?.scope
  const outcome =
    scope === undefined
      ? serveRequest(site, init, options)
      : serveWithin(scope, () => serveRequest(site, init, options))
  // No closure on the synchronous path: it is nearly every request.
  return isPromise(outcome)
    ? outcome.then((settled) => answered(settled, init, notFound, watched, extras))
    : answered(outcome, init, notFound, watched, extras)
}

/** The answer to an outcome: a socket answer (only ever to an upgrade request) is the runtime's upgrade. */
function answered(
  outcome: ServeOutcome,
  init: FetchServeInit,
  notFound: StaticContent | undefined,
  watched: Watch | undefined,
  extras: RuntimeExtras | undefined,
): MaybePromise<Response | undefined> {
  const options = init.options
  // The method as the Fetch request normalized it (`head` is `HEAD`), read once by the init.
  if (outcome.kind !== "served" || !isSocketBody(outcome.content.body))
    return answerOrCompress(outcome, init.method, options, notFound, watched)
  const body = tracedSocket(outcome.content.body, watched, outcome.endpoint)
  const response = upgradeFetch(init.request, outcome.content, body, extras?.env, options.onError)
  // The upgrade's request ends here: 101 (Bun answers it itself), or the 501 of a runtime without sockets.
  if (watched !== undefined)
    report(options.observe, options.onError, watched, outcome, response === upgradedByBun ? 101 : response.status, 0)
  return response
}

/**
 * What the core needs from a Fetch `Request`; a class, so reading the body
 * and watching for the client's departure are shared methods, not closures
 * made per request, and `request.url` (a getter that serializes the URL
 * each time) is read once.
 */
class FetchServeInit implements ServeInit, RouteHeaders {
  readonly method: string
  readonly target: string
  readonly originForm: string | undefined
  readonly headers: RouteHeaders
  readonly secure: boolean
  readonly env: RuntimeExtras["env"]
  readonly waitUntil: RuntimeExtras["waitUntil"]

  constructor(
    readonly request: Request,
    readonly options: ResolvedHostOptions,
    extras: RuntimeExtras | undefined,
    readonly requestId: string | undefined,
  ) {
    this.method = request.method
    const url = request.url
    this.target = url
    this.originForm = originFormOfUrl(url)
    this.secure = url.startsWith("https:")
    // Read only when something asks: a Node adapter builds its `Headers` object on first access.
    this.headers = this
    this.env = extras?.env
    this.waitUntil = extras?.waitUntil
  }

  get(name: string): string | null {
    return this.request.headers.get(name)
  }

  /** Repeated `Host` headers, joined with a comma (a host name never has one) where the runtime lets them through. */
  get repeatedHost(): boolean {
    if (!joinsRepeatedHosts) return false
    return this.request.headers.get("host")?.includes(",") === true
  }

  readBody(limit?: number): Promise<Uint8Array> {
    const request = this.request
    return readFetchBody(request, limit ?? bodyLimitFor(this.options.limits, request.headers.get("content-type")))
  }

  onClientGone(abort: () => void): void {
    onAbort(this.request, abort)
  }
}

/** A compressed answer waits for its codec; any other is answered at once. */
function answerOrCompress(
  outcome: ServeOutcome,
  method: string,
  options: ResolvedHostOptions,
  notFound: StaticContent | undefined,
  watched: Watch | undefined,
): MaybePromise<Response | undefined> {
  if (outcome.kind !== "served" || outcome.encoding === undefined || outcome.content.body === undefined)
    return answer(outcome, method, options, notFound, watched)
  const { content, encoding } = outcome
  // A stream is compressed as it flows (by toResponse), not here.
  if (isStreamBody(content.body)) {
    const headers = [...content.headers, ["Content-Encoding", encoding] as const]
    return answer({ ...outcome, content: { ...content, headers } }, method, options, notFound, watched)
  }
  return compressBody(content.body as string | Uint8Array, encoding).then(
    (compressed) => {
      const headers = [...content.headers, ["Content-Encoding", encoding] as const]
      const sent: ServeOutcome = { ...outcome, content: { ...content, headers, body: compressed } }
      return answer(sent, method, options, notFound, watched)
    },
    (error: unknown) => {
      // A codec failure: reported, and the body goes as it is.
      options.onError(error)
      return answer({ ...outcome, encoding: undefined }, method, options, notFound, watched)
    },
  )
}

/** The runtime aborts a request's signal when its client goes away (Bun, Deno, Workers). */
function onAbort(request: Request, abort: () => void): void {
  const signal = request.signal as AbortSignal | undefined
  if (signal === undefined) return
  if (signal.aborted) abort()
  else signal.addEventListener("abort", abort, { once: true })
}

/** A watched request's start (only when `observe` or `telemetry` is set). */
function watch(site: Sitelet<any>, request: Request, options: ResolvedHostOptions): Watch | undefined {
  const url = request.url
  // The origin-form part of the absolute URL a Fetch runtime gives: what a node host sees as `req.url`.
  const afterScheme = url.indexOf("//")
  const path = afterScheme < 0 ? -1 : url.indexOf("/", afterScheme + 2)
  const headers = request.headers
  return watchRequest(
    site,
    options,
    request.method.toUpperCase(),
    path < 0 ? "/" : url.slice(path),
    url.startsWith("https:") ? "https" : "http",
    // A Request made in code may have no Host header: the URL's authority is the host then.
    (name) =>
      headers.get(name) ??
      (name === "host" && afterScheme >= 0 ? url.slice(afterScheme + 2, path < 0 ? undefined : path) : null),
  )
}

function answer(
  outcome: ServeOutcome,
  method: string,
  options: ResolvedHostOptions,
  notFound: StaticContent | undefined,
  watched: Watch | undefined,
): Response | undefined {
  const content = outcome.kind === "declined" ? notFound : outcome.content
  if (content === undefined) return undefined
  const observe = options.observe
  const streamed = isStreamBody(content.body)
  let response: Response
  let error: unknown
  // A stream's record waits for its end: its bytes are known then.
  const ended =
    watched !== undefined && streamed
      ? (bytes: number) => report(observe, options.onError, watched, outcome, response.status, bytes)
      : undefined
  const encoding = outcome.kind === "served" ? outcome.encoding : undefined
  try {
    // Only a stream body is written through the writing's hooks: other answers share one.
    response = toResponse(content, method, streamed ? { encoding, onError: options.onError, ended } : quietly)
  } catch (refused) {
    // A header the runtime refuses (built by hand, bypassing `header()`): a generic 500, like a throwing handler,
    // with the answer's CORS headers, so the browser still shows the page its status (as other errors carry them).
    options.onError(refused)
    error = refused
    const plain = errorContent(500)
    try {
      response = toResponse(withCorsHeadersOf(plain, content), method)
    } catch {
      response = toResponse(plain, method)
    }
  }
  if (watched !== undefined && (!streamed || response.body === null))
    report(observe, options.onError, watched, outcome, response.status, bodyBytes(content, method, response), error)
  return response
}

/** The body bytes handed to the runtime (none for HEAD, 204 and 304). */
function bodyBytes(content: StaticContent, method: string, response: Response): number {
  if (response.body === null || method === "HEAD") return 0
  const body = content.body
  if (body === undefined || isStreamBody(body) || isSocketBody(body)) return 0
  return typeof body === "string" ? utf8Length(body) : body.byteLength
}

/** The error content with the `Access-Control-*` and `Vary` headers of the content it replaces. */
function withCorsHeadersOf(error: StaticContent, replaced: StaticContent): StaticContent {
  const cors = replaced.headers.filter(([name]) => {
    const key = name.toLowerCase()
    return key.startsWith("access-control-") || key === "vary"
  })
  return cors.length === 0 ? error : { ...error, headers: [...error.headers, ...cors] }
}

/**
 * Serves a Fetch request with already-resolved options; `undefined` when
 * the sitelet does not accept it.
 *
 * @example
 * ```ts
 * await handleResolved(site, request, resolveHostOptions({ basePath: "/app" }))
 * ```
 */
export function handleResolved<Endpoint>(
  site: Sitelet<Endpoint>,
  request: Request,
  options: ResolvedHostOptions,
): Promise<Response | undefined> {
  try {
    const answer = respond(site, request, options)
    // Bun took an upgrade: nothing to return, as Bun asks.
    if (isPromise(answer)) return answer.then((response) => (response === upgradedByBun ? undefined : response))
    return Promise.resolve(answer === upgradedByBun ? undefined : answer)
  } catch (error) {
    return Promise.reject(error)
  }
}

/**
 * Serves a Fetch API request: a `Response`, or `undefined` when no part of
 * the sitelet accepts it. Malformed targets and limits give 4xx responses,
 * handler exceptions a generic 500.
 *
 * @example
 * ```ts
 * const response = (await handleFetch(site, request)) ?? new Response("Not Found", { status: 404 })
 * ```
 */
export function handleFetch<Endpoint>(
  site: Sitelet<Endpoint>,
  request: Request,
  options?: HostOptions,
): Promise<Response | undefined> {
  return handleResolved(site, request, resolveHostOptions(options))
}
