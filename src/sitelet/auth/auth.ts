/**
 * The credentials `Sitelet.Protect` accepts, as plain data built by the
 * `Auth` namespace: the session cookie (pages), bearer tokens the
 * application issues (`ctx.UserSession.IssueToken`), API keys in a header
 * checked by a function of the application, and JWTs from an identity
 * provider verified against its JWKS (with `jose`). Each describes itself
 * to the OpenAPI document (`schemeOf`).
 */
import type { JWTPayload } from "jose"
import type { Context } from "../context.js"
import type { SecurityScheme } from "../../router/route-source.js"
import { authMessages } from "./auth-messages.js"
import { isHttpToken } from "../../internal/http-token.js"

/** The session cookie `ctx.UserSession.LoginUser` sets. */
export interface SessionCredential {
  readonly kind: "session"
}

/**
 * `Authorization: Bearer <token>`: a token `ctx.UserSession.IssueToken`
 * made, or, with `verify`, any token the application checks itself (a
 * static token, an introspection call).
 */
export interface BearerCredential {
  readonly kind: "bearer"
  /** The user of a token, or `undefined` for one refused (sync or async); absent: the application's own tokens. */
  readonly verify?: (token: string, ctx: Context<unknown>) => string | undefined | Promise<string | undefined>
}

/** Options of `Auth.Bearer` for tokens the application checks itself. */
export interface BearerOptions {
  /** The user of a token, or `undefined` for one refused (sync or async). */
  readonly verify: NonNullable<BearerCredential["verify"]>
}

/** An API key in a request header, mapped to a user name by the application. */
export interface ApiKeyCredential {
  readonly kind: "apiKey"
  /** The header (case-insensitive), e.g. `X-API-Key`. */
  readonly header: string
  /** The user of a key, or `undefined` for an unknown key (sync or async). */
  readonly verify: (key: string, ctx: Context<unknown>) => string | undefined | Promise<string | undefined>
}

/** Options of `Auth.Jwt`. */
export interface JwtOptions {
  /**
   * The identity provider's keys: its JWKS URL (fetched and cached by
   * `jose`'s remote key set, refreshed on an unknown `kid`), or the key set
   * itself (`{ keys: [...] }`).
   */
  readonly jwks: string | URL | { readonly keys: readonly object[] }
  /** Accepted `iss` (one or any of a list). Recommended. */
  readonly issuer?: string | readonly string[]
  /** Accepted `aud` (one or any of a list). Recommended. */
  readonly audience?: string | readonly string[]
  /** Accepted `alg` values. Default: the asymmetric ones (RS*, PS*, ES*, EdDSA); never `none`. */
  readonly algorithms?: readonly string[]
  /** Tolerated clock difference for `exp`/`nbf`, in seconds. Default 60. */
  readonly clockToleranceSeconds?: number
  /** The user name of verified claims. Default: `sub` (no `sub`: refused). */
  readonly user?: (claims: JWTPayload) => string | undefined
  /** Whether a token must carry `exp`: one without would never expire. Default `true`; `false` accepts it. */
  readonly requireExp?: boolean
}

/** `Authorization: Bearer <JWT>` from an identity provider. */
export interface JwtCredential extends JwtOptions {
  readonly kind: "jwt"
}

/**
 * One way in past `Sitelet.Protect`.
 *
 * @example
 * ```ts
 * const ways: Credential[] = [Auth.Session(), Auth.Bearer(), Auth.ApiKey("X-API-Key", (key) => keys.get(key))]
 * ```
 */
export type Credential = SessionCredential | BearerCredential | ApiKeyCredential | JwtCredential

/**
 * Builds the credentials `Sitelet.Protect` accepts (`Credentials: [...]`).
 *
 * @example
 * ```ts
 * Sitelet.Protect({
 *   VerifyUser: () => true,
 *   Credentials: [Auth.Bearer(), Auth.Jwt({ jwks: "https://idp.example/.well-known/jwks.json", issuer: "https://idp.example/", audience: "api" })],
 * }, api)
 * ```
 */
export const Auth = Object.freeze({
  /** The signed session cookie (`ctx.UserSession.LoginUser`): the default, and what pages use. */
  Session: (): SessionCredential => Object.freeze({ kind: "session" }),
  /**
   * Bearer tokens the application issues with `ctx.UserSession.IssueToken` (the session's keys); given
   * `{ verify }`, tokens `verify(token, ctx)` maps to a user (`undefined`: refused) — a static token, or one
   * checked by another service.
   */
  Bearer: (options?: BearerOptions): BearerCredential => {
    if (options === undefined) return Object.freeze({ kind: "bearer" })
    if (typeof options?.verify !== "function") throw new TypeError(authMessages.notAFunction("Auth.Bearer", "verify"))
    return Object.freeze({ kind: "bearer", verify: options.verify })
  },
  /** An API key in `header`, whose user `verify` returns (`undefined`: unknown key). */
  ApiKey: (header: string, verify: ApiKeyCredential["verify"]): ApiKeyCredential => {
    if (!isHttpToken(header) || header.toLowerCase() === "authorization" || header.toLowerCase() === "cookie")
      throw new TypeError(authMessages.badApiKeyHeader(header))
    if (typeof verify !== "function") throw new TypeError(authMessages.notAFunction("Auth.ApiKey", "verify"))
    return Object.freeze({ kind: "apiKey", header, verify })
  },
  /** JWTs of an identity provider, verified against its JWKS. */
  Jwt: (options: JwtOptions): JwtCredential => {
    const { jwks } = options
    const url = typeof jwks === "string" || jwks instanceof URL
    if (url ? !URL.canParse(String(jwks)) : !Array.isArray((jwks as { keys?: unknown })?.keys))
      throw new TypeError(authMessages.badJwks())
    if (options.algorithms?.some((alg) => alg.toLowerCase() === "none")) throw new TypeError(authMessages.algNone())
    return Object.freeze({ ...options, kind: "jwt" })
  },
})

/**
 * How a credential appears in the OpenAPI document: its security scheme's
 * name and object.
 *
 * @example
 * ```ts
 * schemeOf(Auth.ApiKey("X-API-Key", verify)) //=> ["apiKey_X-API-Key", { type: "apiKey", in: "header", name: "X-API-Key" }]
 * ```
 */
export function schemeOf(credential: Credential): readonly [name: string, scheme: SecurityScheme] {
  switch (credential.kind) {
    case "session":
      return ["session", { type: "apiKey", in: "cookie", name: "", description: sessionScheme }]
    case "bearer":
      return credential.verify === undefined
        ? ["bearer", { type: "http", scheme: "bearer", description: bearerScheme }]
        : ["bearer_verified", { type: "http", scheme: "bearer", description: verifiedBearerScheme }]
    case "apiKey":
      return [`apiKey_${credential.header}`, { type: "apiKey", in: "header", name: credential.header }]
    case "jwt":
      return ["jwt", { type: "http", scheme: "bearer", bearerFormat: "JWT", description: jwtScheme }]
  }
}

const sessionScheme = "The signed session cookie `ctx.UserSession.LoginUser` sets"
const bearerScheme =
  "A token of the application (`ctx.UserSession.IssueToken`), sent as `Authorization: Bearer <token>`"
const verifiedBearerScheme = "A bearer token the application checks, sent as `Authorization: Bearer <token>`"
const jwtScheme = "A JWT of the identity provider, verified against its JWKS"
