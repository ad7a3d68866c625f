/**
 * The key a store keeps for an application's key, bounded in size the same
 * way by every store (the memory and Redis rate-limit stores, the Durable
 * Object ones, a topic's channels), and the hash that bounds it.
 */

// Keys are the application's, and may come from a client (an API key): long ones are stored shortened.
const maxKeyLength = 256

/**
 * FNV-1a of `text` from `from`, its basis mixed with `seed`: unsigned 32 bits.
 *
 * @example
 * ```ts
 * fnv1a("ada", 0, 0) //=> a number below 2 ** 32
 * ```
 */
export function fnv1a(text: string, from: number, seed: number): number {
  let hash = 0x811c9dc5 ^ seed
  for (let i = from; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193)
  return hash >>> 0
}

/**
 * The key a store keeps for an application's key: itself up to 256
 * characters, else its first 200, its length and a hash of the rest (a
 * collision only makes two clients share a bucket). Every store bounds a
 * key's size the same way.
 *
 * @example
 * ```ts
 * storedKey("ada") //=> "ada"
 * storedKey("k".repeat(100_000)).length < 230 //=> true
 * ```
 */
export function storedKey(key: string): string {
  if (key.length <= maxKeyLength) return key
  return `${key.slice(0, 200)}#${key.length}#${fnv1a(key, 200, 0).toString(36)}`
}
