/**
 * The answer every server of the whole-server benchmark gives for `/users/<id>`.
 *
 * @example
 * ```ts
 * userOf(42) //=> { id: 42, name: "user 42", active: true }
 * ```
 */
export const userOf = (id: number) => ({ id, name: `user ${id}`, active: true })
