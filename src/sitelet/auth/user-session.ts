/**
 * `ctx.UserSession`: stateless logins carried by a signed cookie
 * (HMAC-SHA256 through WebCrypto). Any number of server processes sharing the
 * secret share the sessions. A tampered, truncated, expired or foreign cookie
 * reads as "not logged in", never as an error.
 */
import { utf8Encode } from "../../internal/crypto-encoding.js"
import { isWellFormed } from "../../internal/well-formed.js"
import { checkSecrets, keyringFor, type Secret } from "../../internal/crypto-keys.js"
import { maxCookieAgeSeconds, parseCookieHeader, serializeCookie } from "./cookie.js"
import type { HostEnv, TokenOptions, UserSession } from "../context.js"
import { sessionMessages } from "./session-messages.js"
import { maxTokenLength, maxUserNameBytes, readSessionToken, signSessionToken } from "./session-token.js"

/** Session settings, given once to the host (`session` option). */
export interface SessionOptions {
  /**
   * Signing secret(s), each at least 32 bytes; the first signs, all verify.
   * Or a function reading them from the request's `ctx.Env` (a Workers
   * binding: `secret: (env) => env.SESSION_SECRET`), called when a session
   * needs a key. Default: `SITELETS_SECRET`, read on first need; without
   * it, a session is an error naming how to set one, except while
   * developing (`development`), when a random per-process key is used.
   */
  readonly secret?: SessionSecret
  /**
   * Cookie name. Default `"__Host-sitelets_session"` when the cookie is
   * `Secure` (a `__Host-` cookie cannot be set by a sibling subdomain or for
   * another path), `"sitelets_session"` otherwise.
   */
  readonly cookieName?: string
  /** Login lifetime when `LoginUser` gets no `maxAgeSeconds`. Default 14 days. */
  readonly defaultMaxAgeSeconds?: number
  /** Tolerated clock difference between servers when checking expiry. Default 60 s. */
  readonly clockSkewSeconds?: number
  /**
   * Force the `Secure` flag on (`true`) or off (`false`). Default: on exactly
   * when the connection is https. Behind a TLS-terminating proxy, set `true`:
   * proxy headers such as `X-Forwarded-Proto` are never trusted.
   */
  readonly secure?: boolean
  /**
   * Without a secret, sign with a random per-process key instead of failing
   * (`true`; logins then end with the process and reach no other), or fail
   * always (`false`). Default: random key only when `NODE_ENV` is
   * `development` or `test`.
   */
  readonly development?: boolean
  /** Clock in milliseconds, for tests. Default `Date.now`. */
  readonly now?: () => number
}

/**
 * Where the signing secrets come from: the secrets themselves, or a function
 * of the runtime's bindings that returns them.
 *
 * @example
 * ```ts
 * const fromBinding: SessionSecret = (env) => env.SESSION_SECRET
 * ```
 */
export type SessionSecret = Secret | readonly Secret[] | ((env: HostEnv) => Secret | readonly Secret[] | undefined)

/** What a host gives `createUserSession` for one request. */
export interface UserSessionInit {
  /** The request's `Cookie` header. */
  readonly cookieHeader: string | null | undefined
  /** Called with each `Set-Cookie` value the response must carry. */
  readonly setCookie: (header: string) => void
  /** The request came over https: adds `Secure`. */
  readonly secure: boolean
  readonly options?: SessionOptions | undefined
  /** The request's bindings (`ctx.Env`), for a `secret` given as a function. */
  readonly env?: HostEnv | undefined
}

/**
 * Default session cookie name over http.
 *
 * @example
 * ```ts
 * parseCookieHeader(request.headers.get("cookie")).get(defaultSessionCookieName)
 * ```
 */
export const defaultSessionCookieName = "sitelets_session"
/**
 * Default session cookie name when the cookie is `Secure`.
 *
 * @example
 * ```ts
 * secureSessionCookieName //=> "__Host-sitelets_session"
 * ```
 */
export const secureSessionCookieName = "__Host-sitelets_session"
/**
 * Default login lifetime: 14 days.
 *
 * @example
 * ```ts
 * defaultSessionMaxAgeSeconds //=> 1209600
 * ```
 */
export const defaultSessionMaxAgeSeconds = 14 * 24 * 60 * 60

function checkName(name: unknown, where: string): asserts name is string {
  if (typeof name !== "string" || name.length === 0) throw new TypeError(sessionMessages.userNameEmpty(where))
  if (!isWellFormed(name)) throw new TypeError(sessionMessages.userNameSurrogate(where))
  if (utf8Encode(name).length > maxUserNameBytes) {
    throw new TypeError(sessionMessages.userNameTooLong(maxUserNameBytes, where))
  }
}

