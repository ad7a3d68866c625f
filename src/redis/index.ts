/**
 * `sitelets/redis`: what several processes share through Redis or Valkey —
 * `Sitelet.RateLimit`'s buckets. Bring your own client (ioredis, iovalkey
 * or node-redis); this entry imports none.
 *
 * In the repository, it may import `internal/`, `sitelet/limits/` and
 * `sitelet/sockets/` (its row of docs/architecture.md, which the layers test
 * holds the code to). A package entry: users import it by its name.
 *
 * @example
 * ```ts
 * import Redis from "ioredis"
 * import { redisStore } from "sitelets/redis"
 * const redis = new Redis(process.env.REDIS_URL!, { commandTimeout: 1000 })
 * redis.on("error", (error) => console.error(error)) // else each reconnection is an unhandled error event
 * const limits = redisStore(redis)
 * ```
 */
export { redisStore, type RedisStoreOptions } from "./redis-store.js"
export type { RedisCallClient, RedisClient, RedisSendCommandClient } from "./redis-command.js"
export {
  type IoRedisSubscriber,
  type NodeRedisSubscriber,
  type RedisBus,
  type RedisBusOptions,
  redisBus,
} from "./redis-bus.js"
