/**
 * Sentences of HTTP's own vocabulary (status codes and reason phrases), written once; tests import these writers.
 *
 * @example
 * ```ts
 * expect(() => Http.Status.Custom(99)).toThrow(httpMessages.badStatusCode(99))
 * ```
 */
export const httpMessages = {
  badStatusCode: (code: unknown) =>
    `Http.Status.Custom: status code must be an integer from 200 to 599, got ${String(code)}`,
  badReasonPhrase: () => "Http.Status.Custom: reason phrase may hold only visible ASCII, tabs and spaces",
} as const
