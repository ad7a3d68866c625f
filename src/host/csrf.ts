/**
 * The host's cross-site request check (RELIABILITY F6), on when the host
 * option `csrf` asks: a request with an unsafe method (anything but GET,
 * HEAD, OPTIONS) that a sitelet accepted is served only when it comes from
 * the site itself, by the rule the WebSocket origin check applies too
 * (same-origin.ts). A request that carries neither `Origin` nor
 * `Sec-Fetch-Site` is no current browser's (every one sends `Origin` on a
 * POST): it is served when it carries no ambient credential — no cookie
 * and no HTTP authentication a browser remembers (Basic, Digest,
 * Negotiate, NTLM) — since then there is nothing of a victim's to forge
 * (an API client with a bearer token, a generated client); with one, it is
 * refused unless the option allows it (`allowWithoutOrigin`). A
 * `CorsContent` part's allow-list admits the origins it lists;
 * `trustedOrigins` adds others (the site's public origin behind a
 * TLS-terminating proxy).
 */
import type { RouteRequest } from "../router/request/request.js"
import { corsAdmits } from "../sitelet/cors/cors-content.js"
import { HostError, hostMessages } from "./host-errors.js"
import { sameOrigin } from "./same-origin.js"

/**
 * The host option `csrf`.
 *
 * @example
 * ```ts
 * NodeHandler(site, { csrf: { trustedOrigins: ["https://example.com"] } })
 * ```
 */
export interface CsrfOptions {
  /** Origins besides the request's own that may send unsafe requests (`https://example.com`). */
  readonly trustedOrigins?: readonly string[]
  /**
   * Serve unsafe requests that carry neither `Origin` nor `Sec-Fetch-Site`
   * even with a cookie or a browser's HTTP authentication (non-browser
   * clients with a cookie jar). Default `false`: such a request is served
   * only when it carries neither.
   */
  readonly allowWithoutOrigin?: boolean
}

/** The check's settings once the host is built. */
export interface ResolvedCsrf {
  readonly trusted: ReadonlySet<string>
  readonly allowWithoutOrigin: boolean
}

const origin = /^https?:\/\/[a-z0-9.-]+(?::[0-9]{1,5})?$|^https?:\/\/\[[0-9a-f:.]+\](?::[0-9]{1,5})?$/

/**
 * The option with its origins checked (lower-cased; a path or a wildcard throws).
 *
 * @example
 * ```ts
 * resolveCsrf(true) //=> { trusted: Set {}, allowWithoutOrigin: false }
 * resolveCsrf(undefined) //=> undefined (off)
 * ```
 */
export function resolveCsrf(option: boolean | CsrfOptions | undefined): ResolvedCsrf | undefined {
  if (option === undefined || option === false) return undefined
  const given = option === true ? {} : option
  const trusted = new Set<string>()
  for (const entry of given.trustedOrigins ?? []) {
    const lower = entry.toLowerCase()
    if (!origin.test(lower)) throw new TypeError(hostMessages.badTrustedOrigin(entry))
    trusted.add(lower)
  }
  return Object.freeze({ trusted, allowWithoutOrigin: given.allowWithoutOrigin === true })
}

const safeMethods: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"])

// The HTTP authentication schemes a browser remembers and sends by itself, as it sends cookies.
const ambientSchemes: ReadonlySet<string> = new Set(["basic", "digest", "negotiate", "ntlm"])

/**
 * Whether a request carries a credential a browser attaches without a
 * page's script asking: a cookie, or a remembered HTTP authentication. A
 * bearer token or an API key in a header is set by the client itself.
 *
 * @example
 * ```ts
 * carriesAmbientCredential(new Headers({ authorization: "Bearer abc" })) //=> false
 * carriesAmbientCredential(new Headers({ cookie: "sid=1" }))             //=> true
 * ```
 */
export function carriesAmbientCredential(headers: RouteRequest["headers"]): boolean {
  if (headers.get("cookie") !== null) return true
  const authorization = headers.get("authorization")
  if (authorization === null) return false
  const scheme = authorization.trimStart()
  const space = scheme.indexOf(" ")
  return ambientSchemes.has((space < 0 ? scheme : scheme.slice(0, space)).toLowerCase())
}

/**
 * The origin a request was sent to: the scheme and authority of an
 * absolute target (Fetch hosts), else `http(s)://` and the `Host` header.
 *
 * @example
 * ```ts
 * requestOrigin("https://example.com/a?b", undefined, true) //=> "https://example.com"
 * requestOrigin("/a", "localhost:8080", false)              //=> "http://localhost:8080"
 * ```
 */
export function requestOrigin(target: string, host: string | null | undefined, secure: boolean): string | undefined {
  if (target.charCodeAt(0) !== 0x2f) {
    const start = target.indexOf("://")
    if (start > 0) {
      const end = target.indexOf("/", start + 3)
      const query = target.indexOf("?", start + 3)
      const cut = end < 0 ? query : query < 0 ? end : Math.min(end, query)
      return (cut < 0 ? target : target.slice(0, cut)).toLowerCase()
    }
  }
  if (host === null || host === undefined || host === "") return undefined
  return `${secure ? "https" : "http"}://${host.toLowerCase()}`
}

/**
 * The refusal of a cross-site unsafe request, or undefined when it may be served.
 *
 * @example
 * ```ts
 * const refused = csrfRefusal(request, () => "https://example.com", resolveCsrf(true)!)
 * if (refused) return rejected(refused) // 403
 * ```
 */
export function csrfRefusal(
  request: RouteRequest,
  ownOrigin: () => string | undefined,
  csrf: ResolvedCsrf,
): HostError | undefined {
  if (safeMethods.has(request.method)) return undefined
  const verdict = sameOrigin(request.headers, ownOrigin, (from) => csrf.trusted.has(from) || corsAdmits(request))
  if (verdict === "same") return undefined
  if (verdict === "unsigned" && (csrf.allowWithoutOrigin || !carriesAmbientCredential(request.headers)))
    return undefined
  return new HostError(403, "request.cross.site", hostMessages.crossSite(request.headers.get("origin")))
}
