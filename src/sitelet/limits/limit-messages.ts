import { countOf, rateInWords } from "../../internal/words.js"

/**
 * Sentences of guards and rate limits, and a rate limit's rule as people write it, written once; tests import these writers.
 *
 * @example
 * ```ts
 * limitMessages.rateLimited(5, 1 / 60) //=> "at most 5 requests at once, then 1 a minute"
 * ```
 */
export const limitMessages = {
  badGuardAnswer: (code: unknown) =>
    `Sitelet.Guard: Answers lists status ${String(code)}, which is not a status a guard answers with (400-599)`,
  badRateLimit: (capacity: unknown, refill: unknown) =>
    `Sitelet.RateLimit: Capacity must be a finite number ≥ 1 and RefillPerSecond a number > 0, got ${String(capacity)} and ${String(refill)}`,
  rateLimitStoreDown: "the rate-limit store could not be reached, so no request is let through; try again shortly",
  /** A rate limit's rule, as people write it: "at most 5 requests at once, then 1 a minute". */
  rateLimited: (capacity: number, refillPerSecond: number) =>
    `at most ${countOf(capacity, "request", "requests")} at once, then ${rateInWords(refillPerSecond)}`,
} as const
