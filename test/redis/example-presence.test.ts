/**
 * Issue 50, item 8: the example's room presence on a real Redis keeps its
 * word under faults. Two processes (two clients) count one room; a Redis
 * restart (everything forgotten) never drives the number negative, and the
 * processes' beats bring it back; a paused Redis fails a presence call
 * within the client's command timeout instead of holding the socket.
 */
import { Redis } from "ioredis"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { redisPresence } from "../../examples/site/services.js"
import { noRedis, type RedisServer, redisBinary, startRedis } from "../support/redis-server.js"

if (redisBinary === undefined) console.warn(`test/redis: skipped, ${noRedis}`)

// Waits for an asynchronous check to hold (10 s at most).
async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  for (const started = Date.now(); !(await check()); ) {
    if (Date.now() - started > 10_000) throw new Error(`not within 10 s: ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe.skipIf(redisBinary === undefined)("the example's presence (a real Redis)", () => {
  let server: RedisServer
  const clients: Redis[] = []
  const closers: Array<() => void> = []
  const process = (ttlSeconds: number) => {
    const client = new Redis(server.url, { maxRetriesPerRequest: 2, commandTimeout: 500 })
    client.on("error", () => undefined)
    clients.push(client)
    const presence = redisPresence(client, { ttlSeconds })
    closers.push(presence.close)
    return presence
  }
  beforeAll(async () => {
    server = await startRedis()
  }, 30_000)
  afterAll(async () => {
    for (const close of closers) close()
    for (const client of clients) client.disconnect()
    await server?.stop()
  })

  it("counts a room across processes, and a restart of Redis never makes the count negative", async () => {
    const [one, two] = [process(3), process(3)]
    expect(await one.join("lobby")).toBe(1)
    expect(await one.join("lobby")).toBe(2)
    expect(await two.join("lobby")).toBe(3)
    expect(await two.leave("lobby")).toBe(2)
    await server.stop()
    await server.start()
    // Redis forgot every count: a leave is written whole (this process's 1), not taken from a forgotten total.
    let left: number | undefined
    for (let attempt = 0; left === undefined; attempt++) {
      left = await one.leave("lobby").catch(() => undefined)
      if (left === undefined) {
        if (attempt > 100) throw new Error("ioredis did not reconnect")
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    }
    expect(left).toBe(1)
    // The other process has no visitor left; a new one joins: counted from what each process holds.
    expect(await two.join("lobby")).toBe(2)
    expect(await one.leave("lobby")).toBe(1)
    expect(await two.leave("lobby")).toBe(0)
    expect(await one.leave("lobby")).toBe(0)
  }, 30_000)

  it("brings a forgotten count back at the next beat, and drops a process that stops beating", async () => {
    const [one, two] = [process(1.5), process(1.5)]
    await one.join("hall")
    await two.join("hall")
    await clients[clients.length - 1]!.flushall()
    // Both processes beat every half second: the total comes back without any join or leave.
    const probe = process(1.5)
    // How many the room has with the probe's visitor in it (who then leaves again).
    const counted = async () => {
      const joined = await probe.join("hall")
      await probe.leave("hall")
      return joined
    }
    await eventually(async () => (await counted()) === 3, "the beats")
    // A process that stops (killed: its beat ends) stops counting once its key expires.
    closers[closers.length - 3]!()
    await eventually(async () => (await counted()) === 2, "the expiry")
  }, 30_000)

  it("fails a call within the command timeout while Redis is paused, and answers again once it resumes", async () => {
    const presence = process(60)
    server.pause()
    const started = Date.now()
    try {
      await expect(presence.join("paused")).rejects.toThrow(/timed out/i)
    } finally {
      server.resume()
    }
    expect(Date.now() - started).toBeLessThan(5_000)
    await eventually(async () => (await presence.join("paused").catch(() => -1)) >= 1, "a join after the pause")
  }, 30_000)
})
