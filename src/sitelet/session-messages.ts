/**
 * Sentences for session, cookie, Protect and CORS configuration errors. Each
 * is written once here; tests import these writers instead of retyping them.
 *
 * @example
 * ```ts
 * expect(() => checkSessionOptions({ secret: "x" })).toThrow(sessionMessages.secretTooShort("options (secret #1)", 1))
 * ```
 */
export const sessionMessages = {
  secretTooShort: (where: string, bytes: number) =>
    `Session secret from ${where} is ${bytes} bytes long; at least 32 bytes are required`,
  noSecrets: () => `Session secret list is empty; give at least one secret of 32 bytes or more`,
  randomKeyWarning: (refused: boolean) =>
    "sitelets: no session secret configured (host option `session.secret` or SITELETS_SECRET); " +
    "using a random per-process key, so logins do not survive a restart or reach other processes" +
    (refused ? " (the runtime refused to read SITELETS_SECRET: on Deno, run with --allow-env=SITELETS_SECRET)" : ""),
  noSecret: (refused: boolean) =>
    "sitelets: a session needs a signing secret, and none is configured" +
    (refused ? " (the runtime refused to read SITELETS_SECRET)" : "") +
    ". Set one of at least 32 bytes: the host option session: { secret }, or the SITELETS_SECRET environment variable " +
    "(Node and Bun: export SITELETS_SECRET=…; Deno: also --allow-env=SITELETS_SECRET; Cloudflare Workers: " +
    "wrangler secret put SESSION_SECRET and session: { secret: (env) => env.SESSION_SECRET }). While developing, " +
    "session: { development: true } (or NODE_ENV=development) uses a random per-process key instead.",
  secretFunctionGaveNothing: () =>
    "session.secret(env) returned no secret for this request: is the binding it reads (e.g. SESSION_SECRET) set for this deployment?",
  userNameEmpty: (where = "UserSession.LoginUser") => `${where}: the user name must be a non-empty string`,
  userNameSurrogate: (where = "UserSession.LoginUser") => `${where}: the user name contains a lone surrogate`,
  userNameTooLong: (limit: number, where = "UserSession.LoginUser") =>
    `${where}: the user name is longer than ${limit} UTF-8 bytes`,
  badMaxAge: (value: unknown, where = "UserSession.LoginUser") =>
    `${where}: maxAgeSeconds must be a positive whole number of seconds, got ${String(value)}`,
  badCookieName: (name: string) => `Cookie name '${name}' is not an RFC 6265 token`,
  badCookieValue: (name: string) => `Cookie '${name}' has a value with characters a cookie cannot carry`,
  hostPrefixNeedsSecure: (name: string) =>
    `Cookie '${name}' uses a __Host-/__Secure- prefix, which requires Secure (serve over https)`,
} as const

/**
 * Sentences of CORS configuration errors.
 *
 * @example
 * ```ts
 * expect(() => checkAllows({ ...allows, Origins: ["*"], Credentials: true })).toThrow(corsMessages.wildcardWithCredentials())
 * ```
 */
export const corsMessages = {
  wildcardWithCredentials: () =>
    "Sitelet.CorsContent: Origins '*' cannot be combined with Credentials: true (list the allowed origins exactly)",
  badOrigin: (origin: string) =>
    `Sitelet.CorsContent: '${origin}' is not an origin (expected '*' or scheme://host[:port], without path)`,
  badToken: (what: string, value: string) => `Sitelet.CorsContent: ${what} '${value}' is not an HTTP token`,
  badMaxAge: (value: unknown) =>
    `Sitelet.CorsContent: MaxAge must be a whole number of seconds ≥ 0, got ${String(value)}`,
} as const
