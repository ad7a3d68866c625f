/**
 * `durableObjectStore(namespace)`: `Sitelet.RateLimit`'s buckets in
 * Durable Objects, one object per key, shared by every Worker instance
 * in every location.
 */
import { withTimeout } from "../internal/with-timeout.js"
import type { RateLimitRule, RateLimitStore, RateLimitVerdict } from "../sitelet/limits/rate-limit.js"
import { storedKey } from "../internal/stored-key.js"
import type { DurableObjectNamespaceLike } from "./durable-object-types.js"
import { cloudflareMessages } from "./messages.js"

/** Options of {@link durableObjectStore}. */
export interface DurableObjectStoreOptions {
  /** Prepended to the key to name its object. Default `""`. */
  readonly prefix?: string
  /** Milliseconds to wait for the object before the request is refused with a 503. Default 2,000. */
  readonly timeoutMs?: number
}

/**
 * A `RateLimitStore` for Cloudflare Workers: each key's bucket is a
 * `RateLimitObject` (export the class from your Worker and bind the
 * namespace). A key is at most 256 characters as the object's name (a
 * longer one is shortened with a hash, as every store does). An object
 * that fails or does not answer within `timeoutMs` makes `take` reject,
 * and `Sitelet.RateLimit` refuses with a 503: the limit fails closed.
 *
 * @example
 * ```ts
 * export { RateLimitObject } from "sitelets/cloudflare"
 * export default {
 *   fetch: (request: Request, env: Env) =>
 *     Sitelet.RateLimit({ Capacity: 5, RefillPerSecond: 1 / 60, Key: byUser, Store: durableObjectStore(env.LIMITS) }, login)
 *       .Handle(request),
 * }
 * ```
 */
export function durableObjectStore(
  namespace: DurableObjectNamespaceLike,
  options: DurableObjectStoreOptions = {},
): RateLimitStore {
  const prefix = options.prefix ?? ""
  const timeoutMs = options.timeoutMs ?? 2000
  return {
    async take(key: string, rule: RateLimitRule, now: number): Promise<RateLimitVerdict> {
      const stub = namespace.get(namespace.idFromName(prefix + storedKey(key)) as never)
      const body = JSON.stringify({ capacity: rule.capacity, refillPerSecond: rule.refillPerSecond, now })
      const answer = async () => {
        const response = await stub.fetch("https://rate-limit.sitelets.invalid/take", { method: "POST", body })
        if (!response.ok) throw new Error(cloudflareMessages.objectFailed(response.status))
        return (await response.json()) as RateLimitVerdict
      }
      return withTimeout(answer(), timeoutMs, cloudflareMessages.timedOut(timeoutMs))
    },
  }
}
