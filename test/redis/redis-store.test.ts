/**
 * Issue 37, item 1: `redisStore` against a real Redis, through both
 * clients it supports (ioredis, node-redis): the rate-limit contract, and
 * what happens when Redis is down, restarts or forgets the script — the
 * limit fails closed (a 503), and comes back with Redis.
 */
import { Redis } from "ioredis"
import { createClient } from "redis"
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest"
import { Content, type RateLimitStore, Sitelet, t } from "../../src/index.js"
import { redisStore } from "../../src/redis/index.js"
import { freePort } from "../../bench/common/loopback.js"
import { memoryStore } from "../../src/sitelet/limits/rate-limit-memory.js"
import { rateLimitContract } from "../sitelet/limits/rate-limit-contract.js"
import { noRedis, type RedisServer, redisBinary, startRedis } from "../support/redis-server.js"

describe("memoryStore: the rate-limit contract", () => {
  const store = memoryStore()
  rateLimitContract(() => store.take)
})

if (redisBinary === undefined) console.warn(`test/redis: skipped, ${noRedis}`)

describe.skipIf(redisBinary === undefined)("redisStore (a real Redis)", () => {
  let server: RedisServer
  let ioredis: Redis
  let nodeRedis: ReturnType<typeof createClient>
  let stores: Record<"ioredis" | "nodeRedis", RateLimitStore>
  beforeAll(async () => {
    server = await startRedis()
    ioredis = new Redis(server.url)
    ioredis.on("error", () => undefined)
    nodeRedis = createClient({ url: server.url })
    nodeRedis.on("error", () => undefined)
    await nodeRedis.connect()
    stores = { ioredis: redisStore(ioredis), nodeRedis: redisStore(nodeRedis) }
  }, 30_000)
  afterAll(async () => {
    ioredis?.disconnect()
    await nodeRedis?.destroy()
    await server?.stop()
  })

  describe("the rate-limit contract, through ioredis", () => {
    rateLimitContract(() => stores.ioredis.take)
  })
  describe("the rate-limit contract, through node-redis", () => {
    rateLimitContract(() => stores.nodeRedis.take)
  })

  it("keeps a bucket only until it would be full again, under the prefix", async () => {
    const store = redisStore(ioredis, { prefix: "test:expiry:" })
    await store.take("ada", { capacity: 3, refillPerSecond: 2 }, Date.now())
    // Two thirds of a token short: full in 500 ms, kept one second longer (clocks differ a little).
    const ttl = await ioredis.pttl("test:expiry:ada")
    expect(ttl).toBeGreaterThan(1000)
    expect(ttl).toBeLessThanOrEqual(1500)
  })

  it("takes a clock with fractions of a millisecond (performance.now, a test clock)", async () => {
    const store = redisStore(ioredis, { prefix: `test:fraction:${Date.now()}:` })
    const rule = { capacity: 2, refillPerSecond: 3 }
    expect((await store.take("k", rule, 1000.25)).remaining).toBe(1)
    expect((await store.take("k", rule, 1000.5)).remaining).toBe(0)
  })

  it("loads its script again when Redis has forgotten it (SCRIPT FLUSH, a restart)", async () => {
    const store = redisStore(ioredis)
    const rule = { capacity: 2, refillPerSecond: 0.001 }
    expect((await store.take("flushed", rule, 0)).remaining).toBe(1)
    await ioredis.script("FLUSH")
    expect((await store.take("flushed", rule, 0)).remaining).toBe(0)
    expect((await store.take("flushed", rule, 0)).allowed).toBe(false)
  })

  it("refuses with a 503 and Retry-After while Redis is down, and limits again once it is back", async () => {
    // No offline queue: a take fails at once while disconnected (with it, a take that timed out is sent
    // when Redis is back, and spends a token then: stricter, never looser; the docs say so).
    const direct = new Redis(server.url, { enableOfflineQueue: false, retryStrategy: () => 100 })
    direct.on("error", () => undefined)
    onTestFinished(() => direct.disconnect())
    for (let attempt = 0; direct.status !== "ready"; attempt++)
      if (attempt > 100) throw new Error("ioredis did not connect")
      else await new Promise((resolve) => setTimeout(resolve, 50))
    const site = Sitelet.RateLimit(
      {
        Capacity: 1,
        RefillPerSecond: 0.001,
        Key: () => "everyone",
        Store: redisStore(direct, { prefix: `test:down:${Date.now()}:`, timeoutMs: 300 }),
      },
      Sitelet.Infer(t.union({ Home: "GET /" }), () => Content.Text("hello")),
    )
    const get = async () => (await site.Handle(new Request("http://127.0.0.1/")))!
    expect((await get()).status).toBe(200)
    expect((await get()).status).toBe(429)
    await server.stop()
    const down = await get()
    expect(down.status).toBe(503)
    expect(down.headers.get("retry-after")).toBe("1")
    expect(await down.json()).toMatchObject({ status: 503, title: "Service Unavailable" })
    await server.start()
    // The bucket went with the server (no persistence here): a new, full one, then the limit again.
    for (let attempt = 0; (await direct.ping().catch(() => "")) !== "PONG"; attempt++)
      if (attempt > 100) throw new Error("ioredis did not reconnect")
      else await new Promise((resolve) => setTimeout(resolve, 100))
    expect((await get()).status).toBe(200)
    expect((await get()).status).toBe(429)
  }, 30_000)

  it("fails closed against a port where no Redis listens: a rejection within the timeout, never a pass", async () => {
    const port = await freePort()
    const nowhere = new Redis({ port, host: "127.0.0.1", maxRetriesPerRequest: null, retryStrategy: () => 200 })
    nowhere.on("error", () => undefined)
    try {
      const started = Date.now()
      await expect(
        redisStore(nowhere, { timeoutMs: 200 }).take("x", { capacity: 1, refillPerSecond: 1 }, 0),
      ).rejects.toThrow("Redis did not answer within 200 ms")
      expect(Date.now() - started).toBeLessThan(5000)
    } finally {
      nowhere.disconnect()
    }
  })

  it("refuses a value that is not a Redis client, in one sentence", () => {
    expect(() => redisStore({} as never)).toThrow("expected a Redis client")
  })
})
