/**
 * Who a request is, by the credentials a `Sitelet.Protect` accepts, tried
 * in a fixed order: `Authorization: Bearer` (the application's tokens,
 * then the application's own checks, then JWTs), API key headers, the
 * session cookie. A credential that is present but refused settles the
 * answer (a bad token is a 401 even with a valid cookie beside it); so does
 * the first one that names a user.
 * Nothing here throws for a client's input: a malformed, forged, expired or
 * over-long credential is a reason, never an exception.
 */
import type { BearerCredential, Credential, JwtCredential } from "./auth.js"
import { authMessages } from "./auth-messages.js"
import { type Context, withSession } from "../context.js"
import { maxJwtLength, verifyJwt } from "./jwt-verify.js"
import { maxTokenLength } from "./session-token.js"

/**
 * The outcome: a user (and how it came), no credentials at all, or
 * credentials refused with a reason (`bearer`: they came in `Authorization`).
 *
 * @example
 * ```ts
 * const outcome: Authentication = { kind: "user", user: "alice", via: "bearer" }
 * ```
 */
export type Authentication =
  | { readonly kind: "user"; readonly user: string; readonly via: Credential["kind"] }
  | { readonly kind: "none" }
  | { readonly kind: "invalid"; readonly reason: string; readonly bearer: boolean }

// RFC 6750 §2.1: "Bearer" 1*SP b64token (the scheme is case-insensitive).
const bearerHeader = /^bearer +([A-Za-z0-9\-._~+/]+=*)$/i

/**
 * Whether the request carries a credential `credentials` read from a
 * header (an API client, not a browser navigation).
 *
 * @example
 * ```ts
 * carriesCredentials([Auth.Bearer()], ctx.Request.headers) //=> true with an Authorization header
 * ```
 */
export function carriesCredentials(
  credentials: readonly Credential[],
  headers: { get(name: string): string | null },
): boolean {
  return credentials.some((credential) =>
    credential.kind === "apiKey"
      ? headers.get(credential.header) !== null
      : credential.kind !== "session" && headers.get("authorization") !== null,
  )
}

/**
 * Authenticates a request with the credentials a `Protect` accepts.
 *
 * @example
 * ```ts
 * await authenticate([Auth.Session(), Auth.Bearer()], ctx) //=> { kind: "user", user: "alice", via: "session" }
 * ```
 */
export async function authenticate(credentials: readonly Credential[], ctx: Context<unknown>): Promise<Authentication> {
  const headers = ctx.Request.headers
  const bearer = credentials.some((credential) => credential.kind === "bearer" && credential.verify === undefined)
  const checks = credentials.filter(
    (credential): credential is BearerCredential & Required<BearerCredential> =>
      credential.kind === "bearer" && credential.verify !== undefined,
  )
  const jwts = credentials.filter((credential): credential is JwtCredential => credential.kind === "jwt")
  const authorization = headers.get("authorization")
  if (authorization !== null && (bearer || checks.length > 0 || jwts.length > 0)) {
    const token = bearerHeader.exec(authorization)?.[1]
    if (token === undefined) return { kind: "invalid", reason: authMessages.notBearer(), bearer: true }
    // The application's own tokens are `b1.…`; a JWT is three base64url parts.
    if (bearer && token.startsWith("b1.")) {
      if (token.length > maxTokenLength)
        return { kind: "invalid", reason: authMessages.tooLong(maxTokenLength), bearer: true }
      const user = await ctx.UserSession.VerifyToken(token)
      return user === undefined
        ? { kind: "invalid", reason: authMessages.badToken(), bearer: true }
        : { kind: "user", user, via: "bearer" }
    }
    let reason: string = authMessages.badToken()
    if (checks.length > 0 && token.length > maxJwtLength)
      return { kind: "invalid", reason: authMessages.tooLong(maxJwtLength), bearer: true }
    for (const check of checks) {
      const user = await check.verify(token, ctx)
      if (typeof user === "string" && user !== "") return { kind: "user", user, via: "bearer" }
      reason = authMessages.refusedToken()
    }
    for (const jwt of jwts) {
      const verified = await verifyJwt(jwt, token)
      if ("user" in verified) return { kind: "user", user: verified.user, via: "jwt" }
      reason = verified.reason
    }
    return { kind: "invalid", reason, bearer: true }
  }
  for (const credential of credentials) {
    if (credential.kind !== "apiKey") continue
    const key = headers.get(credential.header)
    if (key === null) continue
    const user = key === "" ? undefined : await credential.verify(key, ctx)
    return typeof user === "string" && user !== ""
      ? { kind: "user", user, via: "apiKey" }
      : { kind: "invalid", reason: authMessages.unknownKey(), bearer: false }
  }
  if (credentials.some((credential) => credential.kind === "session")) {
    const user = await ctx.UserSession.GetLoggedInUser()
    if (user !== undefined) return { kind: "user", user, via: "session" }
  }
  return { kind: "none" }
}

/**
 * The same context, its `UserSession.GetLoggedInUser()` answering the user
 * a credential admitted (for handlers behind `Protect`, however the user
 * came). Everything else reads through to the host's context.
 *
 * @example
 * ```ts
 * await withUser(ctx, "alice").UserSession.GetLoggedInUser() //=> "alice"
 * ```
 */
export function withUser<Endpoint>(ctx: Context<Endpoint>, user: string): Context<Endpoint> {
  const session = ctx.UserSession
  return withSession(ctx, {
    LoginUser: (name, options) => session.LoginUser(name, options),
    Logout: () => session.Logout(),
    GetLoggedInUser: () => Promise.resolve(user),
    IssueToken: (name, options) => session.IssueToken(name, options),
    VerifyToken: (token) => session.VerifyToken(token),
  })
}
