/**
 * The host-agnostic core every host runs: checks limits, parses the target
 * once, finds the accepting part of the sitelet, builds the context, and
 * turns the handler's content into a plain response description.
 */
import { createRouteRequest, type RouteHeaders, type RouteRequest } from "../router/request.js"
import type { Sitelet } from "../sitelet/sitelet.js"
import type { Context } from "../sitelet/context.js"
import { contextRequest } from "../sitelet/context.js"
import { header, headerOf, staticContent, type ContentHeader, type StaticContent } from "../sitelet/content-model.js"
import { reasonPhrase, Status } from "../sitelet/http-status.js"
import { createUserSession } from "../sitelet/user-session.js"
import { withAcceptedCors } from "../sitelet/cors-content.js"
import { HostError, hostMessages, isHostError } from "./host-errors.js"
import { checkBody, unreadBodyError } from "./body-check.js"
import type { ResolvedHostOptions } from "./host-options.js"

/**
 * What a host hands to {@link serveRequest}.
 *
 * @example
 * ```ts
 * const init: ServeInit = { method: "GET", target: "/", headers: new Headers(), readBody: async () => new Uint8Array(), secure: false }
 * ```
 */
export interface ServeInit {
  readonly method: string
  /** The raw request target (origin-form or absolute-form). */
  readonly target: string
  readonly headers: RouteHeaders
  /** Reads the body with the size limit; called at most once. */
  readonly readBody: () => Promise<Uint8Array>
  /** The connection is https (adds `Secure` to session cookies). */
  readonly secure: boolean
  /** A mount prefix found by the host itself (Express `req.baseUrl`), before `basePath`. */
  readonly mountPath?: string
}

/**
 * The outcome of serving one request:
 * - `served`: write the handler's `content`;
 * - `rejected`: a malformed or oversized request: write the 4xx `content`, or `next(error)` under Connect;
 * - `declined`: no part accepts the request (fall through / 404);
 * - `failed`: a handler threw (500, or `next(err)` under Connect).
 *
 * @example
 * ```ts
 * const outcome = await serveRequest(site, init, options)
 * if (outcome.kind !== "declined") write(outcome.content)
 * ```
 */
export type ServeOutcome =
  | { readonly kind: "served"; readonly content: StaticContent }
  | { readonly kind: "rejected"; readonly error: HostError; readonly content: StaticContent }
  | { readonly kind: "declined" }
  | { readonly kind: "failed"; readonly error: unknown; readonly content: StaticContent }

const nosniff = header("X-Content-Type-Options", "nosniff")
const plainText = header("Content-Type", "text/plain; charset=utf-8")
const strictCsp = header("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'")

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
  return staticContent(Status.Custom(code), [plainText, nosniff, strictCsp], text)
}

function countParameters(query: string, limit: number): boolean {
  let count = 0
  for (let at = 0; at <= query.length; ) {
    let end = query.indexOf("&", at)
    if (end < 0) end = query.length
    if (end > at && ++count > limit) return false
    at = end + 1
  }
  return true
}

/** Length of the `scheme://authority` prefix of an absolute-form target (0 for origin-form). */
function authorityLength(target: string): number {
  if (target.startsWith("/")) return 0
  const scheme = target.indexOf("://")
  if (scheme < 0) return 0
  let end = scheme + 3
  while (end < target.length && target[end] !== "/" && target[end] !== "?" && target[end] !== "#") end++
  return end
}

/** Checks the limits that apply before parsing; returns the error or undefined. */
function checkTarget(target: string, options: ResolvedHostOptions): HostError | undefined {
  const { urlLength, queryParameters } = options.limits
  // The limit is on path and query: a Fetch host sees `scheme://host` in front, a Node host does not.
  if (target.length - authorityLength(target) > urlLength) return new HostError(414, "uri.too.long", hostMessages.urlTooLong(urlLength))
  const mark = target.indexOf("?")
  if (mark >= 0) {
    const hash = target.indexOf("#", mark)
    const query = target.slice(mark + 1, hash < 0 ? target.length : hash)
    if (!countParameters(query, queryParameters)) {
      return new HostError(414, "parameters.too.many", hostMessages.tooManyParameters(queryParameters))
    }
  }
  return undefined
}

const rejected = (error: HostError): ServeOutcome => ({ kind: "rejected", error, content: errorContent(error.status, error.message) })

