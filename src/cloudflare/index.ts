/**
 * `sitelets/cloudflare`: state shared by every Worker instance, in Durable
 * Objects — `Sitelet.RateLimit`'s buckets (`durableObjectStore`, with the
 * `RateLimitObject` class your Worker exports).
 *
 * @example
 * ```ts
 * import { durableObjectStore, RateLimitObject } from "sitelets/cloudflare"
 * export { RateLimitObject }
 * ```
 */
export { durableObjectStore, type DurableObjectStoreOptions } from "./durable-object-store.js"
export { RateLimitObject } from "./rate-limit-object.js"
export type {
  DurableObjectNamespaceLike,
  DurableObjectStateLike,
  DurableObjectStorageLike,
  DurableObjectStubLike,
} from "./durable-object-types.js"
