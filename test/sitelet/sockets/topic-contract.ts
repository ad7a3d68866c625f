/**
 * The contract every `TopicBus` keeps (issue 37, item 2), run against the
 * memory bus, the Redis bus (two clients, each a "process") and the
 * Durable Object bus (in workerd): what one process publishes, every
 * process subscribed to the key hears, in order, and a slow or failing
 * listener holds up no one.
 */
import { expect, it } from "vitest"
import type { TopicBus } from "../../../src/sitelet/sockets/topic-bus.js"

/** Waits until `check` holds (bounded: 5 s), for buses that deliver asynchronously. */
export async function eventually(check: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !check(); waited += 10) {
    if (waited > 5000) throw new Error(`not within 5 s: ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/**
 * Registers the contract's tests; `process(i)` is the bus as process `i` sees it (the same shared medium).
 *
 * @example
 * ```ts
 * const bus = memoryBus()
 * topicBusContract(() => bus)
 * ```
 */
export function topicBusContract(process: (index: number) => TopicBus): void {
  let run = 0
  const unique = (key: string) => `contract:${key}:${Date.now()}:${run++}`

  it("delivers what one process publishes to the subscribers of that channel in every process, in order", async () => {
    const [a, b, c] = [process(0), process(1), process(2)]
    const channel = unique("room")
    const heard: string[][] = [[], [], []]
    const stops = await Promise.all([a, b, c].map((bus, i) => bus.subscribe(channel, (text) => heard[i]!.push(text))))
    const other: string[] = []
    const stopOther = await b.subscribe(unique("other"), (text) => other.push(text))
    for (const text of ["one", "two", "three"]) await a.publish(channel, text)
    await eventually(() => heard.every((list) => list.length === 3), "three messages in each process")
    expect(heard).toEqual([
      ["one", "two", "three"],
      ["one", "two", "three"],
      ["one", "two", "three"],
    ])
    expect(other).toEqual([])
    await Promise.all([...stops, stopOther].map((stop) => stop()))
  })

  it("stops delivering to a subscription that ended, and keeps delivering to the others on its channel", async () => {
    const [a, b] = [process(0), process(1)]
    const channel = unique("leave")
    const first: string[] = []
    const second: string[] = []
    const stopFirst = await b.subscribe(channel, (text) => first.push(text))
    const stopSecond = await b.subscribe(channel, (text) => second.push(text))
    await a.publish(channel, "before")
    await eventually(() => second.length === 1 && first.length === 1, "the first message")
    await stopFirst()
    await a.publish(channel, "after")
    await eventually(() => second.length === 2, "the second message")
    expect(first).toEqual(["before"])
    expect(second).toEqual(["before", "after"])
    await stopSecond()
    await stopSecond()
  })

  it("takes a publish to a channel nobody hears", async () => {
    await expect(process(0).publish(unique("empty"), "into the void")).resolves.toBeUndefined()
  })

  it("holds up no one for a listener that never settles or throws", async () => {
    const [a, b] = [process(0), process(1)]
    const channel = unique("slow")
    const fine: string[] = []
    const stops = [
      await b.subscribe(channel, () => new Promise(() => undefined)),
      await b.subscribe(channel, () => {
        throw new Error("a listener's bug")
      }),
      await b.subscribe(channel, (text) => fine.push(text)),
    ]
    for (let i = 0; i < 50; i++) await a.publish(channel, `m${i}`)
    await eventually(() => fine.length === 50, "fifty messages past a stuck and a failing listener")
    expect(fine[49]).toBe("m49")
    await Promise.all(stops.map((stop) => stop()))
  })

  it("carries a large message (256 KiB) and any characters", async () => {
    const [a, b] = [process(0), process(1)]
    const channel = unique("big")
    const heard: string[] = []
    const stop = await b.subscribe(channel, (text) => heard.push(text))
    const big = `ä\u0000"\\\n${"x".repeat(256 * 1024)}`
    await a.publish(channel, big)
    await eventually(() => heard.length === 1, "the large message")
    expect(heard[0]).toBe(big)
    await stop()
  })
}
