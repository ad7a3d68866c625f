/** The sentences of `sitelets/cloudflare`, written once. */
export const cloudflareMessages = {
  timedOut: (ms: number) => `sitelets/cloudflare: the rate-limit Durable Object did not answer within ${ms} ms`,
  objectFailed: (status: number) => `sitelets/cloudflare: the rate-limit Durable Object answered ${status}`,
  badTake:
    "RateLimitObject: expected a POST of { capacity, refillPerSecond, now } (finite numbers, capacity ≥ 1, rate > 0)",
} as const
