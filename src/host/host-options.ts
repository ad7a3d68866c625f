/**
 * Options shared by every host (Fetch, node:http, Connect/Express).
 */
import { checkSessionOptions, type SessionOptions } from "../sitelet/user-session.js"
import { hostMessages } from "./host-errors.js"

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
  /** Longest request target (path and query) in characters (414 above). Default 8 KiB. */
  readonly urlLength: number
  /** Most query parameters (414 above). Default 1000. */
  readonly queryParameters: number
}

/**
 * Options of `site.Handle`, `Fetch.Handler`, `NodeHandler` and `Middleware`.
 *
 * @example
 * ```ts
 * Fetch.Handler(site, { basePath: "/app", session: { secret: process.env.SECRET }, onError: report })
 * ```
 */
export interface HostOptions {
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
  /** Called with every exception a handler throws (the client gets a generic 500). Default: `console.error`. */
  readonly onError?: (error: unknown) => void
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
  urlLength: 8 * 1024,
  queryParameters: 1000,
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
  readonly onError: (error: unknown) => void
}

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
export function resolveHostOptions(options: HostOptions | undefined): ResolvedHostOptions {
  let basePath = options?.basePath ?? ""
  // A loop, not /\/+$/, which backtracks quadratically (recheck).
  while (basePath.endsWith("/")) basePath = basePath.slice(0, -1)
  const baseSegments = basePath.split("/").filter((segment) => segment !== "")
  if (!basePathShape.test(basePath) || baseSegments.some((segment) => segment === "." || segment === "..")) {
    throw new TypeError(hostMessages.badBasePath(options?.basePath ?? ""))
  }
  // Short secrets and bad cookie names fail when the host is built, not on the first login.
  checkSessionOptions(options?.session)
  return Object.freeze({
    basePath,
    baseSegments: Object.freeze(baseSegments),
    session: options?.session,
    limits: Object.freeze({ ...defaultLimits, ...options?.limits }),
    onError: options?.onError ?? ((error: unknown) => console.error(error)),
  })
}
