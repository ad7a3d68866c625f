/**
 * The in-memory rate-limit store: one process's token buckets, bounded in
 * memory whatever keys clients invent, and never fuller for having been
 * forgotten. The `maxKeys` most recently used keys have a bucket each; a
 * bucket pushed out that is not full by now leaves its deficit in a fixed
 * table of slots (by a keyed hash of the key), and a key without a bucket
 * starts from its slot. A slot keeps the emptiest of what it was given, so
 * eviction can only make a key share another's deficit, never give it
 * tokens back.
 */
import type { RateLimitRule, RateLimitStore, RateLimitVerdict } from "./rate-limit.js"
import { fnv1a, storedKey } from "../../internal/stored-key.js"
import { refilled, takeToken } from "./token-bucket.js"

/** Options of {@link memoryStore}. */
export interface MemoryStoreOptions {
  /** Keys with a bucket of their own, the least recently used pushed out first. Default 10,000. */
  readonly maxKeys?: number
  /** Slots keeping the deficits of keys pushed out (16 bytes each). Default 4,096. */
  readonly slots?: number
}

interface Bucket {
  tokens: number
  at: number
  rule: RateLimitRule
}

/**
 * The default store of `Sitelet.RateLimit`: exact for the `maxKeys` most
 * recently used keys; past them, a key's deficit is kept in `slots` shared
 * slots, so inventing keys cannot refill anyone's bucket (it can at most
 * make a key start with another's deficit). One process only: several
 * processes need a shared `RateLimitStore`.
 *
 * @example
 * ```ts
 * Sitelet.RateLimit({ Capacity: 10, RefillPerSecond: 1, Key: byUser, Store: memoryStore({ maxKeys: 50_000 }) }, api)
 * ```
 */
export function memoryStore(options: MemoryStoreOptions = {}): RateLimitStore {
  const maxKeys = options.maxKeys ?? 10_000
  const slotCount = Math.max(1, Math.floor(options.slots ?? 4096))
  const buckets = new Map<string, Bucket>()
  // An empty slot holds +Infinity tokens: it takes anything given to it.
  const slotTokens = new Float64Array(slotCount).fill(Number.POSITIVE_INFINITY)
  const slotAt = new Float64Array(slotCount)
  // The hash is keyed per store, so a client cannot pick keys that land on another's slot; drawn at the first
  // take, as Workers allow no random values at a module's top level.
  let seed: number | undefined
  const slotOf = (key: string): number => {
    seed ??= crypto.getRandomValues(new Uint32Array(1))[0] as number
    return fnv1a(key, 0, seed) % slotCount
  }

  const evict = (now: number) => {
    const [key, bucket] = buckets.entries().next().value as [string, Bucket]
    buckets.delete(key)
    const rule = bucket.rule
    const tokens = refilled(bucket.tokens, bucket.at, rule, now)
    // A full bucket is as good as none: only a deficit must outlive the bucket.
    if (tokens >= rule.capacity) return
    const slot = slotOf(key)
    if (tokens < refilled(slotTokens[slot] as number, slotAt[slot] as number, rule, now)) {
      slotTokens[slot] = tokens
      slotAt[slot] = now
    }
  }

  return {
    take(key, rule, now): RateLimitVerdict {
      const stored = storedKey(key)
      let bucket = buckets.get(stored)
      if (bucket === undefined) {
        const slot = slotOf(stored)
        bucket = { tokens: refilled(slotTokens[slot] as number, slotAt[slot] as number, rule, now), at: now, rule }
      } else buckets.delete(stored)
      const { verdict, state } = takeToken(bucket, rule, now)
      bucket.tokens = state.tokens
      bucket.at = state.at
      bucket.rule = rule
      buckets.set(stored, bucket)
      if (buckets.size > maxKeys) evict(now)
      return verdict
    },
  }
}
