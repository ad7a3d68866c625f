/**
 * Sentences of `Sitelet.Protect`'s credentials: configuration errors
 * (thrown when the site is built) and the reasons a 401 or 403 gives
 * (`error_description` and the problem's `detail`). Written once; tests
 * import these writers.
 *
 * @example
 * ```ts
 * expect(() => Auth.ApiKey("X API", verify)).toThrow(authMessages.badApiKeyHeader("X API"))
 * ```
 */
export const authMessages = {
  badApiKeyHeader: (header: string) =>
    `Auth.ApiKey: '${header}' is not a header name for an API key (an RFC 9110 token other than Authorization and Cookie)`,
  notAFunction: (where: string, what: string) => `${where}: ${what} must be a function`,
  badJwks: () =>
    "Auth.Jwt: jwks must be the JWKS URL of the identity provider (https://…) or a key set { keys: [...] }",
  algNone: () => "Auth.Jwt: 'none' is not an algorithm (an unsigned token proves nothing)",
  noWayIn: () =>
    "Sitelet.Protect: give LoginRedirect (pages: a redirect to the login), or a credential sent in a header (APIs: Auth.Bearer(), Auth.ApiKey(…), Auth.Jwt(…)), or both",
  noCredentials: () =>
    "Sitelet.Protect: Credentials must list at least one credential (Auth.Session(), Auth.Bearer(), …)",
  // The reasons of a refusal: short, for the client; never the token.
  missing: () => "this endpoint needs credentials",
  notBearer: () => "the Authorization header is not 'Bearer <token>'",
  tooLong: (limit: number) => `the token is longer than ${limit} characters`,
  badToken: () => "the token is malformed, forged, or expired",
  badJwt: (reason: string) => `the token is not accepted: ${reason}`,
  refusedToken: () => "the token is not accepted",
  unknownKey: () => "the API key is not known",
  refused: () => "the authenticated user may not use this endpoint",
} as const
