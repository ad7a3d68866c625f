import type { BodyLimits } from "./body-limits.js"
import { parseTarget } from "./target.js"

/**
 * Read-only header access, case-insensitive by name.
 *
 * @example
 * ```ts
 * const headers: RouteHeaders = new Headers({ "content-type": "application/json" })
 * ```
 */
export interface RouteHeaders {
  get(name: string): string | null
}

/**
 * A request as routers see it: parsed ONCE and shared by every router of a
 * composition (and by guards, CORS and handlers), so no two parts of the
 * library can read the same request differently.
 *
 * @example
 * ```ts
 * const request = createRouteRequest({ method: "GET", target: "/a%2Fb?q=1" })
 * request.segments //=> ["a/b"]
 * request.query.get("q") //=> ["1"]
 * ```
 */
export interface RouteRequest {
  /** The method, upper-case. */
  readonly method: string
  /** The raw path as received (no query, no fragment). */
  readonly path: string
  /** Path segments percent-decoded exactly once; empty segments dropped. */
  readonly segments: readonly string[]
  /** Decoded query values by decoded key (a Map: safe for any key). */
  readonly query: ReadonlyMap<string, readonly string[]>
  /** Request headers. */
  readonly headers: RouteHeaders
  /**
   * The body bytes, read at most once (cached). The host enforces its
   * limits and may throw; `limit` (bytes), given by the first caller, is the
   * case's own (`MaxBytes`) in place of the host's.
   */
  readonly body: (limit?: number) => Promise<Uint8Array>
  /** Why the target is malformed (bad %-escape, overlong UTF-8, lone surrogate, dot segment…): hosts answer 400. */
  readonly bad: string | undefined
  /** The raw target, where a host's view parsed on first read was made (a route table, compiled or walked, routes on it). */
  readonly target?: string
  /** JSON depth, bigint digits and multipart parts allowed when decoding the body (set by hosts); absent: the defaults. */
  readonly bodyLimits?: BodyLimits | undefined
}

/**
 * What a host hands to {@link createRouteRequest}.
 *
 * @example
 * ```ts
 * createRouteRequest({ method: req.method ?? "GET", target: req.url ?? "/", headers, readBody })
 * ```
 */
export interface RouteRequestInit {
  readonly method: string
  /** The raw request target: `"/path?query"` or absolute-form `"http://host/path?query"`. */
  readonly target: string
  readonly headers?: RouteHeaders
  /**
   * Reads the whole body; called at most once, only when a matching case
   * needs the body, with that case's limit in bytes when it declares one.
   */
  readonly readBody?: (limit?: number) => Promise<Uint8Array>
  /** Limits on decoding the body (a host's `limits` option); default `defaultBodyLimits`. */
  readonly bodyLimits?: BodyLimits
}

/**
 * Headers that hold nothing.
 *
 * @example
 * ```ts
 * noHeaders.get("content-type") //=> null
 * ```
 */
export const noHeaders: RouteHeaders = { get: () => null }
// Shared by every request without a body reader: an empty array has nothing to change.
const emptyBody: Promise<Uint8Array> = Promise.resolve(new Uint8Array(0))
/**
 * A body reader that reads no bytes (one shared settled promise).
 *
 * @example
 * ```ts
 * await noBody() //=> Uint8Array []
 * ```
 */
export const noBody = (): Promise<Uint8Array> => emptyBody

/**
 * A body reader that reads at most once (the first caller's limit applies).
 *
 * @example
 * ```ts
 * const body = once(() => read(req)) // body() twice: one read
 * ```
 */
export function once(read: (limit?: number) => Promise<Uint8Array>): (limit?: number) => Promise<Uint8Array> {
  let cached: Promise<Uint8Array> | undefined
  return (limit) => (cached ??= read(limit))
}

/**
 * Builds the shared request view from a raw target (used by the Node host).
 *
 * @example
 * ```ts
 * const req = createRouteRequest({ method: "get", target: "/article/1/a%20b?x=1" })
 * req.segments //=> ["article", "1", "a b"]
 * req.method   //=> "GET"
 * ```
 */
