/**
 * Options shared by every host (Fetch, node:http, Connect/Express).
 */
import type { HostEnv } from "../sitelet/context.js"
import { checkSessionOptions, type SessionOptions } from "../sitelet/auth/user-session.js"
import { defaultBodyLimits, type BodyLimits } from "../router/request/body-limits.js"
import { hostMessages } from "./host-errors.js"
import { type CsrfOptions, type ResolvedCsrf, resolveCsrf } from "./csrf.js"
import { type HostPlatform, webPlatform } from "./platform.js"
import type { RequestObserver } from "./request-record.js"
import type { Telemetry } from "../internal/telemetry.js"
import { type CompressOptions, type ResolvedCompress, resolveCompress } from "./compression.js"

/**
 * Size limits enforced before and while reading a request.
 *
 * @example
 * ```ts
 * NodeHandler(site, { limits: { bodyBytes: 64 * 1024 } })
 * ```
 */
export interface HostLimits {
  /** Largest request body in bytes, counted on the actual bytes (413 above). Default 1 MiB. */
  readonly bodyBytes: number
  /**
   * Largest `multipart/form-data` body in bytes (uploads; 413 above), counted
   * the same way; default `bodyBytes`. Raise it for uploads without raising
   * the limit of every JSON or urlencoded body.
   */
  readonly uploadBytes: number
  /** Longest request target (path and query) in characters (414 above). Default 8 KiB. */
  readonly urlLength: number
  /** Most query parameters (414 above), and most urlencoded form fields or multipart parts (413 above). Default 1000. */
  readonly queryParameters: number
  /** Deepest nesting of a JSON body's arrays and objects, counted from 1 at the top (400 above). Default 64. */
  readonly jsonDepth: number
  /** Most digits of a bigint in a JSON body (400 above). Default 1000. */
  readonly bigintDigits: number
}

/**
 * Options of `site.Handle`, `Fetch.Handler`, `NodeHandler` and `Middleware`.
 *
 * @example
 * ```ts
 * Fetch.Handler(site, { basePath: "/app", session: { secret: process.env.SECRET }, onError: report })
 * ```
 */
export interface HostOptions<Endpoint = unknown> {
  /**
   * The path the sitelet is mounted under (`"/app"`): requests outside it
   * are not accepted and every `ctx.Link` starts with it. Default `""`.
   * Under Express `app.use("/app", …)`, the mount path is added automatically.
   */
  readonly basePath?: string
  /** Signing secret and cookie settings of `ctx.UserSession`. */
  readonly session?: SessionOptions
  /** Request limits; each defaults as documented in `HostLimits`. */
  readonly limits?: Partial<HostLimits>
  /** Called with every exception a handler throws (the client gets a generic 500), and every rejection of `ctx.WaitUntil` work. Default: `console.error`. */
  readonly onError?: (error: unknown) => void
  /**
   * The handlers' `ctx.Env` where the runtime passes no bindings (node:http,
   * Express, `site.Handle`, a Fetch runtime calling `fetch(request)` alone):
   * a database pool, configuration. Workers' own `env` takes precedence.
   */
  readonly env?: HostEnv
  /**
   * Refuse cross-site requests with unsafe methods (403): `true`, or
   * options (`trustedOrigins`, `allowWithoutOrigin`). Default off. See
   * `CsrfOptions`.
   */
  readonly csrf?: boolean | CsrfOptions
  /**
   * Answer a request body that a case read but could not use with
   * `application/problem+json` (RFC 9457) saying why: the JSON path and
   * what was expected, or the form field. Default `true`; `false` gives the
   * plain-text 400/415.
   */
  readonly problemDetails?: boolean
  /**
   * Answer a request whose path some case matches, but with other methods
   * only, with `405 Method Not Allowed` and an `Allow` header listing the
   * methods the route table accepts there (`HEAD` where `GET` is, and
   * `OPTIONS`); a plain `OPTIONS` for such a path gets `204` with the same
   * `Allow`. Default off: such requests fall through (404, or Connect's
   * `next()`), as the specification's rule says.
   */
  readonly methodNotAllowed?: boolean
  /**
   * Give every GET/HEAD `200` answer with a body and no `ETag` of its own a
   * strong `ETag` computed from its bytes (SHA-1; `node:crypto` on the node
   * host, WebCrypto on Fetch runtimes), so a matching `If-None-Match` gets
   * `304 Not Modified`. Default off (hashing costs: see BENCHMARKS.md).
   * Validators a handler sets (`Content.WithETag`, `Content.WithLastModified`)
   * are honoured with or without this option.
   */
  readonly etag?: boolean
  /**
   * Called once per request, after its answer was handed to the runtime,
   * with a {@link RequestRecord}: method, target, the matched endpoint
   * value, status, bytes, duration, the error if any, and the request id
   * (`ctx.RequestId`). A hook that throws goes to `onError`. Default none
   * (no clock is read, no record made).
   */
  readonly observe?: RequestObserver<Endpoint>
  /**
   * Traces and metrics per request, named by route: `OpenTelemetry()` from
   * `sitelets/otel`. A scope starts when the request arrives (continuing an
   * incoming `traceparent`), the handler runs inside it, and it ends with
   * the status once the answer (a stream: its end) is handed to the
   * runtime. Default none (nothing measured or allocated).
   */
  readonly telemetry?: Telemetry
  /**
   * Milliseconds a handler may run: past it, `ctx.Signal` is aborted and
   * the client gets `503 Service Unavailable` while the server keeps
   * serving (whatever the handler later returns is dropped). Default none.
   */
  readonly deadline?: number
  /**
   * Compress answers the client accepts compressed (`Accept-Encoding`,
   * q-values): `br`, `zstd` (where the runtime has it) or `gzip`, with the
   * platform's codecs. Only bodies of a compressible type (mime-db) of at
   * least `threshold` bytes (default 1024); never 204, 304, HEAD or
   * `text/event-stream`. `true` or `{ threshold, encodings }`. Default off.
   */
  readonly compress?: boolean | CompressOptions
}

