/**
 * Issue 35, item 2: the in-memory rate-limit store stays bounded in memory
 * and cannot be reset by inventing keys: a bucket pushed out keeps its
 * deficit, so every key gets at most what its own bucket allows.
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { memoryStore } from "../../../src/sitelet/limits/rate-limit-memory.js"

describe("memoryStore", () => {
  it("keeps the in-memory store bounded, and a key pushed out comes back no fuller", async () => {
    const store = memoryStore({ maxKeys: 3 })
    const rule = { capacity: 1, refillPerSecond: 1 }
    expect((await store.take("a", rule, 0)).allowed).toBe(true)
    expect((await store.take("a", rule, 0)).allowed).toBe(false)
    for (const key of ["b", "c", "d", "e", "f"]) await store.take(key, rule, 0)
    // "a" was pushed out with its bucket empty: it comes back empty, and refills at the rule's rate.
    expect((await store.take("a", rule, 0)).allowed).toBe(false)
    expect((await store.take("a", rule, 1000)).allowed).toBe(true)
    const long = "k".repeat(100_000)
    expect((await store.take(long, rule, 5000)).allowed).toBe(true)
    expect((await store.take(long, rule, 5000)).allowed).toBe(false)
    expect((await store.take(`${long}x`, rule, 5000)).allowed).toBe(true)
  })

  it("cannot be reset by inventing keys: the password limit of issue 35 (10,050 invented names)", async () => {
    const store = memoryStore()
    const rule = { capacity: 5, refillPerSecond: 1 / 60 }
    for (let i = 0; i < 5; i++) expect((await store.take("ada", rule, 0)).allowed).toBe(true)
    expect((await store.take("ada", rule, 0)).allowed).toBe(false)
    for (let i = 0; i < 10_050; i++) await store.take(`invented-${i}`, rule, 1)
    expect((await store.take("ada", rule, 2)).allowed).toBe(false)
    // A minute later, one guess, as the rule says.
    expect((await store.take("ada", rule, 60_002)).allowed).toBe(true)
    expect((await store.take("ada", rule, 60_002)).allowed).toBe(false)
  })

  it("lets through, per key, only what the key's own bucket allows, however keys are pushed out (property)", async () => {
    const rule = { capacity: 3, refillPerSecond: 2 }
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ key: fc.integer({ min: 0, max: 12 }), wait: fc.nat(30) }), {
          minLength: 100,
          maxLength: 300,
        }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 1, max: 8 }),
        async (steps, maxKeys, slots) => {
          const store = memoryStore({ maxKeys, slots })
          const exact = new Map<number, { tokens: number; at: number }>()
          let now = 0
          for (const { key, wait } of steps) {
            now += wait
            if (!(await store.take(`k${key}`, rule, now)).allowed) continue
            // Each allowed request must fit the key's own exact bucket, fed only its allowed requests.
            const bucket = exact.get(key) ?? { tokens: rule.capacity, at: now }
            const tokens = Math.min(rule.capacity, bucket.tokens + ((now - bucket.at) / 1000) * rule.refillPerSecond)
            expect(tokens).toBeGreaterThanOrEqual(1 - 1e-9)
            exact.set(key, { tokens: tokens - 1, at: now })
          }
        },
      ),
      { numRuns: Number(process.env.FC_NUM_RUNS ?? 100) },
    )
  })
})
