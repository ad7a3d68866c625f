/**
 * The `Context` a host gives handlers. Built once per served request, so
 * the parts a handler may never touch (the request view, the user session
 * and its cookie parse) are made on first use.
 */
import type { RouteRequest } from "../router/request/request.js"
import { requestOrigin } from "./csrf.js"
import type { Linkable } from "../descriptor/request-only.js"
import { header, type ContentHeader } from "../sitelet/content-model.js"
import {
  contextRequest,
  type Context,
  type ContextRequest,
  type HostEnv,
  type UserSession,
} from "../sitelet/context.js"
import type { Sitelet } from "../sitelet/sitelet.js"
import { createUserSession } from "../sitelet/auth/user-session.js"
import type { ResolvedHostOptions } from "./host-options.js"
import { requestIdOf } from "./request-id.js"

/**
 * What the host knows of a request besides its target: the connection, the
 * mount prefix and the runtime's extras (a subset of `ServeInit`).
 *
 * @example
 * ```ts
 * const init: ContextInit = { secure: false, mountPath: "/app" }
 * ```
 */
export interface ContextInit {
  /** The connection is https (adds `Secure` to session cookies). */
  readonly secure: boolean
  /** The raw request target (absolute-form on Fetch hosts): `ctx.Origin` reads its origin when it has one. */
  readonly target?: string
  /** A mount prefix found by the host itself (Express `req.baseUrl`), before `basePath`. */
  readonly mountPath?: string
  /** The runtime's bindings for this request (Workers' `env`); the `env` option when absent. */
  readonly env?: HostEnv
  /** The runtime's way to keep work alive after the response (Workers' `ctx.waitUntil`). */
  readonly waitUntil?: (work: Promise<unknown>) => void
  /** The request id the host already chose (it does when `observe` is on); else made on first read of `ctx.RequestId`. */
  readonly requestId?: string
  /**
   * Registers `abort` to run when the client goes away before the answer
   * is written (called on the first read of `ctx.Signal`, so a handler that
   * never reads it costs no listener).
   */
  readonly onClientGone?: (abort: () => void) => void
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

/**
 * A handler's context for one request: links through the whole sitelet and
 * the mount prefix, the request, and a user session that collects the
 * `Set-Cookie` headers of the response (read with {@link HostContext.setCookiesOf}).
 *
 * @example
 * ```ts
 * const ctx = new HostContext(site, request, { secure: false }, resolveHostOptions({}))
 * ctx.Link({ $: "Home" }) //=> "/"
 * HostContext.setCookiesOf(ctx) //=> [] until the handler logs in or out
 * ```
 */
export class HostContext<Endpoint> implements Context<Endpoint> {
  readonly ApplicationPath: string
  readonly #router: Sitelet<Endpoint>["Router"]
  readonly #request: RouteRequest
  readonly #init: ContextInit
  readonly #options: ResolvedHostOptions
  #link: ((endpoint: Endpoint) => string) | undefined
  #view: ContextRequest | undefined
  #session: UserSession | undefined
  #setCookies: ContentHeader[] | undefined
  // One field for the rarely used parts (request id, signal): fewer fields to set on every context made.
  #rare: { requestId?: string; abort?: AbortController; watching?: boolean } | undefined

  constructor(site: Sitelet<Endpoint>, request: RouteRequest, init: ContextInit, options: ResolvedHostOptions) {
    const mountPath = init.mountPath
    this.ApplicationPath =
      mountPath === undefined || mountPath === ""
        ? options.basePath
        : withoutTrailingSlashes(mountPath) + options.basePath
    this.#router = site.Router
    this.#request = request
    this.#init = init
    this.#options = options
    // Private fields stay writable on a frozen object: the lazy parts below still fill in.
    Object.freeze(this)
  }

  /** A function, usable on its own (`const { Link } = ctx`), made on first use. */
  get Link(): (endpoint: Endpoint) => string {
    return (this.#link ??= (endpoint) => {
      // Typed values only: the compile-time refusal of header and cookie cases is the public `Link`'s.
      const path = this.#router.Link(endpoint as Linkable<Endpoint>)
      const prefix = this.ApplicationPath
      return prefix === "" ? path : path === "/" ? prefix : prefix + path
    })
  }

  get Request(): ContextRequest {
    return (this.#view ??= contextRequest(this.#request))
  }

  get UserSession(): UserSession {
    return (this.#session ??= createUserSession({
      cookieHeader: this.#request.headers.get("cookie"),
      setCookie: (value) => (this.#setCookies ??= []).push(header("Set-Cookie", value)),
      secure: this.#init.secure,
      options: this.#options.session,
      env: this.Env,
    }))
  }

  get Env(): HostEnv {
    return this.#init.env ?? this.#options.env
  }

  get Origin(): string | undefined {
    return requestOrigin(this.#init.target ?? this.#request.path, this.#request.headers.get("host"), this.#init.secure)
  }

  /** A function, usable on its own (`const { WaitUntil } = ctx`). */
  get WaitUntil(): (work: Promise<unknown>) => void {
    const keepAlive = this.#init.waitUntil
    const onError = this.#options.onError
    return (work) => {
      // Reported, never an unhandled rejection; the runtime's hook (Workers) keeps the isolate alive for it.
      const reported = Promise.resolve(work).then(undefined, (error: unknown) => onError(error))
      keepAlive?.(reported)
    }
  }

  get RequestId(): string {
    const rare = (this.#rare ??= {})
    return (rare.requestId ??= this.#init.requestId ?? requestIdOf(this.#request.headers))
  }

  get Signal(): AbortSignal {
    const rare = (this.#rare ??= {})
    const controller = (rare.abort ??= new AbortController())
    if (rare.watching !== true) {
      rare.watching = true
      this.#init.onClientGone?.(() => controller.abort(new DOMException(clientGone, "AbortError")))
    }
    return controller.signal
  }

  /** Aborts `ctx.Signal` (the deadline passed): made aborted if the handler has not read it yet. */
  static abort<Of>(ctx: HostContext<Of>, reason: unknown): void {
    const rare = (ctx.#rare ??= {})
    rare.abort ??= new AbortController()
    rare.abort.abort(reason)
  }

  /** The `Set-Cookie` headers the handler's session calls asked for (empty when it made none). */
  static setCookiesOf<Of>(ctx: HostContext<Of>): readonly ContentHeader[] {
    return ctx.#setCookies ?? noCookies
  }
}

const noCookies: readonly ContentHeader[] = Object.freeze([])
const clientGone = "The client closed the connection before the answer was written"
