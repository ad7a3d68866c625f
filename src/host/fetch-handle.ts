/**
 * `site.Handle(request)`: the Fetch API entry point. Builds the WHATWG
 * `Response` only here, from the plain content the core produced.
 */
import type { RouteHeaders } from "../router/request.js"
import { isValidHeader, type ContentHeader, type StaticContent } from "../sitelet/content-model.js"
import type { Sitelet } from "../sitelet/sitelet.js"
import type { ContextInit } from "./host-context.js"
import { readFetchBody } from "./fetch-body.js"
import { resolveHostOptions, type HostOptions, type ResolvedHostOptions } from "./host-options.js"
import { errorContent, serveRequest, type ServeOutcome } from "./serve.js"
import { isPromise, type MaybePromise } from "../internal/maybe-promise.js"

/**
 * A WHATWG `Response` from a plain content; `HEAD` gets no body.
 *
 * @example
 * ```ts
 * toResponse(Content.Text("hi"), "GET").status //=> 200
 * ```
 */
export function toResponse(content: StaticContent, method: string): Response {
  // 204 and 304 responses, and answers to HEAD, cannot carry a body.
  const bodyless = method === "HEAD" || content.status.code === 204 || content.status.code === 304
  const body = bodyless || content.body === undefined ? null : content.body
  return new Response(body as BodyInit | null, {
    status: content.status.code,
    statusText: content.status.text,
    headers: headersInit(content.headers),
  })
}

/**
 * The response headers as a plain record when no name repeats and each
 * passes `header()`'s checks (a record is what Node adapters such as
 * @hono/node-server write without building a `Headers`). Repeated names
 * (`Set-Cookie`) and headers built by hand that fail the checks go through
 * `Headers.append`, so the runtime refuses them here, as a 500.
 */
function headersInit(list: readonly ContentHeader[]): HeadersInit {
  // Most answers share a few frozen lists (Content.Json's, Content.Text's, with nosniff added once):
  // their record is built and checked once, not per response. The runtime copies it into each Response.
  const known = frozenInits.get(list)
  if (known !== undefined) return known
  const record: Record<string, string> = Object.create(null) as Record<string, string>
  for (let i = 0; i < list.length; i++) {
    const entry = list[i] as ContentHeader
    if (!isValidHeader(entry[0], entry[1]) || repeats(list, i)) return appended(list)
    record[entry[0]] = entry[1]
  }
  if (Object.isFrozen(list)) frozenInits.set(list, Object.freeze(record))
  return record
}

// Keyed by frozen header lists (which cannot change): entries go with their lists.
const frozenInits = new WeakMap<readonly ContentHeader[], Record<string, string>>()

/** Whether an earlier header has the name of `list[at]`, ignoring case (names of other lengths are not lower-cased). */
function repeats(list: readonly ContentHeader[], at: number): boolean {
  const name = (list[at] as ContentHeader)[0]
  for (let i = 0; i < at; i++) {
    const other = (list[i] as ContentHeader)[0]
    if (other.length === name.length && other.toLowerCase() === name.toLowerCase()) return true
  }
  return false
}

function appended(list: readonly ContentHeader[]): Headers {
  const headers = new Headers()
  for (const [name, value] of list) headers.append(name, value)
  return headers
}

/**
 * The request's headers, read only when something asks: a Node adapter
 * builds its `Headers` object on first access, and most requests need none.
 */
class LazyHeaders implements RouteHeaders {
  constructor(private readonly request: Request) {}

  get(name: string): string | null {
    return this.request.headers.get(name)
  }
}

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
): MaybePromise<Response | undefined> {
  const outcome = serveRequest(
    site,
    {
      method: request.method,
      target: request.url,
      headers: new LazyHeaders(request),
      readBody: () => readFetchBody(request, options.limits.bodyBytes),
      secure: request.url.startsWith("https:"),
      env: extras?.env,
      waitUntil: extras?.waitUntil,
    },
    options,
  )
  return isPromise(outcome)
    ? outcome.then((settled) => answer(settled, request, options))
    : answer(outcome, request, options)
}

function answer(outcome: ServeOutcome, request: Request, options: ResolvedHostOptions): Response | undefined {
  if (outcome.kind === "declined") return undefined
  try {
    return toResponse(outcome.content, request.method.toUpperCase())
  } catch (error) {
    // A header the runtime refuses (built by hand, bypassing `header()`): a generic 500, like a throwing handler,
    // with the answer's CORS headers, so the browser still shows the page its status (as other errors carry them).
    options.onError(error)
    const plain = errorContent(500)
    try {
      return toResponse(withCorsHeadersOf(plain, outcome.content), request.method.toUpperCase())
    } catch {
      return toResponse(plain, request.method.toUpperCase())
    }
  }
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
    return Promise.resolve(respond(site, request, options))
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
