/**
 * `RateLimitObject`, `durableObjectStore` and `TopicObject` in Node, with a stand-in for
 * the runtime's state (a Map as storage): what workerd itself does not
 * show easily — a malformed take, the alarm that forgets a full bucket, a
 * bucket read back after the object was evicted, and an object that fails
 * or hangs (the store rejects, and the limit fails closed). The contract
 * itself, and the topic bus contract, run in workerd:
 * test/runtimes/durable-objects.test.ts.
 */
import { describe, expect, it } from "vitest"
import {
  type DurableObjectNamespaceLike,
  type DurableObjectStateLike,
  durableObjectStore,
  RateLimitObject,
  TopicObject,
} from "../../src/cloudflare/index.js"
import { Content, Sitelet, t } from "../../src/index.js"

function fakeState() {
  const storage = new Map<string, unknown>()
  const alarms: number[] = []
  let ready: Promise<unknown> = Promise.resolve()
  const state: DurableObjectStateLike = {
    storage: {
      get: async <Value>(key: string) => storage.get(key) as Value | undefined,
      put: async (key, value) => void storage.set(key, structuredClone(value)),
      deleteAll: async () => storage.clear(),
      setAlarm: async (time) => void alarms.push(time),
    },
    blockConcurrencyWhile: (callback) => (ready = callback()) as never,
  }
  return { state, storage, alarms, ready: () => ready }
}

const take = (object: RateLimitObject, body: unknown, method = "POST") =>
  object.fetch(new Request("https://rate-limit.sitelets.invalid/take", { method, body: JSON.stringify(body) }))

describe("RateLimitObject", () => {
  it("takes tokens, keeps the bucket in storage, and reads it back after eviction", async () => {
    const fake = fakeState()
    const object = new RateLimitObject(fake.state)
    await fake.ready()
    const rule = { capacity: 2, refillPerSecond: 1 }
    expect(await (await take(object, { ...rule, now: 0 })).json()).toEqual({
      allowed: true,
      remaining: 1,
      retryAfterSeconds: 0,
    })
    expect(fake.storage.get("bucket")).toEqual({ bucket: { tokens: 1, at: 0 }, rule })
    // The runtime evicts the object; a new instance starts from storage, not from a full bucket.
    const again = new RateLimitObject(fake.state)
    await fake.ready()
    expect(await (await take(again, { ...rule, now: 0 })).json()).toMatchObject({ allowed: true, remaining: 0 })
    expect(await (await take(again, { ...rule, now: 0 })).json()).toMatchObject({ allowed: false })
  })

  it("sets an alarm for when the bucket is full again, and the alarm forgets it", async () => {
    const fake = fakeState()
    const object = new RateLimitObject(fake.state)
    await fake.ready()
    const before = Date.now()
    await take(object, { capacity: 3, refillPerSecond: 2, now: 0 })
    // Two tokens left of three: full in 500 ms, forgotten one second after that.
    expect(fake.alarms[0]! - before).toBeGreaterThanOrEqual(1500)
    expect(fake.alarms[0]! - Date.now()).toBeLessThanOrEqual(1500)
    await object.alarm()
    expect(fake.storage.size).toBe(0)
    expect(await (await take(object, { capacity: 3, refillPerSecond: 2, now: 0 })).json()).toMatchObject({
      remaining: 2,
    })
  })

  it.each([
    ["a rule of zero capacity", { capacity: 0, refillPerSecond: 1, now: 0 }],
    ["no refill", { capacity: 1, refillPerSecond: 0, now: 0 }],
    ["a time that is not a number", { capacity: 1, refillPerSecond: 1, now: "0" }],
    ["null", null],
    ["an array", [1, 2, 3]],
  ])("answers 400 to a take with %s, and stores nothing", async (_, body) => {
    const fake = fakeState()
    const object = new RateLimitObject(fake.state)
    const response = await take(object, body)
    expect(response.status).toBe(400)
    expect(await response.text()).toContain("expected a POST of { capacity, refillPerSecond, now }")
    expect(fake.storage.size).toBe(0)
  })

  it("answers 400 to a body that is not JSON, or another method", async () => {
    const object = new RateLimitObject(fakeState().state)
    const text = await object.fetch(new Request("https://x.invalid/", { method: "POST", body: "{" }))
    expect(text.status).toBe(400)
    expect((await take(object, { capacity: 1, refillPerSecond: 1, now: 0 }, "PUT")).status).toBe(400)
  })
})

