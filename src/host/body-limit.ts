/**
 * A request body's limit as every host applies it: a declared
 * `Content-Length` over the limit (refused before a byte is read), and the
 * 413 a body over it gets, declared or counted. The node and Fetch hosts'
 * readers (`node/node-body.ts`, `fetch/fetch-body.ts`) both use it.
 */
import { HostError, hostMessages } from "./host-errors.js"

/**
 * The 413 error of a body over `limit` bytes (every host, declared or counted).
 *
 * @example
 * ```ts
 * bodyTooLarge(1024).status //=> 413
 * ```
 */
export function bodyTooLarge(limit: number): HostError {
  return new HostError(413, "entity.too.large", hostMessages.bodyTooLarge(limit))
}

/**
 * True when a declared `Content-Length` (digits only; anything else is left
 * to the byte count) is over `limit`.
 *
 * @example
 * ```ts
 * declaresOver("2048", 1024) //=> true
 * ```
 */
export function declaresOver(declared: string | null | undefined, limit: number): boolean {
  return isLength(declared) && Number(declared) > limit
}

/**
 * A `Content-Length` the request declares: digits only (a list, a sign or a
 * space is none).
 *
 * @example
 * ```ts
 * isLength("42")    //=> true
 * isLength("4, 2")  //=> false
 * ```
 */
export const isLength = (declared: string | null | undefined): declared is string =>
  declared !== null && declared !== undefined && /^[0-9]+$/.test(declared)
