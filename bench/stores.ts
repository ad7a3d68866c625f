/**
 * `npm run bench:stores`: what a shared rate limit costs per request (issue
 * 37). One route (`GET /limited`, a text answer) served by node:http in a
 * child process each — no limit, `Sitelet.RateLimit` on `memoryStore()`,
 * and on `redisStore` (ioredis, Redis on loopback, started here) — loaded
 * by autocannon from this process (32 connections), in interleaved rounds
 * (the first dropped as warm-up); medians reported, with the ratio to the
 * unlimited server. Needs `redis-server` (`npm run test:services` installs it).
 */
import { createServer } from "node:http"
import { compareVariants } from "./common/variants.js"
import { Redis } from "ioredis"
import { NodeHandler } from "../src/host/node/index.js"
import { Content, memoryStore, type RateLimitStore, Sitelet, t } from "../src/index.js"
import { redisStore } from "../src/redis/index.js"
import { startRedis } from "../test/support/redis-server.js"

type Variant = "none" | "memory" | "redis"
const variants: readonly Variant[] = ["none", "memory", "redis"]

// The child: one server, its port on stdout.
if (process.argv[2] === "--serve") {
  const variant = process.argv[3] as Variant
  const inner = Sitelet.Infer(t.union({ Limited: "GET /limited" }), () => Content.Text("ok"))
  // Keys spread over 1,000 users, each bucket large enough never to refuse: the cost measured is the take itself.
  let next = 0
  const limited = (store: RateLimitStore) =>
    Sitelet.RateLimit({ Capacity: 1e9, RefillPerSecond: 1e6, Key: () => `user:${next++ % 1000}`, Store: store }, inner)
  const site =
    variant === "none"
      ? inner
      : variant === "memory"
        ? limited(memoryStore())
        : limited(redisStore(new Redis(process.argv[4]!)))
  const server = createServer(NodeHandler(site))
  server.listen(0, "127.0.0.1", () =>
    console.log(JSON.stringify({ port: (server.address() as { port: number }).port })),
  )
} else {
  const redis = await startRedis()
  await compareVariants(import.meta.url, variants, "/limited", "rate limit", "vs no limit", [redis.url])
  await redis.stop()
}