describe("durableObjectStore", () => {
  const namespace = (fetch: (input: string, init?: RequestInit) => Promise<Response>): DurableObjectNamespaceLike => ({
    idFromName: (name) => name,
    get: () => ({ fetch }),
  })
  const site = (store: ReturnType<typeof durableObjectStore>) =>
    Sitelet.RateLimit(
      { Capacity: 1, RefillPerSecond: 1, Key: () => "k", Store: store },
      Sitelet.Infer(t.union({ Home: "GET /" }), () => Content.Text("ok")),
    )

  it("names one object per key, shortened past 256 characters like every store's keys", async () => {
    const names: string[] = []
    const store = durableObjectStore(
      {
        idFromName: (name) => (names.push(name), name),
        get: () => ({ fetch: async () => Response.json({ allowed: true, remaining: 0, retryAfterSeconds: 0 }) }),
      },
      { prefix: "login:" },
    )
    await store.take("ada", { capacity: 1, refillPerSecond: 1 }, 0)
    await store.take("k".repeat(10_000), { capacity: 1, refillPerSecond: 1 }, 0)
    expect(names[0]).toBe("login:ada")
    expect(names[1]!.length).toBeLessThan(230)
  })

  it("fails closed: an object that errs or does not answer makes the limited site answer 503", async () => {
    const failing = durableObjectStore(namespace(async () => new Response("boom", { status: 500 })))
    await expect(failing.take("k", { capacity: 1, refillPerSecond: 1 }, 0)).rejects.toThrow("answered 500")
    expect((await site(failing).Handle(new Request("http://127.0.0.1/")))?.status).toBe(503)
    const hanging = durableObjectStore(
      namespace(() => new Promise<Response>(() => undefined)),
      { timeoutMs: 50 },
    )
    await expect(hanging.take("k", { capacity: 1, refillPerSecond: 1 }, 0)).rejects.toThrow(
      "did not answer within 50 ms",
    )
    const refused = await site(hanging).Handle(new Request("http://127.0.0.1/"))
    expect(refused?.status).toBe(503)
    expect(refused?.headers.get("retry-after")).toBe("1")
  })
})

describe("TopicObject", () => {
  it("answers what is neither a subscriber's upgrade nor a publish with 400, in one sentence", async () => {
    const object = new TopicObject({ ...fakeState().state, acceptWebSocket: () => undefined, getWebSockets: () => [] })
    const response = await object.fetch(new Request("https://topic.sitelets.invalid/", { method: "GET" }))
    expect(response.status).toBe(400)
    expect(await response.text()).toContain("expected a WebSocket upgrade (a subscriber) or a POST")
  })

  it("relays a publish to every socket the runtime holds for it, past one that fails", async () => {
    const sent: string[] = []
    const socket = (fails: boolean) =>
      ({
        send: (text: string) => {
          if (fails) throw new Error("closing")
          sent.push(text)
        },
      }) as never
    const object = new TopicObject({
      ...fakeState().state,
      getWebSockets: () => [socket(false), socket(true), socket(false)],
    })
    const response = await object.fetch(new Request("https://x.invalid/publish", { method: "POST", body: "hi" }))
    expect(response.status).toBe(204)
    expect(sent).toEqual(["hi", "hi"])
  })

  it("refuses a subscriber where the runtime has no Hibernation API (501), rather than hold sockets itself", async () => {
    const object = new TopicObject(fakeState().state)
    const response = await object.fetch(new Request("https://x.invalid/", { headers: { Upgrade: "websocket" } }))
    expect(response.status).toBe(501)
  })
})
