/**
 * Guards and rate limits: `Sitelet.Guard` (a check before or after the
 * body), `Sitelet.RateLimit` with its token bucket written once for every
 * store, and the memory store (`redis/` and `cloudflare/` bring theirs).
 *
 * It may import `internal/`, `router/`, `router/request/`, `sitelet/`,
 * `sitelet/cors/` and `sitelet/http/` (its row of docs/architecture.md,
 * which the layers test holds the code to). Other rooms import its modules
 * by their paths, not through this index, so a bundle or a Worker loads only
 * the modules it uses; this index is the room's table of contents, checked
 * by the compiler.
 *
 * @example
 * ```ts
 * Sitelet.RateLimit({ Capacity: 5, RefillPerSecond: 1 / 60, Key: (ctx) => ctx.Request.headers.get("x-forwarded-for") ?? "" }, api)
 * ```
 */
export { Guard, type GuardCheck, type GuardOptions } from "./guard.js"
export { limitMessages } from "./limit-messages.js"
export { memoryStore, type MemoryStoreOptions } from "./rate-limit-memory.js"
export {
  RateLimit,
  type RateLimitOptions,
  type RateLimitRule,
  type RateLimitStore,
  type RateLimitVerdict,
} from "./rate-limit.js"
export { type BucketState, fullAfterMs, takeToken } from "./token-bucket.js"
