/**
 * The token bucket every rate-limit store computes, written once in
 * JavaScript (the memory store, the Durable Object) and mirrored line for
 * line by the Redis store's Lua script (src/redis/redis-store.ts): a store
 * may keep its buckets anywhere, but all take a token the same way.
 */
import type { RateLimitRule, RateLimitVerdict } from "./rate-limit.js"

/** A bucket as stored: its tokens at time `at` (milliseconds). */
export interface BucketState {
  readonly tokens: number
  readonly at: number
}

/**
 * A bucket's tokens at `now`: what it held, refilled since (never for a
 * clock behind `at`), up to the capacity.
 *
 * @example
 * ```ts
 * refilled(0, 0, { capacity: 3, refillPerSecond: 2 }, 500) //=> 1
 * ```
 */
export const refilled = (tokens: number, at: number, rule: RateLimitRule, now: number): number =>
  Math.min(rule.capacity, tokens + (Math.max(0, now - at) / 1000) * rule.refillPerSecond)

/**
 * One request against a bucket (`undefined`: a new bucket, full): the
 * verdict and the bucket after it. Time never goes back for a bucket: a
 * request stamped before the bucket's time (another process's clock
 * behind) refills nothing and leaves the bucket's time as it was.
 *
 * @example
 * ```ts
 * takeToken(undefined, { capacity: 1, refillPerSecond: 1 }, 0)
 * //=> { verdict: { allowed: true, remaining: 0, retryAfterSeconds: 0 }, state: { tokens: 0, at: 0 } }
 * ```
 */
export function takeToken(
  state: BucketState | undefined,
  rule: RateLimitRule,
  now: number,
): { verdict: RateLimitVerdict; state: BucketState } {
  const tokens = state === undefined ? rule.capacity : refilled(state.tokens, state.at, rule, now)
  const at = state === undefined ? now : Math.max(state.at, now)
  const allowed = tokens >= 1
  const left = allowed ? tokens - 1 : tokens
  return {
    verdict: {
      allowed,
      remaining: Math.floor(left),
      retryAfterSeconds: allowed ? 0 : (1 - left) / rule.refillPerSecond,
    },
    state: { tokens: left, at },
  }
}

/**
 * Milliseconds from a bucket's time until it is full again: after that a
 * shared store may forget it (a full bucket is as good as none).
 *
 * @example
 * ```ts
 * fullAfterMs({ tokens: 1, at: 0 }, { capacity: 3, refillPerSecond: 2 }) //=> 1000
 * ```
 */
export const fullAfterMs = (state: BucketState, rule: RateLimitRule): number =>
  Math.ceil(((rule.capacity - state.tokens) / rule.refillPerSecond) * 1000)
