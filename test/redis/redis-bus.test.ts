/**
 * Issue 37, item 2 on Redis: `redisBus` against a real Redis, each
 * "process" its own client (ioredis for some, node-redis for others): the
 * topic bus contract, a typed `Topic` across them, and what happens when
 * Redis goes away (a publish rejects within its timeout; subscriptions
 * come back with the connection).
 */
import { Redis } from "ioredis"
import { createClient } from "redis"
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest"
import { t, Topic } from "../../src/index.js"
import { type RedisBus, redisBus } from "../../src/redis/index.js"
import { eventually, topicBusContract } from "../sitelet/sockets/topic-contract.js"
import { noRedis, type RedisServer, redisBinary, startRedis } from "../support/redis-server.js"

if (redisBinary === undefined) console.warn(`test/redis: skipped, ${noRedis}`)

describe.skipIf(redisBinary === undefined)("redisBus (a real Redis)", () => {
  let server: RedisServer
  const clients: Array<{ close(): unknown }> = []
  const buses: RedisBus[] = []
  beforeAll(async () => {
    server = await startRedis()
    // Processes 0 and 2 use ioredis, process 1 node-redis: the bus works with either, and they interoperate.
    for (const index of [0, 1, 2]) {
      if (index === 1) {
        const client = createClient({ url: server.url })
        client.on("error", () => undefined)
        await client.connect()
        clients.push({ close: () => client.destroy() })
        buses.push(redisBus(client, { onError: () => undefined }))
      } else {
        const client = new Redis(server.url)
        client.on("error", () => undefined)
        clients.push({ close: () => client.disconnect() })
        buses.push(redisBus(client, { onError: () => undefined }))
      }
    }
  }, 30_000)
  afterAll(async () => {
    for (const bus of buses) await bus.close()
    for (const client of clients) await client.close()
    await server?.stop()
  })

  describe("the topic bus contract, across three clients", () => {
    topicBusContract((index) => buses[index]!)
  })

  it("carries a typed Topic from one process to another", async () => {
    const Heard = t.union({ Message: t.case({ text: t.string, at: t.datetime }) })
    const [here, there] = [
      Topic(Heard, { Name: "chat", Bus: buses[0]! }),
      Topic(Heard, { Name: "chat", Bus: buses[1]! }),
    ]
    const heard: unknown[] = []
    const subscription = await there.Subscribe("lobby", (message) => heard.push(message))
    await here.Publish("lobby", { $: "Message", text: "hi", at: new Date(5) })
    await eventually(() => heard.length === 1, "the message on the other process")
    expect(heard).toEqual([{ $: "Message", text: "hi", at: new Date(5) }])
    await subscription.Unsubscribe()
  })

  it("rejects a publish within its timeout while Redis is down, and delivers again once it is back", async () => {
    const publisher = new Redis(server.url, { enableOfflineQueue: false, retryStrategy: () => 100 })
    publisher.on("error", () => undefined)
    const listener = new Redis(server.url, { retryStrategy: () => 100 })
    listener.on("error", () => undefined)
    try {
      const bus = redisBus(publisher, { timeoutMs: 300, onError: () => undefined })
      const listening = redisBus(listener, { onError: () => undefined })
      onTestFinished(() => listening.close())
      const heard: string[] = []
      await listening.subscribe("outage", (text) => heard.push(text))
      // Without an offline queue a command fails until the connection is up: wait for it.
      for (let attempt = 0; publisher.status !== "ready"; attempt++)
        if (attempt > 100) throw new Error("ioredis did not connect")
        else await new Promise((resolve) => setTimeout(resolve, 50))
      await bus.publish("outage", "before")
      await eventually(() => heard.length === 1, "the message before the outage")
      await server.stop()
      await expect(bus.publish("outage", "during")).rejects.toThrow()
      await server.start()
      // Both clients reconnect; ioredis subscribes again by itself.
      for (let attempt = 0; ; attempt++) {
        await bus.publish("outage", "after").catch(() => undefined)
        if (heard.includes("after")) break
        if (attempt > 100) throw new Error("no delivery after Redis came back")
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      expect(heard[0]).toBe("before")
      expect(heard).not.toContain("during")
    } finally {
      publisher.disconnect()
      listener.disconnect()
    }
  }, 30_000)

  it("never delivers a publish it reported failed: a paused Redis runs it on resuming, and subscribers drop it", async () => {
    const publisher = new Redis(server.url)
    publisher.on("error", () => undefined)
    const listener = new Redis(server.url)
    listener.on("error", () => undefined)
    try {
      const bus = redisBus(publisher, { timeoutMs: 300, onError: () => undefined })
      const listening = redisBus(listener, { onError: () => undefined })
      onTestFinished(() => listening.close())
      const heard: string[] = []
      await listening.subscribe("paused", (text) => heard.push(text))
      await bus.publish("paused", "before")
      await eventually(() => heard.length === 1, "the message before the pause")
      server.pause()
      try {
        await expect(bus.publish("paused", "during")).rejects.toThrow(/300/)
      } finally {
        server.resume()
      }
      // Redis now runs the PUBLISH it was holding: it reaches the listener after its deadline, which drops it.
      await bus.publish("paused", "after")
      await eventually(() => heard.includes("after"), "the message after the pause")
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(heard).toEqual(["before", "after"])
    } finally {
      publisher.disconnect()
      listener.disconnect()
    }
  }, 30_000)
})
