/**
 * `Context<E>`: what a handler gets besides its endpoint — typed links
 * through the whole served sitelet, the request, and the user session (its
 * interface here; the signed-cookie implementation is the session's own,
 * `user-session.ts`).
 */
import type { Linkable } from "../descriptor/request-only.js"
import type { RouteHeaders, RouteRequest } from "../router/request/request.js"
import { parseCookieHeader } from "../router/request/cookie-header.js"

/**
 * The request as handlers see it: the one parse the router used, plus
 * cookies and body helpers.
 *
 * @example
 * ```ts
 * const q = ctx.Request.query.get("q")?.[0] ?? ""
 * const theme = ctx.Request.cookies.get("theme")
 * const text = await ctx.Request.text()
 * ```
 */
export interface ContextRequest {
  /** The method, upper-case. */
  readonly method: string
  /** The raw path as received (no query), including any base path. */
  readonly path: string
  /** Path segments, percent-decoded once, empty ones dropped. */
  readonly segments: readonly string[]
  /** Decoded query values by key. */
  readonly query: ReadonlyMap<string, readonly string[]>
  /** Request headers (case-insensitive `get`). */
  readonly headers: RouteHeaders
  /** Request cookies by name (parsed on first use). */
  readonly cookies: ReadonlyMap<string, string>
  /** The body bytes (read once, size-limited by the host). */
  body(): Promise<Uint8Array>
  /** The body as UTF-8 text. */
  text(): Promise<string>
}

/** Options of `UserSession.LoginUser`. */
export interface LoginOptions {
  /** Keep the cookie after the browser closes (sets `Max-Age`). Default `false`. */
  readonly persistent?: boolean
  /** Lifetime of the login in seconds (server-side expiry, and `Max-Age` when persistent). Capped at 400 days. */
  readonly maxAgeSeconds?: number
}

/**
 * The logged-in user of a request, as `ctx.UserSession`.
 *
 * @example
 * ```ts
 * Sitelet.Content("/login", { $: "Login" }, async (ctx) => {
 *   await ctx.UserSession.LoginUser("alice", { persistent: true })
 *   return Content.RedirectTemporaryToUrl("/")
 * })
 * ```
 */
export interface UserSession {
  /** Logs `name` in: signs a token and sets the session cookie on the response. */
  LoginUser(name: string, options?: LoginOptions): Promise<void>
  /** Logs out: clears the session cookie. */
  Logout(): Promise<void>
  /**
   * The user name of a valid, unexpired session cookie, else `undefined`.
   * Behind `Sitelet.Protect`, the user its credentials admitted (a bearer
   * token, an API key, a JWT), however it came.
   */
  GetLoggedInUser(): Promise<string | undefined>
  /**
   * A bearer token for `name` (`Authorization: Bearer <token>`), signed
   * with the session's keys and valid for `maxAgeSeconds` (default: the
   * session's login lifetime). `Sitelet.Protect` with `Auth.Bearer()` admits
   * it; it is no session cookie, and a session cookie is no bearer token.
   */
  IssueToken(name: string, options?: TokenOptions): Promise<string>
  /** The user name of a bearer token `IssueToken` made, still valid, else `undefined`. Never throws. */
  VerifyToken(token: string): Promise<string | undefined>
}

/** Options of `UserSession.IssueToken`. */
export interface TokenOptions {
  /** Lifetime in seconds. Default: the session's `defaultMaxAgeSeconds` (14 days). Capped at 400 days. */
  readonly maxAgeSeconds?: number
}

/**
 * The bindings a runtime hands the host with each request, as `ctx.Env`:
 * Workers' `env` (the second argument of `fetch(request, env, ctx)`), or
 * the host option `env` (node:http, Express, or any Fetch runtime that
 * passes none). Empty until an application declares its own, once, by
 * module augmentation; then every handler's `ctx.Env` has that type:
 *
 * @example
 * ```ts
 * declare module "sitelets" {
 *   interface HostEnv {
 *     readonly SESSION_SECRET: string
 *     readonly DB: D1Database
 *   }
 * }
 * // in a handler:
 * const rows = await ctx.Env.DB.prepare("select 1").all()
 * ```
 */
// biome-ignore lint/suspicious/noEmptyInterface: empty on purpose, filled by the application's module augmentation.
export interface HostEnv {}

/**
 * The context of a handler for endpoints of type `Endpoint`.
 *
 * @example
 * ```ts
 * Sitelet.Infer(Site, (ctx, e) =>
 *   Content.Page({ Body: Html.a({ href: ctx.Link({ $: "Home" }) }, "home") }))
 * ```
 */
