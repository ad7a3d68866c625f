/**
 * CORS declarations: `Cors.Of(endpoint)` marks an endpoint as served with
 * CORS, and `CorsAllows` says which origins, methods and headers may use it.
 * Allows are checked once, when the sitelet is built: `*` together with
 * credentials, a malformed origin or a non-token method is an error then.
 */
import { corsMessages } from "./cors-messages.js"
import { isHttpToken } from "../../internal/http-token.js"

/** What a CORS endpoint allows. Lists are exact; `"*"` is a wildcard where noted. */
export interface CorsAllows {
  /** Allowed origins (`scheme://host[:port]`), or `"*"` (only without credentials). */
  readonly Origins: readonly string[]
  /** Allowed methods, sent as `Access-Control-Allow-Methods`. */
  readonly Methods: readonly string[]
  /** Allowed request headers, sent as `Access-Control-Allow-Headers`. */
  readonly Headers: readonly string[]
  /** Response headers the browser may expose, sent as `Access-Control-Expose-Headers`. */
  readonly ExposeHeaders: readonly string[]
  /** Seconds a preflight may be cached (`Access-Control-Max-Age`); omitted when undefined. */
  readonly MaxAge: number | undefined
  /** Send `Access-Control-Allow-Credentials: true` (cookies). */
  readonly Credentials: boolean
}

/** An endpoint served with CORS, with the allows its router derived. */
export interface Cors<Endpoint> {
  readonly EndPoint: Endpoint
  /** Methods filled in from what the router accepts; nothing else allowed. */
  readonly DefaultAllows: CorsAllows
}

/**
 * The methods a CORS endpoint allows by default when the router accepts every method.
 *
 * @example
 * ```ts
 * Cors.Of(e).DefaultAllows.Methods === standardCorsMethods // same contents
 * ```
 */
export const standardCorsMethods: readonly string[] = Object.freeze(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"])

/**
 * The CORS wrapper of an endpoint: `Cors.Of(e)`. `methods` are the methods
 * the router knows for it (default: the standard ones).
 *
 * @example
 * ```ts
 * Sitelet.CorsContent("/api/data", Cors.Of({ $: "Data" }), (allows) => ({ ...allows, Origins: ["https://app.example"] }), () => Content.Json({ ok: true }))
 * ```
 */
function Of<Endpoint>(endpoint: Endpoint, methods: readonly string[] = standardCorsMethods): Cors<Endpoint> {
  return Object.freeze({
    EndPoint: endpoint,
    DefaultAllows: Object.freeze({
      Origins: Object.freeze([]),
      Methods: Object.freeze([...methods]),
      Headers: Object.freeze([]),
      ExposeHeaders: Object.freeze([]),
      MaxAge: undefined,
      Credentials: false,
    }),
  })
}

/**
 * The `Cors` namespace: `Cors.Of(endpoint)`.
 *
 * @example
 * ```ts
 * const cors = Cors.Of({ $: "Api" })
 * cors.DefaultAllows.Methods //=> ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]
 * ```
 */
export const Cors = Object.freeze({ Of })

/** An origin in the form browsers send it: lower-case scheme and host, default port dropped. */
function canonicalOrigin(origin: string): string | undefined {
  if (origin === "*") return origin
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return undefined
  }
  if (url.origin === "null" || url.pathname !== "/" || url.search !== "" || url.hash !== "" || url.username !== "")
    return undefined
  return url.origin
}

/** Allows after checking, with origins in canonical form and methods upper-case. */
export interface CheckedAllows extends CorsAllows {
  readonly anyOrigin: boolean
  readonly originSet: ReadonlySet<string>
}

/**
 * Checks allows when a sitelet is built: throws for `*` with credentials, a
 * malformed origin, a non-token method or header, or a bad `MaxAge`.
 *
 * @example
 * ```ts
 * checkAllows({ ...Cors.Of(0).DefaultAllows, Origins: ["*"], Credentials: true }) // throws
 * ```
 */
export function checkAllows(allows: CorsAllows): CheckedAllows {
  const origins = allows.Origins.map((origin) => {
    const canonical = canonicalOrigin(origin)
    if (canonical === undefined) throw new TypeError(corsMessages.badOrigin(origin))
    return canonical
  })
  const anyOrigin = origins.includes("*")
  if (anyOrigin && allows.Credentials) throw new TypeError(corsMessages.wildcardWithCredentials())
  for (const method of allows.Methods)
    if (!isHttpToken(method)) throw new TypeError(corsMessages.badToken("method", method))
  for (const name of [...allows.Headers, ...allows.ExposeHeaders]) {
    if (name !== "*" && !isHttpToken(name)) throw new TypeError(corsMessages.badToken("header", name))
  }
  const maxAge = allows.MaxAge
  if (maxAge !== undefined && !(Number.isInteger(maxAge) && maxAge >= 0))
    throw new TypeError(corsMessages.badMaxAge(maxAge))
  return Object.freeze({
    ...allows,
    Methods: Object.freeze(allows.Methods.map((m) => m.toUpperCase())),
    anyOrigin,
    originSet: new Set(origins.filter((o) => o !== "*")),
  })
}
