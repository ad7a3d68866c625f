/**
 * Issue 37, item 2: `Topic` — typed messages published to a key and heard
 * by its subscribers — on the in-process bus: the bus contract, and what
 * the topic adds (the codec both ways, one decode per message whatever
 * the number of listeners, a message the descriptor refuses dropped and
 * reported, the bounded `Messages` iterable).
 */
import { describe, expect, it } from "vitest"
import { Content, memoryBus, Sitelet, t, Topic, type TopicBus } from "../../../src/index.js"
import { topicBusContract } from "./topic-contract.js"

const quiet = () => undefined

describe("memoryBus: the topic bus contract", () => {
  const bus = memoryBus(quiet)
  topicBusContract(() => bus)
})

const Heard = t.union({
  Message: t.case({ name: t.string, at: t.datetime }),
  Joined: t.case({ present: t.int }),
})

describe("Topic", () => {
  it("carries typed values through the bus as the codec's JSON, and gives them back typed", async () => {
    const texts: string[] = []
    const bus = memoryBus(quiet)
    await bus.subscribe("chat:lobby", (text) => texts.push(text))
    const rooms = Topic(Heard, { Name: "chat", Bus: bus })
    const heard: unknown[] = []
    const subscription = await rooms.Subscribe("lobby", (message) => heard.push(message))
    await rooms.Publish("lobby", { $: "Message", name: "ada", at: new Date(0) })
    await rooms.Publish("elsewhere", { $: "Joined", present: 2 })
    expect(texts).toEqual(['{"$":"Message","name":"ada","at":"1970-01-01T00:00:00.000Z"}'])
    expect(heard).toEqual([{ $: "Message", name: "ada", at: new Date(0) }])
    await subscription.Unsubscribe()
    await rooms.Publish("lobby", { $: "Joined", present: 1 })
    expect(heard).toHaveLength(1)
  })

  it("refuses to publish a value its descriptor does not describe (the codec's error)", async () => {
    const rooms = Topic(Heard)
    await expect(rooms.Publish("lobby", { $: "Joined", present: 1.5 })).rejects.toThrow(
      "$.present: expected int, got 1.5",
    )
  })

  it("drops a message from the bus that its descriptor refuses, and reports it", async () => {
    const bus = memoryBus(quiet)
    const errors: unknown[] = []
    const rooms = Topic(Heard, { Name: "chat", Bus: bus, OnError: (error) => errors.push(error) })
    const heard: unknown[] = []
    await rooms.Subscribe("lobby", (message) => heard.push(message))
    await bus.publish("chat:lobby", '{"$":"Joined","present":"many"}')
    await bus.publish("chat:lobby", "{not json")
    await bus.publish("chat:lobby", '{"$":"Joined","present":3}')
    expect(heard).toEqual([{ $: "Joined", present: 3 }])
    expect(errors.map((error) => (error as Error).message)).toEqual([
      "Topic: a message on 'chat:lobby' does not match the topic's descriptor (published by another version of the app?); it was dropped",
      "Topic: a message on 'chat:lobby' does not match the topic's descriptor (published by another version of the app?); it was dropped",
    ])
  })

  it("subscribes to the bus once per key, whatever the number of listeners, and lets go after the last", async () => {
    const inner = memoryBus(quiet)
    let subscriptions = 0
    let active = 0
    const counting: TopicBus = {
      publish: inner.publish,
      async subscribe(channel, listener) {
        subscriptions++
        active++
        const stop = await inner.subscribe(channel, listener)
        return async () => {
          active--
          await stop()
        }
      },
    }
    const rooms = Topic(Heard, { Bus: counting })
    const heard: number[] = []
    const all = await Promise.all(Array.from({ length: 20 }, (_, i) => rooms.Subscribe("lobby", () => heard.push(i))))
    await rooms.Publish("lobby", { $: "Joined", present: 20 })
    expect(heard).toHaveLength(20)
    expect(subscriptions).toBe(1)
    for (const subscription of all) await subscription.Unsubscribe()
    expect(active).toBe(0)
  })

  it("keeps a key's channel bounded: a 100,000-character key is shortened as rate-limit keys are", async () => {
    const channels: string[] = []
    const inner = memoryBus(quiet)
    const rooms = Topic(Heard, {
      Bus: {
        publish: (channel, text) => (channels.push(channel), inner.publish(channel, text)),
        subscribe: inner.subscribe,
      },
    })
    await rooms.Publish("k".repeat(100_000), { $: "Joined", present: 1 })
    expect(channels[0]!.length).toBeLessThan(240)
  })

  it("iterates a key's messages until the signal, and lets go of the bus after", async () => {
    const rooms = Topic(Heard)
    const controller = new AbortController()
    const seen: unknown[] = []
    const reading = (async () => {
      for await (const message of rooms.Messages("lobby", { Signal: controller.signal })) {
        seen.push(message)
        if (seen.length === 2) controller.abort()
      }
    })()
    await new Promise((resolve) => setTimeout(resolve, 10))
    await rooms.Publish("lobby", { $: "Joined", present: 1 })
    await rooms.Publish("lobby", { $: "Joined", present: 2 })
    await reading
    expect(seen).toEqual([
      { $: "Joined", present: 1 },
      { $: "Joined", present: 2 },
    ])
  })

  it("ends the iteration of a reader that falls MaxQueued behind, rather than queue without bound", async () => {
    const rooms = Topic(Heard)
    const iterator = rooms.Messages("lobby", { MaxQueued: 3 })[Symbol.asyncIterator]()
    const first = iterator.next()
    await new Promise((resolve) => setTimeout(resolve, 10))
    for (let i = 0; i < 10; i++) await rooms.Publish("lobby", { $: "Joined", present: i })
    expect((await first).value).toEqual({ $: "Joined", present: 0 })
    await expect(iterator.next()).rejects.toThrow("fell 3 messages behind")
  })

  it("feeds a server-sent event stream: what is published reaches the open stream, typed by the codec", async () => {
    const rooms = Topic(Heard)
    const site = Sitelet.Infer(t.union({ Events: "GET /rooms/<room>/events" }), {
      Events: (ctx, e) => Content.EventStream(rooms.Messages(e.room, { Signal: ctx.Signal }), Heard),
    })
    const controller = new AbortController()
    const response = await site.Handle(
      new Request("http://127.0.0.1/rooms/lobby/events", { signal: controller.signal }),
    )
    expect(response?.headers.get("content-type")).toMatch(/^text\/event-stream/)
    const reader = response!.body!.pipeThrough(new TextDecoderStream()).getReader()
    let text = ""
    // The subscription is made when the stream is first read; publish until the stream has the event.
    let pending = reader.read()
    for (let attempt = 0; !text.includes('"present":7'); attempt++) {
      if (attempt > 100) throw new Error(`no event in the stream: ${text}`)
      await rooms.Publish("lobby", { $: "Joined", present: 7 })
      const chunk = await Promise.race([pending, new Promise<undefined>((resolve) => setTimeout(resolve, 20))])
      if (chunk === undefined) continue
      if (!chunk.done) text += chunk.value
      pending = reader.read()
    }
    expect(text).toContain('data: {"$":"Joined","present":7}')
    controller.abort()
    await reader.cancel()
  })
})
