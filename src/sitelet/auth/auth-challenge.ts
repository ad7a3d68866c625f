/**
 * How `Sitelet.Protect` refuses an API client: 401 with a
 * `WWW-Authenticate` challenge per accepted scheme (RFC 9110 §11.6.1; the
 * RFC 6750 `error` attributes for a bearer token that was sent and
 * refused), or 403 for an authenticated user `VerifyUser` refuses, each
 * with problem details (RFC 9457) and never cached. And which refusal a
 * request gets when a `Protect` has both a login page and header
 * credentials.
 */
import type { Credential } from "./auth.js"
import { carriesCredentials } from "./auth-check.js"
import { header, staticContent, type StaticContent } from "../content-model.js"
import { Status } from "../http/http-status.js"

/**
 * A quoted-string (RFC 9110 §5.6.4): quotes and backslashes escaped,
 * anything but visible ASCII and spaces dropped.
 *
 * @example
 * ```ts
 * quoted('say "hi"') //=> '"say \\"hi\\""'
 * ```
 */
export function quoted(text: string): string {
  let out = '"'
  for (const char of text) {
    const code = char.charCodeAt(0)
    if (code < 0x20 || code > 0x7e) continue
    out += char === '"' || char === "\\" ? `\\${char}` : char
  }
  return `${out}"`
}

/**
 * The `WWW-Authenticate` challenges of `credentials` under `realm`:
 * `Bearer` for the application's tokens and JWTs, `ApiKey` (with its
 * header) for API keys; `error` attributes on the bearer challenge.
 *
 * @example
 * ```ts
 * challenges([Auth.Bearer()], "api", { error: "invalid_token", description: "the token expired" })
 * //=> ['Bearer realm="api", error="invalid_token", error_description="the token expired"']
 * ```
 */
export function challenges(
  credentials: readonly Credential[],
  realm: string,
  error?: { readonly error: "invalid_token" | "insufficient_scope"; readonly description: string },
): string[] {
  const out: string[] = []
  if (credentials.some((credential) => credential.kind === "bearer" || credential.kind === "jwt"))
    out.push(
      `Bearer realm=${quoted(realm)}` +
        (error === undefined ? "" : `, error=${quoted(error.error)}, error_description=${quoted(error.description)}`),
    )
  for (const credential of credentials)
    if (credential.kind === "apiKey") out.push(`ApiKey realm=${quoted(realm)}, header=${quoted(credential.header)}`)
  return out
}

/**
 * A 401 or 403 answer with its challenges and a problem body.
 *
 * @example
 * ```ts
 * refusal(401, ['Bearer realm="api"'], "this endpoint needs credentials").status.code //=> 401
 * ```
 */
export function refusal(code: 401 | 403, challenge: readonly string[], detail: string): StaticContent {
  const status = code === 401 ? Status.Unauthorized : Status.Forbidden
  const body = JSON.stringify({ type: "about:blank", title: status.text, status: code, detail })
  return staticContent(
    status,
    [
      header("Content-Type", "application/problem+json"),
      header("Cache-Control", "no-store"),
      ...challenge.map((value) => header("WWW-Authenticate", value)),
    ],
    body,
  )
}

/**
 * Whether a request without admitted credentials goes to the login page
 * (a browser) rather than getting 401 (an API client): only when the
 * `Protect` has a login, and then unless it accepts header credentials
 * and the request sends one, or does not ask for HTML.
 *
 * @example
 * ```ts
 * redirects(true, [Auth.Session(), Auth.Bearer()], headers) //=> true for Accept: text/html without Authorization
 * ```
 */
export function redirects(
  hasLogin: boolean,
  credentials: readonly Credential[],
  headers: { get(name: string): string | null },
): boolean {
  if (!hasLogin) return false
  if (!credentials.some((credential) => credential.kind !== "session")) return true
  if (carriesCredentials(credentials, headers)) return false
  return (headers.get("accept") ?? "").toLowerCase().includes("text/html")
}
