/**
 * `redisStore(client)`: `Sitelet.RateLimit`'s buckets in Redis or Valkey,
 * shared by every process that talks to it. One Lua script per request
 * takes the token (read, refill, take, write, expire), so two processes
 * never both spend a bucket's last token. The script is the arithmetic of
 * src/sitelet/limits/token-bucket.ts, line for line; one contract test holds
 * this store, the memory store and the Durable Object store to the same
 * verdicts.
 */
import { storedKey } from "../internal/stored-key.js"
import type { RateLimitRule, RateLimitStore, RateLimitVerdict } from "../sitelet/limits/rate-limit.js"
import { withTimeout } from "../internal/with-timeout.js"
import { redisMessages } from "./messages.js"
import { type RedisClient, redisCommand } from "./redis-command.js"

/** Options of {@link redisStore}. */
export interface RedisStoreOptions {
  /** Prepended to every key the store writes. Default `"sitelets:ratelimit:"`. */
  readonly prefix?: string
  /**
   * Milliseconds to wait for Redis before the request is refused with a 503
   * (fail closed). Default 1,000.
   */
  readonly timeoutMs?: number
}

// KEYS[1]: the bucket; ARGV: capacity, refill per second, now (ms), slack (ms) before a full bucket expires.
// Numbers travel as text with 17 significant digits, so a double survives the trip exactly.
const takeScript = `
local capacity = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1])
local at = tonumber(state[2])
if tokens == nil or at == nil then
  tokens = capacity
  at = now
else
  tokens = math.min(capacity, tokens + math.max(0, now - at) / 1000 * rate)
  at = math.max(at, now)
end
local allowed = 0
if tokens >= 1 then
  tokens = tokens - 1
  allowed = 1
end
local full = math.ceil((capacity - tokens) / rate * 1000)
redis.call('HSET', KEYS[1], 'tokens', string.format('%.17g', tokens), 'at', string.format('%.17g', at))
redis.call('PEXPIRE', KEYS[1], math.ceil(full + math.max(0, at - now) + tonumber(ARGV[4])))
return { allowed, string.format('%.17g', tokens) }
`

// A bucket outlives the moment it is full by this much: clocks of processes differ a little.
const expirySlackMs = 1000

/**
 * A `RateLimitStore` in Redis (or Valkey), for several processes or
 * machines: pass the client your application already has — ioredis,
 * iovalkey or node-redis (`redis`); sitelets imports none of them. A
 * bucket is a hash at `prefix + key` that expires once it would be full
 * again, so Redis holds only the keys that have spent tokens recently.
 * When Redis does not answer within `timeoutMs` (down, restarting,
 * partitioned), `take` rejects and `Sitelet.RateLimit` refuses the
 * request with a 503: the limit fails closed.
 *
 * @example
 * ```ts
 * import Redis from "ioredis"
 * import { redisStore } from "sitelets/redis"
 * const redis = new Redis(process.env.REDIS_URL!)
 * redis.on("error", (error) => console.error(error)) // else each reconnection is an unhandled error event
 * Sitelet.RateLimit({ Capacity: 5, RefillPerSecond: 1 / 60, Key: byUser, Store: redisStore(redis) }, login)
 * ```
 */
export function redisStore(client: RedisClient, options: RedisStoreOptions = {}): RateLimitStore {
  const prefix = options.prefix ?? "sitelets:ratelimit:"
  const timeoutMs = options.timeoutMs ?? 1000
  const send = redisCommand(client)
  // The script's SHA-1, from SCRIPT LOAD; forgotten when Redis answers NOSCRIPT (it restarted, or was flushed).
  let sha: Promise<string> | undefined
  const run = async (args: readonly string[]): Promise<unknown> => {
    sha ??= send(["SCRIPT", "LOAD", takeScript]).then(String)
    const loaded = sha
    try {
      return await send(["EVALSHA", await loaded, "1", ...args])
    } catch (error) {
      if (sha === loaded) sha = undefined
      if (!String((error as Error)?.message).startsWith("NOSCRIPT")) throw error
      return send(["EVAL", takeScript, "1", ...args])
    }
  }
  return {
    async take(key: string, rule: RateLimitRule, now: number): Promise<RateLimitVerdict> {
      const reply = await withTimeout(
        run([
          prefix + storedKey(key),
          String(rule.capacity),
          String(rule.refillPerSecond),
          String(now),
          String(expirySlackMs),
        ]),
        timeoutMs,
        redisMessages.timedOut(timeoutMs),
      )
      const [allowed, text] = reply as [number, string]
      const left = Number(text)
      return {
        allowed: allowed === 1,
        remaining: Math.floor(left),
        retryAfterSeconds: allowed === 1 ? 0 : (1 - left) / rule.refillPerSecond,
      }
    },
  }
}
