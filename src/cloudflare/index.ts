/**
 * `sitelets/cloudflare`: state shared by every Worker instance, in Durable
 * Objects — `Sitelet.RateLimit`'s buckets (`durableObjectStore`, with the
 * `RateLimitObject` class your Worker exports) and a `Topic`'s rooms
 * (`durableObjectBus`, with `TopicObject`).
 *
 * @example
 * ```ts
 * import { durableObjectStore, RateLimitObject } from "sitelets/cloudflare"
 * export { RateLimitObject }
 * ```
 */
export { durableObjectBus, type DurableObjectBusOptions } from "./durable-object-bus.js"
export { durableObjectStore, type DurableObjectStoreOptions } from "./durable-object-store.js"
export { RateLimitObject } from "./rate-limit-object.js"
export { TopicObject } from "./topic-object.js"
export type {
  DurableObjectNamespaceLike,
  DurableObjectStateLike,
  DurableObjectStorageLike,
  DurableObjectStubLike,
  WorkersWebSocket,
} from "./durable-object-types.js"
