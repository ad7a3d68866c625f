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