function lifetime(options: TokenOptions | undefined, fallback: number, where: string): number {
  const requested = options?.maxAgeSeconds
  if (requested === undefined) return Math.min(fallback, maxCookieAgeSeconds)
  if (typeof requested !== "number" || !Number.isFinite(requested) || requested <= 0 || !Number.isInteger(requested)) {
    throw new RangeError(sessionMessages.badMaxAge(requested, where))
  }
  return Math.min(requested, maxCookieAgeSeconds)
}

const noEnv: HostEnv = Object.freeze({})

/**
 * Validates session options when a host is built (secret lengths, cookie
 * name), so mistakes fail at startup rather than on the first login.
 *
 * @example
 * ```ts
 * checkSessionOptions({ secret: process.env.SECRET }) // throws if shorter than 32 bytes
 * ```
 */
export function checkSessionOptions(options: SessionOptions | undefined): void {
  const secret = options?.secret
  // A function of the bindings is called, and its secrets checked, when a session needs a key.
  if (typeof secret !== "function") checkSecrets(secret)
  serializeCookie(options?.cookieName ?? defaultSessionCookieName, "x", { secure: true })
}

/**
 * Makes the `UserSession` of one request. The host passes the `Cookie`
 * header, a callback that adds `Set-Cookie` headers to the response, and
 * whether the request is https.
 *
 * @example
 * ```ts
 * const setCookies: string[] = []
 * const session = createUserSession({
 *   cookieHeader: request.headers.get("cookie"),
 *   setCookie: (header) => setCookies.push(header),
 *   secure: new URL(request.url).protocol === "https:",
 * })
 * await session.GetLoggedInUser() //=> "alice" | undefined
 * ```
 */
export function createUserSession(init: UserSessionInit): UserSession {
  const options = init.options ?? {}

  const now = options.now ?? Date.now
  const skew = options.clockSkewSeconds ?? 60
  const fallbackAge = options.defaultMaxAgeSeconds ?? defaultSessionMaxAgeSeconds
  const base = { path: "/", httpOnly: true, sameSite: "Lax", secure: options.secure ?? init.secure } as const
  const cookieName = options.cookieName ?? (base.secure ? secureSessionCookieName : defaultSessionCookieName)
  // After LoginUser/Logout in this request, the new state is the answer.
  let current: { readonly user: string | undefined } | undefined
  let read: Promise<string | undefined> | undefined

  const keyring = () => {
    const secret = options.secret
    if (typeof secret !== "function") return keyringFor(secret, options.development)
    const given = secret(init.env ?? noEnv)
    return given === undefined
      ? Promise.reject(new TypeError(sessionMessages.secretFunctionGaveNothing()))
      : keyringFor(given)
  }

  const readCookie = async (): Promise<string | undefined> => {
    // As sent: no percent-decoding or unquoting before the MAC check (a non-canonical spelling is not the token).
    const token = parseCookieHeader(init.cookieHeader, true).get(cookieName)
    if (token === undefined) return undefined
    const ring = await keyring()
    return readSessionToken(ring, token, now() / 1000, skew)
  }

  return {
    async LoginUser(name, loginOptions) {
      checkName(name, "UserSession.LoginUser")
      const age = lifetime(loginOptions, fallbackAge, "UserSession.LoginUser")
      const ring = await keyring()
      const token = await signSessionToken(ring, name, Math.floor(now() / 1000) + age)
      const persistent = loginOptions?.persistent === true
      init.setCookie(serializeCookie(cookieName, token, persistent ? { ...base, maxAgeSeconds: age } : base))
      current = { user: name }
    },
    Logout() {
      init.setCookie(serializeCookie(cookieName, "", { ...base, maxAgeSeconds: 0 }))
      current = { user: undefined }
      return Promise.resolve()
    },
    GetLoggedInUser() {
      if (current) return Promise.resolve(current.user)
      read ??= readCookie()
      return read
    },
    async IssueToken(name, tokenOptions) {
      checkName(name, "UserSession.IssueToken")
      const age = lifetime(tokenOptions, fallbackAge, "UserSession.IssueToken")
      return signSessionToken(await keyring(), name, Math.floor(now() / 1000) + age, "b1")
    },
    async VerifyToken(token) {
      if (typeof token !== "string" || token.length > maxTokenLength) return undefined
      return readSessionToken(await keyring(), token, now() / 1000, skew, "b1")
    },
  }
}