export function createRouteRequest(init: RouteRequestInit): RouteRequest {
  const target = parseTarget(init.target)
  // Not frozen: this runs once per request, and the fields are read-only to every reader by type.
  return {
    method: upperCase(init.method),
    path: target.path,
    segments: target.segments,
    query: target.query,
    headers: init.headers ?? noHeaders,
    body: init.readBody === undefined ? noBody : once(init.readBody),
    bad: target.bad,
    bodyLimits: init.bodyLimits,
  }
}

/**
 * The method upper-case, without a copy when it is plain ASCII with no lower-case letter (it nearly always is).
 *
 * @example
 * ```ts
 * upperCase("get") //=> "GET"
 * ```
 */
export function upperCase(method: string): string {
  for (let i = 0; i < method.length; i++) {
    const code = method.charCodeAt(i)
    if ((code >= 97 && code <= 122) || code >= 128) return method.toUpperCase()
  }
  return method
}

/**
 * Builds the shared request view from a Fetch API `Request`.
 *
 * @example
 * ```ts
 * routeRequestFromFetch(new Request("http://x/a/b?q=1")).segments //=> ["a", "b"]
 * ```
 */
export function routeRequestFromFetch(request: Request): RouteRequest {
  return createRouteRequest({
    method: request.method,
    target: request.url,
    headers: request.headers,
    readBody: async () => new Uint8Array(await request.arrayBuffer()),
  })
}

/**
 * A plain request description accepted by `Router.Parse`.
 *
 * @example
 * ```ts
 * await router.Parse({ method: "POST", url: "/posts/1", headers: { "content-type": "application/json" }, body: "{}" })
 * ```
 */
export interface PlainRequest {
  readonly method?: string
  /** A path with query (`/a?b=1`) or an absolute URL. */
  readonly url: string
  readonly headers?: HeadersInit | Readonly<Record<string, string>>
  readonly body?: BodyInit | string | Uint8Array
}

/**
 * Anything `Router.Parse` accepts.
 *
 * @example
 * ```ts
 * await router.Parse(new Request("https://example.com/article/1/x"))
 * ```
 */
export type ParseInput = Request | PlainRequest | RouteRequest

const isRouteRequest = (input: ParseInput): input is RouteRequest => "segments" in input && "bad" in input
// Duck-typed, so a Request from another realm or a polyfill is read the same way (and a plain object is
// told apart by one property read, without touching the `Request` global).
const isFetchRequest = (input: ParseInput): input is Request =>
  typeof (input as Partial<Request>).arrayBuffer === "function" &&
  typeof (input as Partial<Request>).headers?.get === "function"

/**
 * Turns any accepted request form into a {@link RouteRequest} (a
 * `RouteRequest` is returned as it is).
 *
 * @example
 * ```ts
 * toRouteRequest({ method: "POST", url: "/posts", body: "{}" }).method //=> "POST"
 * ```
 */
export function toRouteRequest(input: ParseInput): RouteRequest {
  if (isRouteRequest(input)) return input
  if (isFetchRequest(input)) return routeRequestFromFetch(input)
  const body = input.body
  // The common case, a URL and perhaps a method: no Headers object, no body reader.
  if ((body === undefined || body === null) && input.headers === undefined) {
    return createRouteRequest({ method: input.method ?? "GET", target: input.url })
  }
  const given = input.headers
  const headers =
    given !== undefined && typeof (given as Partial<Headers>).get === "function" && !isBodyWithType(body)
      ? (given as Headers)
      : new Headers(given as HeadersInit | undefined)
  // A FormData, URLSearchParams or Blob body brings its own Content-Type (multipart boundary included).
  const response = isBodyWithType(body) ? new Response(body as BodyInit) : undefined
  const implied = response?.headers.get("content-type")
  if (implied && !headers.has("content-type")) headers.set("content-type", implied)
  return createRouteRequest({
    method: input.method ?? "GET",
    target: input.url,
    headers,
    readBody:
      body === undefined || body === null
        ? undefined
        : async () => {
            if (response) return new Uint8Array(await response.arrayBuffer())
            if (typeof body === "string") return new TextEncoder().encode(body)
            return body instanceof Uint8Array ? body : new Uint8Array(0)
          },
  })
}

/** A body that is neither text nor bytes (`FormData`, `URLSearchParams`, `Blob`, a stream): it brings its own Content-Type. */
function isBodyWithType(body: PlainRequest["body"]): boolean {
  return body !== undefined && body !== null && typeof body !== "string" && !(body instanceof Uint8Array)
}
