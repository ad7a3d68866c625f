/**
 * `Topic(descriptor, options?)`: typed messages published to a key (a
 * room) and heard by every subscriber of that key — in this process by
 * default, in every process with a Redis bus, in every Worker with a
 * Durable Object bus. Messages are checked and carried as JSON by the
 * codec of the descriptor (a socket's `FromServer`, an event stream's
 * events), so what a subscriber hears is typed and validated wherever it
 * was published.
 */
import type { Descriptor, Infer } from "../../descriptor/descriptor.js"
import { deserialize, serialize } from "../../json/codec/codec.js"
import { socketMessages } from "./socket-messages.js"
import { storedKey } from "../../internal/stored-key.js"
import { deliver, memoryBus, type TopicBus, type Unsubscribe } from "./topic-bus.js"

/** Options of {@link Topic}. */
export interface TopicOptions {
  /** The carrier. Default: `memoryBus()` (this process only). */
  readonly Bus?: TopicBus
  /** Names the topic's channels (`<Name>:<key>`), apart from other topics on the same bus. Default `"topic"`. */
  readonly Name?: string
  /** Hears what goes wrong in delivery: a listener's exception, a message the descriptor refuses. Default: the console. */
  readonly OnError?: (error: unknown) => void
}

/** A subscription: `Unsubscribe()` ends it (a second call does nothing). */
export interface Subscription {
  Unsubscribe(): Promise<void>
}

/** Options of {@link TypedTopic.Messages}. */
export interface MessagesOptions {
  /** Ends the iteration (a socket's or stream's `ctx.Signal`). */
  readonly Signal?: AbortSignal
  /** Messages waiting for a reader that does not keep up; past it, the iteration throws (never an unbounded queue). Default 256. */
  readonly MaxQueued?: number
}

/**
 * A typed topic: publish to a key, hear a key.
 *
 * @example
 * ```ts
 * const rooms = Topic(Heard)
 * const heard = await rooms.Subscribe("lobby", (message) => socket.Send(message))
 * await rooms.Publish("lobby", { $: "Joined", present: 1 })
 * await heard.Unsubscribe()
 * ```
 */
export interface TypedTopic<Message> {
  /** Sends `message` to every subscriber of `key`, here and (with a shared bus) in every process. Rejects if the bus does. */
  Publish(key: string, message: Message): Promise<void>
  /**
   * Calls `listener` with each message published to `key` from now on; a
   * listener is not waited for, so a slow one holds up no one.
   */
  Subscribe(key: string, listener: (message: Message) => unknown): Promise<Subscription>
  /** The messages of `key` as an async iterable, for an event stream or a loop, ended by `Signal`. */
  Messages(key: string, options?: MessagesOptions): AsyncIterable<Message>
}

/**
 * A typed topic of `descriptor`'s values.
 *
 * @example
 * ```ts
 * import { Redis } from "ioredis"
 * import { redisBus } from "sitelets/redis"
 * const rooms = Topic(Heard, { Name: "chat", Bus: redisBus(new Redis(url)) })
 * ```
 */
export function Topic<const D extends Descriptor>(descriptor: D, options: TopicOptions = {}): TypedTopic<Infer<D>> {
  const bus = options.Bus ?? memoryBus()
  const name = options.Name ?? "topic"
  const onError = options.OnError ?? ((error: unknown) => console.error(error))
  const channelOf = (key: string) => `${name}:${storedKey(key)}`
  // One bus subscription per channel, whatever the number of local subscribers: a message is decoded once.
  const channels = new Map<string, { listeners: Set<(message: Infer<D>) => unknown>; ready: Promise<Unsubscribe> }>()

  const subscribe = async (key: string, listener: (message: Infer<D>) => unknown): Promise<Subscription> => {
    const channel = channelOf(key)
    // Shared per channel, unless the bus wants a subscription per subscriber (Workers).
    const shared = bus.isolated !== true
    let entry = shared ? channels.get(channel) : undefined
    if (entry === undefined) {
      const listeners = new Set<(message: Infer<D>) => unknown>()
      const ready = bus.subscribe(channel, (text) => {
        let message: Infer<D>
        try {
          message = deserialize(descriptor, text)
        } catch (error) {
          return onError(new Error(socketMessages.topicRefused(channel), { cause: error }))
        }
        for (const each of [...listeners]) deliver(each, message, onError)
      })
      const made = { listeners, ready }
      entry = made
      if (shared) {
        channels.set(channel, made)
        ready.catch(() => channels.get(channel) === made && channels.delete(channel))
      }
    }
    const own = (message: Infer<D>) => listener(message)
    entry.listeners.add(own)
    const current = entry
    try {
      await current.ready
    } catch (error) {
      current.listeners.delete(own)
      throw error
    }
    let ended = false
    const Unsubscribe = async () => {
      if (ended) return
      ended = true
      current.listeners.delete(own)
      if (current.listeners.size > 0 || (shared && channels.get(channel) !== current)) return
      if (shared) channels.delete(channel)
      await (await current.ready)()
    }
    return { Unsubscribe }
  }

  return {
    async Publish(key, message) {
      await bus.publish(channelOf(key), serialize(descriptor, message))
    },
    Subscribe: subscribe,
    Messages: (key, messagesOptions = {}) => messagesOf(subscribe, key, messagesOptions),
  }
}

// The iterable of `Messages`: a bounded queue between the subscription and the reader.
async function* messagesOf<Message>(
  subscribe: (key: string, listener: (message: Message) => unknown) => Promise<Subscription>,
  key: string,
  { Signal, MaxQueued = 256 }: MessagesOptions,
): AsyncGenerator<Message> {
  const queue: Message[] = []
  let wake: (() => void) | undefined
  let overflow = false
  const woken = () => {
    wake?.()
    wake = undefined
  }
  const subscription = await subscribe(key, (message) => {
    if (queue.length >= MaxQueued) overflow = true
    else queue.push(message)
    woken()
  })
  Signal?.addEventListener("abort", woken, { once: true })
  try {
    while (Signal?.aborted !== true) {
      if (overflow) throw new Error(socketMessages.topicOverflow(key, MaxQueued))
      if (queue.length > 0) yield queue.shift() as Message
      else await new Promise<void>((resolve) => (wake = resolve))
    }
  } finally {
    Signal?.removeEventListener("abort", woken)
    await subscription.Unsubscribe()
  }
}
