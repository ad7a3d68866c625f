/** The sentences of `sitelets/cloudflare`, written once. */
export const cloudflareMessages = {
  timedOut: (ms: number) => `sitelets/cloudflare: the rate-limit Durable Object did not answer within ${ms} ms`,
  objectFailed: (status: number) => `sitelets/cloudflare: the rate-limit Durable Object answered ${status}`,
  topicTimedOut: (ms: number) => `sitelets/cloudflare: the topic's Durable Object did not answer within ${ms} ms`,
  topicFailed: (status: number) => `sitelets/cloudflare: the topic's Durable Object answered ${status}`,
  topicNoSocket:
    "sitelets/cloudflare: the topic's Durable Object answered without a WebSocket (is the binding's class TopicObject?)",
  topicNoHibernation:
    "TopicObject: this runtime has no WebSocket Hibernation API (state.acceptWebSocket); run it on Workers or workerd",
  topicRequest:
    "TopicObject: expected a WebSocket upgrade (a subscriber) or a POST of the message's text (a publisher)",
  badTake:
    "RateLimitObject: expected a POST of { capacity, refillPerSecond, now } (finite numbers, capacity ≥ 1, rate > 0)",
} as const