// `site.Handle` takes these options: merged into the sitelet layer's port, which cannot import this layer.
declare module "../sitelet/fetch-port.js" {
  interface HandleOptions extends HostOptions {}
}

/**
 * The default limits.
 *
 * @example
 * ```ts
 * defaultLimits.bodyBytes //=> 1048576
 * ```
 */
export const defaultLimits: HostLimits = Object.freeze({
  bodyBytes: 1024 * 1024,
  uploadBytes: 1024 * 1024,
  urlLength: 8 * 1024,
  queryParameters: 1000,
  jsonDepth: defaultBodyLimits.jsonDepth,
  bigintDigits: defaultBodyLimits.bigintDigits,
})

/**
 * Options with every default applied and the base path split into segments.
 *
 * @example
 * ```ts
 * resolveHostOptions({ basePath: "/a/b" }).baseSegments //=> ["a", "b"]
 * ```
 */
export interface ResolvedHostOptions {
  readonly basePath: string
  readonly baseSegments: readonly string[]
  readonly session: SessionOptions | undefined
  readonly limits: HostLimits
  /** The limits the router decodes bodies with, set on every request (`RouteRequest.bodyLimits`). */
  readonly bodyLimits: BodyLimits
  readonly onError: (error: unknown) => void
  readonly env: HostEnv
  /** The cross-site check, when on. */
  readonly csrf: ResolvedCsrf | undefined
  readonly problemDetails: boolean
  readonly methodNotAllowed: boolean
  readonly etag: boolean
  readonly observe: RequestObserver | undefined
  readonly telemetry: Telemetry | undefined
  readonly deadline: number | undefined
  readonly compress: ResolvedCompress | undefined
  /** The runtime's hash and codecs (its codings are read per request: Workers allow no stream at startup). */
  readonly platform: HostPlatform
}

const noEnv: HostEnv = Object.freeze({})