/**
 * Serves one request with a sitelet. Never throws: limits and malformed
 * targets give `rejected` (4xx), handler exceptions give `failed` (500).
 *
 * @example
 * ```ts
 * const outcome = await serveRequest(site, { method: "GET", target: "/", headers, readBody, secure: false }, resolveHostOptions({}))
 * if (outcome.kind === "served") write(outcome.content)
 * ```
 */
export async function serveRequest<Endpoint>(
  site: Sitelet<Endpoint>,
  init: ServeInit,
  options: ResolvedHostOptions,
): Promise<ServeOutcome> {
  const tooLarge = checkTarget(init.target, options)
  if (tooLarge) return rejected(tooLarge)
  // Bodies are checked on the bytes read (charset, UTF-8, form field count); a read body cannot fall through.
  let bodyRead = false
  const readBody = () => {
    bodyRead = true
    return init.readBody().then((bytes) => checkBody(bytes, init.headers.get("content-type"), options.limits.queryParameters))
  }
  const request = createRouteRequest({ method: init.method, target: init.target, headers: init.headers, readBody, bodyLimits: options.bodyLimits })
  if (request.bad !== undefined) return rejected(new HostError(400, "request.target.malformed", hostMessages.badTarget(request.bad)))
  const base = options.baseSegments
  for (let i = 0; i < base.length; i++) if (request.segments[i] !== base[i]) return { kind: "declined" }
  let found
  try {
    found = (await site.dispatch(request, base.length, false)) ?? (site.lenient ? await site.dispatch(request, base.length, true) : undefined)
  } catch (error) {
    return thrown(error, request, options)
  }
  if (found === undefined) return bodyRead ? rejected(unreadBodyError(init.headers.get("content-type"))) : { kind: "declined" }
  const setCookies: ContentHeader[] = []
  const ctx = makeContext(site, request, init, options, setCookies)
  try {
    const content = await found.serve(ctx)
    // A CorsContent part's CORS headers reach every answer to the requests it accepted (a Protect redirect too).
    return { kind: "served", content: finish(withAcceptedCors(request, content), setCookies) }
  } catch (error) {
    return thrown(error, request, options)
  }
}

/**
 * The outcome of an exception while dispatching or serving: 4xx for a host
 * error, else a generic 500 (reported to `onError`). Either carries the CORS
 * headers and `Vary: Origin` of a CorsContent part that accepted the
 * request (RELIABILITY G3: errors included).
 */
function thrown(error: unknown, request: RouteRequest, options: ResolvedHostOptions): ServeOutcome {
  if (isHostError(error)) return { kind: "rejected", error, content: withAcceptedCors(request, errorContent(error.status, error.message)) }
  options.onError(error)
  return { kind: "failed", error, content: withAcceptedCors(request, errorContent(500, hostMessages.internalError)) }
}

/**
 * Drops trailing `/`s with a loop: `/\/+$/` backtracks quadratically on `////…x` (recheck).
 *
 * @example
 * ```ts
 * withoutTrailingSlashes("/app//") //=> "/app"
 * ```
 */
export function withoutTrailingSlashes(path: string): string {
  let end = path.length
  while (end > 0 && path.charCodeAt(end - 1) === 0x2f) end--
  return path.slice(0, end)
}

function makeContext<Endpoint>(
  site: Sitelet<Endpoint>,
  request: RouteRequest,
  init: ServeInit,
  options: ResolvedHostOptions,
  setCookies: ContentHeader[],
): Context<Endpoint> {
  const prefix = withoutTrailingSlashes(init.mountPath ?? "") + options.basePath
  const router = site.Router
  return Object.freeze({
    Link: (endpoint: Endpoint) => {
      const path = router.Link(endpoint)
      return prefix === "" ? path : path === "/" ? prefix : prefix + path
    },
    Request: contextRequest(request),
    UserSession: createUserSession({
      cookieHeader: request.headers.get("cookie"),
      setCookie: (value) => setCookies.push(header("Set-Cookie", value)),
      secure: init.secure,
      options: options.session,
    }),
    ApplicationPath: prefix,
  })
}

/** Adds the session cookies and `nosniff` to a handler's content. */
function finish(content: StaticContent, setCookies: readonly ContentHeader[]): StaticContent {
  const missingNosniff = headerOf(content, "x-content-type-options") === undefined
  if (setCookies.length === 0 && !missingNosniff) return content
  const headers = [...content.headers, ...setCookies]
  if (missingNosniff) headers.push(nosniff)
  return staticContent(content.status, headers, content.body)
}