export interface Context<Endpoint> {
  /** The URL of an endpoint, through the whole served sitelet and the host's base path. */
  readonly Link: (endpoint: Linkable<Endpoint>) => string
  /** The request. */
  readonly Request: ContextRequest
  /** Login state carried by a signed cookie. */
  readonly UserSession: UserSession
  /** The base path the sitelet is mounted under (`""` at the root, else `/app`). */
  readonly ApplicationPath: string
  /**
   * The runtime's bindings for this request (Workers' `env`), else the host
   * option `env`, else an empty object. Typed by augmenting {@link HostEnv}.
   */
  readonly Env: HostEnv
  /**
   * Keeps `work` running after the response is sent: Workers'
   * `ctx.waitUntil`. Where the runtime has none (Node, Bun, Deno) the
   * promise simply runs on. Either way a rejection goes to the host's
   * `onError`, never to an unhandled rejection.
   */
  readonly WaitUntil: (work: Promise<unknown>) => void
  /**
   * The origin the request was sent to (`https://example.com`): the
   * scheme the host received it with and its `Host` (or a Fetch request
   * URL's origin); undefined without a `Host`. It comes from the request:
   * behind a TLS-terminating proxy it says `http`, and a client chooses its
   * `Host` — use it for links a client follows back, never for a check.
   */
  readonly Origin: string | undefined
  /**
   * This request's id: the client's `X-Request-Id` when it is a sensible
   * token (1–128 of `A-Z a-z 0-9 . _ : / + = @ -`), else a random UUID made on
   * first read. The host option `observe` reports the same id.
   */
  readonly RequestId: string
  /**
   * Aborted when the client goes away before the answer is written, or
   * when the host option `deadline` passes: hand it to `fetch`, database
   * drivers or loops so abandoned work stops.
   */
  readonly Signal: AbortSignal
}

/**
 * The request view of a context, over the shared `RouteRequest`.
 *
 * @example
 * ```ts
 * contextRequest(createRouteRequest({ method: "GET", target: "/" })).cookies.size //=> 0
 * ```
 */
export function contextRequest(request: RouteRequest): ContextRequest {
  return new RequestView(request)
}

// A class rather than an object literal with a getter: one shared prototype
// getter keeps the per-request cost to one small allocation (an object
// literal with an accessor, frozen, cost ~0.8 µs per request on the node host).
class RequestView implements ContextRequest {
  readonly method: string
  readonly path: string
  readonly segments: readonly string[]
  readonly query: ReadonlyMap<string, readonly string[]>
  readonly headers: RouteHeaders
  readonly #request: RouteRequest
  #cookies: ReadonlyMap<string, string> | undefined

  constructor(request: RouteRequest) {
    this.method = request.method
    this.path = request.path
    this.segments = request.segments
    this.query = request.query
    this.headers = request.headers
    this.#request = request
  }

  get cookies(): ReadonlyMap<string, string> {
    return (this.#cookies ??= parseCookieHeader(this.#request.headers.get("cookie")))
  }

  body(): Promise<Uint8Array> {
    return this.#request.body()
  }

  async text(): Promise<string> {
    return new TextDecoder().decode(await this.#request.body())
  }
}

/**
 * The same context with links translated first (for `Map`, `Embed`,
 * `InferPartial`): the inner endpoint becomes the outer one.
 *
 * @example
 * ```ts
 * const inner = mapContext(outer, (e: Inner): Outer => ({ $: "Admin", page: e }))
 * ```
 */
export function mapContext<Outer, Inner>(ctx: Context<Outer>, toOuter: (endpoint: Inner) => Outer): Context<Inner> {
  return new DerivedContext<Outer, Inner>(ctx, (endpoint) => ctx.Link(toOuter(endpoint) as Linkable<Outer>), undefined)
}

/**
 * The same context with another `UserSession` (for `Protect`: the user its
 * credentials admitted, however it came).
 *
 * @example
 * ```ts
 * const admitted = withSession(ctx, { ...ctx.UserSession, GetLoggedInUser: () => Promise.resolve("alice") })
 * ```
 */
export function withSession<Endpoint>(ctx: Context<Endpoint>, session: UserSession): Context<Endpoint> {
  return new DerivedContext<Endpoint, Endpoint>(ctx, ctx.Link as (endpoint: Endpoint) => string, session)
}

// Reads through to the outer context on use, so its lazily made parts (the user session, the request view) stay lazy.
class DerivedContext<Outer, Inner> implements Context<Inner> {
  readonly #outer: Context<Outer>
  readonly #session: UserSession | undefined
  // A bound function, like the host's: `const { Link } = ctx` keeps working.
  readonly Link: (endpoint: Inner) => string
  constructor(outer: Context<Outer>, link: (endpoint: Inner) => string, session: UserSession | undefined) {
    this.#outer = outer
    this.#session = session
    this.Link = link
  }
  get Request(): Context<Inner>["Request"] {
    return this.#outer.Request
  }
  get UserSession(): Context<Inner>["UserSession"] {
    return this.#session ?? this.#outer.UserSession
  }
  get ApplicationPath(): string {
    return this.#outer.ApplicationPath
  }
  get Env(): HostEnv {
    return this.#outer.Env
  }
  get WaitUntil(): Context<Inner>["WaitUntil"] {
    return this.#outer.WaitUntil
  }
  get RequestId(): string {
    return this.#outer.RequestId
  }
  get Origin(): string | undefined {
    return this.#outer.Origin
  }
  get Signal(): AbortSignal {
    return this.#outer.Signal
  }
}
