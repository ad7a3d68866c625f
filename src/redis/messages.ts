/** The sentences of `sitelets/redis`, written once. */
export const redisMessages = {
  notAClient:
    "sitelets/redis: expected a Redis client: an ioredis or iovalkey Redis (it has call()) or a node-redis client (it has sendCommand())",
  timedOut: (ms: number) => `sitelets/redis: Redis did not answer within ${ms} ms`,
} as const
