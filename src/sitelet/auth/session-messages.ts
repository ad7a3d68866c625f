import { secretMessages } from "../../internal/secret-messages.js"

/**
 * Sentences for session, cookie and Protect configuration errors. Each
 * is written once here; tests import these writers instead of retyping them.
 *
 * @example
 * ```ts
 * expect(() => checkSessionOptions({ secret: "x" })).toThrow(sessionMessages.secretTooShort("options (secret #1)", 1))
 * ```
 */
export const sessionMessages = {
  ...secretMessages,
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
