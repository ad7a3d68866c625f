/**
 * `Sitelet.RateLimit(options, site)`: a token bucket per key (a user, an API
 * key, a client address a trusted proxy gives), built on `Sitelet.Guard`.
 * Each request takes a token (one whose method the case does not take, a
 * 405, takes none); a bucket holds `Capacity` tokens (the burst)
 * and refills `RefillPerSecond` (the sustained rate). An empty bucket is a
 * 429 with `Retry-After`. The buckets live in a store: in memory by default
 * (one process; bounded in memory, and a bucket pushed out keeps its
 * deficit, see `memoryStore`), or anything implementing `RateLimitStore` — a Redis script, a Durable
 * Object — for several processes.
 */
import { header, staticContent } from "../content-model.js"
import type { Context } from "../context.js"
import { guarded } from "./guard.js"
import { Status } from "../http/http-status.js"
import { limitMessages } from "./limit-messages.js"
import type { Sitelet } from "../sitelet.js"
import type { MaybePromise } from "../../internal/maybe-promise.js"
import { memoryStore } from "./rate-limit-memory.js"

/** A bucket's size and refill. */
export interface RateLimitRule {
  readonly capacity: number
  readonly refillPerSecond: number
}

/** What a store answers for one request. */
export interface RateLimitVerdict {
  readonly allowed: boolean
  /** Whole tokens left after this request. */
  readonly remaining: number
  /** When refused: seconds until a token is back. */
  readonly retryAfterSeconds: number
}

/**
 * Where the buckets live. `take` removes one token from `key`'s bucket at
 * `now` (milliseconds) if it has one; a shared store makes it atomic (a
 * Redis `EVAL` of the same arithmetic, a Durable Object's single thread).
 *
 * @example
 * ```ts
 * const store: RateLimitStore = { take: (key, rule, now) => redisTake(key, rule, now) }
 * ```
 */
export interface RateLimitStore {
  take(key: string, rule: RateLimitRule, now: number): MaybePromise<RateLimitVerdict>
}

/** Options of `Sitelet.RateLimit`. */
export interface RateLimitOptions<Endpoint> {
  /** Tokens a bucket holds: the burst a key may send at once. */
  readonly Capacity: number
  /** Tokens added per second: the sustained rate. */
  readonly RefillPerSecond: number
  /** The bucket of a request (`undefined`: not limited). */
  readonly Key: (ctx: Context<Endpoint>, endpoint: Endpoint) => MaybePromise<string | undefined>
  /**
   * Whether `Key` reads the endpoint's body fields (a user name from a form).
   * `false`: the bucket is taken before the body is read, so a refused
   * request reads none of it (429 before 413/415/400). Default: `false` for
   * a `Key` that takes only the context (`(ctx) => …`), else `true`.
   */
  readonly ReadsBody?: boolean
  /** Default: `memoryStore()`. */
  readonly Store?: RateLimitStore
  /**
   * Called with the error when the store fails (unreachable, timed out); the
   * request is refused with a 503 either way (fail closed). Default: nothing.
   */
  readonly OnStoreError?: (error: unknown) => void
  /** Clock in milliseconds, for tests. Default `Date.now`. */
  readonly Now?: () => number
}

// A refusal as problem details, never stored by a cache, with when to come back (whole seconds, at least 1).
const refusal = (status: 429 | 503, title: string, detail: string, retryAfterSeconds: number) =>
  staticContent(
    Status.Custom(status),
    [
      header("Content-Type", "application/problem+json"),
      header("Cache-Control", "no-store"),
      header("Retry-After", String(Math.max(1, Math.ceil(retryAfterSeconds)))),
    ],
    JSON.stringify({ type: "about:blank", title, status, detail }),
  )

/**
 * Limits the requests to `site` per key: beyond the bucket, a 429 with
 * `Retry-After` (whole seconds, rounded up) and problem details, instead
 * of the handler. A store that fails (a Redis that went away) refuses
 * with a 503 and `Retry-After: 1`: the limit fails closed, never open.
 *
 * @example
 * ```ts
 * const limited = Sitelet.RateLimit(
 *   { Capacity: 5, RefillPerSecond: 0.5, Key: async (ctx) => (await ctx.UserSession.GetLoggedInUser()) ?? "anonymous" },
 *   writes,
 * )
 * ```
 */
export function RateLimit<Endpoint>(options: RateLimitOptions<Endpoint>, site: Sitelet<Endpoint>): Sitelet<Endpoint> {
  const rule = { capacity: options.Capacity, refillPerSecond: options.RefillPerSecond }
  if (!(rule.capacity >= 1) || !Number.isFinite(rule.capacity) || !(rule.refillPerSecond > 0))
    throw new RangeError(limitMessages.badRateLimit(rule.capacity, rule.refillPerSecond))
  const store = options.Store ?? memoryStore()
  const now = options.Now ?? Date.now
  const detail = limitMessages.rateLimited(rule.capacity, rule.refillPerSecond)
  return guarded<Endpoint>(
    async (ctx, endpoint) => {
      const key = await options.Key(ctx, endpoint)
      if (key === undefined) return undefined
      let verdict: RateLimitVerdict
      try {
        verdict = await store.take(key, rule, now())
      } catch (error) {
        // Fail closed: a store that cannot be reached (or is too slow) lets nothing through.
        options.OnStoreError?.(error)
        return refusal(503, "Service Unavailable", limitMessages.rateLimitStoreDown, 1)
      }
      if (verdict.allowed) return undefined
      return refusal(429, "Too Many Requests", detail, verdict.retryAfterSeconds)
    },
    site,
    {
      Answers: {
        429: { Description: `Too many requests (${detail})`, Headers: ["Retry-After"] },
        503: { Description: "The rate-limit store could not be reached", Headers: ["Retry-After"] },
      },
    },
    true,
    !(options.ReadsBody ?? options.Key.length >= 2),
  )
}
