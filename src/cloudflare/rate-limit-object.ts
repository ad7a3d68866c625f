/**
 * `RateLimitObject`: one token bucket in a Durable Object. A Worker
 * exports the class and binds a namespace to it; `durableObjectStore`
 * gives each key its own object (`idFromName(key)`), so every request for
 * a key, from any Worker anywhere, is taken by one single-threaded object:
 * atomic without a lock. The arithmetic is src/sitelet/limits/token-bucket.ts.
 */
import { type BucketState, fullAfterMs, takeToken } from "../sitelet/limits/token-bucket.js"
import type { RateLimitRule } from "../sitelet/limits/rate-limit.js"
import type { DurableObjectStateLike } from "./durable-object-types.js"
import { cloudflareMessages } from "./messages.js"

/** What the object keeps: the bucket and the rule it was last taken with. */
interface Stored {
  readonly bucket: BucketState
  readonly rule: RateLimitRule
}

// A bucket is forgotten this long after it would be full again (as the Redis store does).
const expirySlackMs = 1000

const isRule = (value: { capacity?: unknown; refillPerSecond?: unknown; now?: unknown }): boolean =>
  typeof value.capacity === "number" &&
  Number.isFinite(value.capacity) &&
  value.capacity >= 1 &&
  typeof value.refillPerSecond === "number" &&
  Number.isFinite(value.refillPerSecond) &&
  value.refillPerSecond > 0 &&
  typeof value.now === "number" &&
  Number.isFinite(value.now)

/**
 * The Durable Object class of `durableObjectStore`: export it from your
 * Worker and bind a namespace to it. It answers one request shape, the
 * store's (`POST` of `{ capacity, refillPerSecond, now }`), and forgets its
 * bucket (storage and all) once the bucket would be full again.
 *
 * @example
 * ```ts
 * // worker.ts — wrangler.toml: [[durable_objects.bindings]] name = "LIMITS", class_name = "RateLimitObject"
 * export { RateLimitObject } from "sitelets/cloudflare"
 * ```
 */
export class RateLimitObject {
  readonly #state: DurableObjectStateLike
  #stored: Stored | undefined

  constructor(state: DurableObjectStateLike, _env?: unknown) {
    this.#state = state
    void state.blockConcurrencyWhile(async () => {
      this.#stored = await state.storage.get<Stored>("bucket")
    })
  }

  /** Takes one token; answers the verdict as JSON. */
  async fetch(request: Request): Promise<Response> {
    let take: { capacity: number; refillPerSecond: number; now: number }
    try {
      take = (await request.json()) as typeof take
    } catch {
      return new Response(cloudflareMessages.badTake, { status: 400 })
    }
    if (request.method !== "POST" || typeof take !== "object" || take === null || !isRule(take))
      return new Response(cloudflareMessages.badTake, { status: 400 })
    const rule = { capacity: take.capacity, refillPerSecond: take.refillPerSecond }
    const { verdict, state } = takeToken(this.#stored?.bucket, rule, take.now)
    this.#stored = { bucket: state, rule }
    // Not awaited: the runtime's output gate holds the answer until the write is durable.
    void this.#state.storage.put("bucket", this.#stored)
    void this.#state.storage.setAlarm(Date.now() + fullAfterMs(state, rule) + expirySlackMs)
    return Response.json(verdict)
  }

  /** No request since the bucket would have refilled: it is full, and a full bucket is as good as none. */
  async alarm(): Promise<void> {
    this.#stored = undefined
    await this.#state.storage.deleteAll()
  }
}
