/**
 * The answers every server of the whole-server benchmark gives.
 *
 * @example
 * ```ts
 * userOf(42) //=> { id: 42, name: "user 42", active: true }
 * ```
 */
export const userOf = (id: number) => ({ id, name: `user ${id}`, active: true })

/** The text `GET /hello` answers (`text/plain; charset=utf-8`). */
export const helloText = "hello"

/** The headers every server sends besides the type: what sitelets sends on every answer. */
export const sharedHeaders = { "x-content-type-options": "nosniff" } as const
