/**
 * `sitelets/cloudflare`: state shared by every Worker instance, in Durable
 * Objects — `Sitelet.RateLimit`'s buckets (`durableObjectStore`, with the
 * `RateLimitObject` class your Worker exports) and a `Topic`'s rooms
 * (`durableObjectBus`, with `TopicObject`).
 *
 * In the repository, it may import `internal/`, `sitelet/limits/` and
 * `sitelet/sockets/` (its row of docs/architecture.md, which the layers test
 * holds the code to). A package entry: users import it by its name.
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
