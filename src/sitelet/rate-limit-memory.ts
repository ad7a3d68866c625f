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

// Keys are the application's, and may come from a client (an API key): long ones are stored shortened.
const maxKeyLength = 256

// FNV-1a of `text` from `from`, its basis mixed with `seed`: unsigned 32 bits.
function fnv1a(text: string, from: number, seed: number): number {
  let hash = 0x811c9dc5 ^ seed
  for (let i = from; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193)
  return hash >>> 0
}

function storedKey(key: string): string {
  if (key.length <= maxKeyLength) return key
  // A hash of the rest: a collision only makes two clients share a bucket.
  return `${key.slice(0, 200)}#${key.length}#${fnv1a(key, 200, 0).toString(36)}`
}

// A bucket's tokens at `now`: what it held, refilled since, up to the capacity.
const refilled = (tokens: number, at: number, rule: RateLimitRule, now: number): number =>
  Math.min(rule.capacity, tokens + (Math.max(0, now - at) / 1000) * rule.refillPerSecond)

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
      const tokens = refilled(bucket.tokens, bucket.at, rule, now)
      const allowed = tokens >= 1
      const left = allowed ? tokens - 1 : tokens
      bucket.tokens = left
      bucket.at = now
      bucket.rule = rule
      buckets.set(stored, bucket)
      if (buckets.size > maxKeys) evict(now)
      return {
        allowed,
        remaining: Math.floor(left),
        retryAfterSeconds: allowed ? 0 : (1 - left) / rule.refillPerSecond,
      }
    },
  }
}
