/**
 * Authentication: `Sitelet.Protect` and its credentials (`Auth.Session`,
 * `Auth.Bearer`, `Auth.ApiKey`, `Auth.Jwt` verified against a JWKS), the
 * challenges and redirects a refusal answers with, and the signed session
 * cookie behind `ctx.UserSession` (tokens, cookies, the return path after a
 * login). A new credential is a kind in `auth.ts`, its check in
 * `auth-check.ts` and its challenge in `auth-challenge.ts`.
 *
 * It may import `descriptor/`, `internal/`, `router/`, `router/request/`,
 * `sitelet/`, `sitelet/content/`, `sitelet/cors/` and `sitelet/http/` (its
 * row of docs/architecture.md, which the layers test holds the code to).
 * Other rooms import its modules by their paths, not through this index, so
 * a bundle or a Worker loads only the modules it uses; this index is the
 * room's table of contents, checked by the compiler.
 *
 * @example
 * ```ts
 * Sitelet.Protect({ VerifyUser: (user) => user === "admin", LoginRedirect: (e) => ({ $: "Login", returnTo: e }) }, admin)
 * ```
 */
export { authMessages } from "./auth-messages.js"
export {
  type ApiKeyCredential,
  Auth,
  type BearerCredential,
  type Credential,
  type JwtCredential,
  type JwtOptions,
  type SessionCredential,
} from "./auth.js"
export { Protect, type ProtectFilter } from "./protect.js"
export { sessionMessages } from "./session-messages.js"
export { safeReturnPath } from "./session-return-path.js"
export { checkSessionOptions, createUserSession, type SessionOptions, type SessionSecret } from "./user-session.js"
