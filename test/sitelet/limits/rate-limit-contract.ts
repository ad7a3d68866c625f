/**
 * The contract every `RateLimitStore` keeps (issue 37): the same verdicts,
 * to the last bit of `retryAfterSeconds`, for the same requests — the
 * memory store, the Redis store (ioredis and node-redis) and the Durable
 * Object store (in workerd) all run this one suite. Keys are made unique
 * per run, so a shared store needs no flush between suites.
 */
import { expect, it } from "vitest"
import type { RateLimitRule, RateLimitVerdict } from "../../../src/sitelet/limits/rate-limit.js"

/** A store's `take`, however it is reached (in process, through Redis, through a Worker). */
export type Take = (key: string, rule: RateLimitRule, now: number) => RateLimitVerdict | Promise<RateLimitVerdict>

const burst: RateLimitRule = { capacity: 3, refillPerSecond: 2 }

/**
 * Registers the contract's tests for one store.
 *
 * @example
 * ```ts
 * describe("memoryStore", () => rateLimitContract(() => memoryStore().take))
 * ```
 */
export function rateLimitContract(take: () => Take): void {
  let run = 0
  const unique = (key: string) => `${key}:${Date.now()}:${run++}`

  it("spends a bucket's capacity at once, then refuses with the time until the next token", async () => {
    const key = unique("ada")
    const steps: Array<[number, RateLimitVerdict]> = [
      [0, { allowed: true, remaining: 2, retryAfterSeconds: 0 }],
      [0, { allowed: true, remaining: 1, retryAfterSeconds: 0 }],
      [0, { allowed: true, remaining: 0, retryAfterSeconds: 0 }],
      [0, { allowed: false, remaining: 0, retryAfterSeconds: 0.5 }],
      [250, { allowed: false, remaining: 0, retryAfterSeconds: 0.25 }],
      [500, { allowed: true, remaining: 0, retryAfterSeconds: 0 }],
      [10_000, { allowed: true, remaining: 2, retryAfterSeconds: 0 }],
    ]
    for (const [now, verdict] of steps) expect(await take()(key, burst, now)).toEqual(verdict)
  })

  it("keeps each key's bucket its own", async () => {
    const [a, b] = [unique("a"), unique("b")]
    for (let i = 0; i < 3; i++) await take()(a, burst, 0)
    expect((await take()(a, burst, 0)).allowed).toBe(false)
    expect(await take()(b, burst, 0)).toEqual({ allowed: true, remaining: 2, retryAfterSeconds: 0 })
  })

  it("refills nothing for a request stamped before the bucket's time (another process's clock behind)", async () => {
    const key = unique("clock")
    expect((await take()(key, burst, 5000)).remaining).toBe(2)
    expect((await take()(key, burst, 4000)).remaining).toBe(1)
    // Refilled from 5,000 ms (1 + 0.5 s × 2), not from 4,000 ms (which would give the full 3 back).
    expect((await take()(key, burst, 5500)).remaining).toBe(1)
  })

  it("follows a slow rule exactly: five guesses, then one a minute", async () => {
    const key = unique("guesses")
    const rule = { capacity: 5, refillPerSecond: 1 / 60 }
    for (let i = 0; i < 5; i++) expect((await take()(key, rule, 1000)).allowed).toBe(true)
    const refused = await take()(key, rule, 1000)
    expect(refused.allowed).toBe(false)
    expect(refused.retryAfterSeconds).toBeCloseTo(60, 9)
    expect((await take()(key, rule, 31_000)).retryAfterSeconds).toBeCloseTo(30, 9)
    expect((await take()(key, rule, 61_000)).allowed).toBe(true)
    expect((await take()(key, rule, 61_000)).allowed).toBe(false)
  })

  it("takes any key: a 100,000-character one (kept shortened, still its own) and any characters", async () => {
    const long = unique("k").padEnd(100_000, "k")
    expect((await take()(long, burst, 0)).remaining).toBe(2)
    expect((await take()(long, burst, 0)).remaining).toBe(1)
    expect((await take()(`${long}x`, burst, 0)).remaining).toBe(2)
    const odd = unique("ä/ключ\u0000:*{}\r\n")
    expect((await take()(odd, burst, 0)).remaining).toBe(2)
    expect((await take()(odd, burst, 0)).remaining).toBe(1)
  })

  it("never lets two concurrent requests spend the same token: 40 at once on a bucket of 10", async () => {
    const key = unique("race")
    const rule = { capacity: 10, refillPerSecond: 0.001 }
    const verdicts = await Promise.all(Array.from({ length: 40 }, () => take()(key, rule, 0)))
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(10)
    expect(verdicts.map((verdict) => verdict.remaining).sort((x, y) => x - y)).toEqual([
      ...Array(31).fill(0),
      ...[1, 2, 3, 4, 5, 6, 7, 8, 9],
    ])
  })
}