const basePathShape = /^(?:\/[A-Za-z0-9._~!$&'()*+,;=:@%-]+)*$/

/**
 * Applies defaults and checks the base path (`""` or `/seg/…`, no
 * trailing slash, no dot segments). Throws a `TypeError` for a bad one.
 *
 * @example
 * ```ts
 * resolveHostOptions({ basePath: "/app/" }).basePath //=> "/app"
 * ```
 */
export function resolveHostOptions<Endpoint>(
  options: HostOptions<Endpoint> | undefined,
  platform: HostPlatform = webPlatform,
): ResolvedHostOptions {
  let basePath = options?.basePath ?? ""
  // A loop, not /\/+$/, which backtracks quadratically (recheck).
  while (basePath.endsWith("/")) basePath = basePath.slice(0, -1)
  const baseSegments = basePath.split("/").filter((segment) => segment !== "")
  if (!basePathShape.test(basePath) || baseSegments.some((segment) => segment === "." || segment === "..")) {
    throw new TypeError(hostMessages.badBasePath(options?.basePath ?? ""))
  }
  // Short secrets and bad cookie names fail when the host is built, not on the first login.
  checkSessionOptions(options?.session)
  const limits = resolveLimits(options?.limits)
  return Object.freeze({
    basePath,
    baseSegments: Object.freeze(baseSegments),
    session: options?.session,
    limits,
    bodyLimits: Object.freeze({
      jsonDepth: limits.jsonDepth,
      bigintDigits: limits.bigintDigits,
      formFields: limits.queryParameters,
    }),
    onError: options?.onError ?? ((error: unknown) => console.error(error)),
    env: options?.env ?? noEnv,
    csrf: resolveCsrf(options?.csrf),
    problemDetails: options?.problemDetails !== false,
    methodNotAllowed: options?.methodNotAllowed === true,
    etag: options?.etag === true,
    observe: options?.observe as RequestObserver | undefined,
    telemetry: options?.telemetry,
    deadline: resolveDeadline(options?.deadline),
    compress: resolveCompress(options?.compress),
    platform,
  })
}

// The smallest value of each limit: 0 body bytes or parameters is a policy, a JSON depth of 0 is not (the codec needs 1).
const limitMinimums: ReadonlyMap<keyof HostLimits, number> = new Map([
  ["bodyBytes", 0],
  ["uploadBytes", 0],
  ["urlLength", 0],
  ["queryParameters", 0],
  ["jsonDepth", 1],
  ["bigintDigits", 1],
])

/**
 * The limits with defaults applied. A limit that is not a safe integer at
 * or above its minimum (0; 1 for `jsonDepth` and `bigintDigits`) throws a
 * `TypeError` when the host is built (an `undefined` one takes the
 * default): never a failure per request or a silently disabled check.
 *
 * @example
 * ```ts
 * resolveLimits({ jsonDepth: 16 }).jsonDepth //=> 16
 * ```
 */
export function resolveLimits(limits: Partial<HostLimits> | undefined): HostLimits {
  // Uploads default to the body limit given, not to the default one.
  const out: Record<keyof HostLimits, number> = {
    ...defaultLimits,
    uploadBytes:
      limits?.uploadBytes === undefined ? (limits?.bodyBytes ?? defaultLimits.uploadBytes) : defaultLimits.uploadBytes,
  }
  for (const [name, minimum] of limitMinimums) {
    const value = limits?.[name]
    if (value === undefined) continue
    if (!Number.isSafeInteger(value) || value < minimum)
      throw new TypeError(hostMessages.badLimit(name, value, minimum))
    out[name] = value
  }
  return Object.freeze(out)
}

// setTimeout's largest delay; a longer one would fire at once.
const longestTimer = 2 ** 31 - 1

/**
 * The `deadline` option checked: a positive safe integer of milliseconds
 * (at most about 24.8 days, the longest timer), else a `TypeError` when
 * the host is built.
 *
 * @example
 * ```ts
 * resolveDeadline(5000) //=> 5000
 * ```
 */
export function resolveDeadline(deadline: number | undefined): number | undefined {
  if (deadline === undefined) return undefined
  if (!Number.isSafeInteger(deadline) || deadline < 1 || deadline > longestTimer)
    throw new TypeError(hostMessages.badDeadline(deadline))
  return deadline
}

/**
 * The body limit of a request: `uploadBytes` for a `multipart/form-data`
 * body, else `bodyBytes`.
 *
 * @example
 * ```ts
 * bodyLimitFor(resolveLimits({ uploadBytes: 50_000_000 }), "multipart/form-data; boundary=x") //=> 50000000
 * ```
 */
export function bodyLimitFor(limits: HostLimits, contentType: string | null): number {
  return contentType !== null && /^\s*multipart\/form-data\s*(?:;|$)/i.test(contentType)
    ? limits.uploadBytes
    : limits.bodyBytes
}
