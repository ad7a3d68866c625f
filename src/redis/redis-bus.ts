/**
 * `redisBus(client)`: a `Topic`'s carrier across processes, on Redis
 * pub/sub. A message published by any process reaches the subscribers of
 * its channel in every process subscribed to it; each process holds one
 * subscriber connection and one Redis subscription per channel, whatever
 * the number of its local listeners.
 */
import { withTimeout } from "../internal/with-timeout.js"
import { deliver, type TopicBus, type Unsubscribe } from "../sitelet/sockets/topic-bus.js"
import { redisMessages } from "./messages.js"
import { type RedisClient, redisCommand } from "./redis-command.js"

/** ioredis or iovalkey in subscriber mode: `subscribe`, `unsubscribe` and a `message` event. */
export interface IoRedisSubscriber {
  subscribe(...channels: string[]): Promise<unknown>
  unsubscribe(...channels: string[]): Promise<unknown>
  on(event: "message", listener: (channel: string, message: string) => void): unknown
}

/** node-redis in subscriber mode: `subscribe(channel, listener)` and `unsubscribe(channel)`. */
export interface NodeRedisSubscriber {
  subscribe(channel: string, listener: (message: string, channel: string) => void): Promise<unknown>
  unsubscribe(channel: string): Promise<unknown>
}

/** A Redis bus: a `TopicBus`, and `close()` for the subscriber connection it made. */
export interface RedisBus extends TopicBus {
  /** Closes the subscriber connection the bus made (not one given as `subscriber`, not the client). */
  close(): Promise<void>
}

/** Options of {@link redisBus}. */
export interface RedisBusOptions {
  /**
   * The connection that subscribes (Redis gives a subscribing connection to
   * pub/sub alone). Default: `client.duplicate()`, connected on the first
   * subscription.
   */
  readonly subscriber?: IoRedisSubscriber | NodeRedisSubscriber
  /** Milliseconds to wait for Redis to take a publish or a subscription before rejecting. Default 1,000. */
  readonly timeoutMs?: number
  /** Hears a listener's exception. Default: the console. */
  readonly onError?: (error: unknown) => void
}

// A message carries the moment its publish is reported failed: `d<deadline ms> <text>`. Redis can still run a
// publish its publisher gave up on (a paused or slow server runs it when it resumes); a subscriber drops a message
// that arrives after that moment, so a publish reported failed is never delivered later (the processes' clocks
// agree, as NTP keeps them). A payload without the stamp (another publisher's) is delivered as it is.
const stamped = (deadline: number, text: string) => `d${deadline} ${text}`

function unstamped(payload: string, now: number): string | undefined {
  if (payload.charCodeAt(0) !== 0x64) return payload
  const space = payload.indexOf(" ")
  if (space < 2) return payload
  const deadline = Number(payload.slice(1, space))
  if (!Number.isSafeInteger(deadline)) return payload
  return now > deadline ? undefined : payload.slice(space + 1)
}

type Duplicable = { duplicate(): unknown }
type Closable = {
  on?(event: "error", listener: (error: unknown) => void): unknown
  quit?(): Promise<unknown>
  disconnect?(): unknown
  destroy?(): unknown
}
const isIoRedis = (subscriber: object): subscriber is IoRedisSubscriber =>
  typeof (subscriber as { call?: unknown }).call === "function"

/**
 * A `TopicBus` on Redis (or Valkey) pub/sub, through the application's
 * ioredis, iovalkey or node-redis client. Delivery is at most once: a
 * message published while a process is disconnected from Redis does not
 * reach it (the clients subscribe again when they reconnect). A publish
 * that Redis does not take within `timeoutMs` rejects, and is then never
 * delivered: each message carries that deadline, and a subscriber drops
 * one that arrives after it (a paused Redis runs the publish when it
 * resumes). Messages are framed as `d<deadline> <text>` on the channel.
 *
 * @example
 * ```ts
 * import { Redis } from "ioredis"
 * import { redisBus } from "sitelets/redis"
 * const redis = new Redis(process.env.REDIS_URL!)
 * redis.on("error", (error) => console.error(error)) // else each reconnection is an unhandled error event
 * const rooms = Topic(Heard, { Name: "chat", Bus: redisBus(redis) })
 * ```
 */
export function redisBus(client: RedisClient, options: RedisBusOptions = {}): RedisBus {
  const timeoutMs = options.timeoutMs ?? 1000
  const onError = options.onError ?? ((error: unknown) => console.error(error))
  const send = redisCommand(client)
  const channels = new Map<string, { listeners: Set<(text: string) => void>; ready: Promise<void> }>()
  const dispatch = (channel: string, payload: string) => {
    const text = unstamped(payload, Date.now())
    if (text === undefined) return
    for (const listener of [...(channels.get(channel)?.listeners ?? [])]) deliver(listener, text, onError)
  }
  let connection: Promise<IoRedisSubscriber | NodeRedisSubscriber> | undefined
  const subscriber = () => {
    connection ??= (async () => {
      const made = options.subscriber ?? ((client as unknown as Duplicable).duplicate() as IoRedisSubscriber)
      // The duplicate is the bus's own: its errors (a lost connection, while it reconnects) go to onError.
      if (options.subscriber === undefined) (made as unknown as Closable).on?.("error", onError)
      // node-redis: a duplicate is not connected yet.
      const pending = made as { isOpen?: boolean; connect?: () => Promise<unknown> }
      if (pending.isOpen === false && typeof pending.connect === "function") await pending.connect()
      if (isIoRedis(made)) made.on("message", dispatch)
      return made
    })()
    // A connection that failed is made again on the next subscription.
    const made = connection
    made.catch(() => connection === made && (connection = undefined))
    return made
  }
  const timed = <Value>(promise: Promise<Value>) => withTimeout(promise, timeoutMs, redisMessages.timedOut(timeoutMs))

  return {
    async close() {
      const made = connection
      connection = undefined
      channels.clear()
      if (made === undefined || options.subscriber !== undefined) return
      const closable = (await made.catch(() => undefined)) as Closable | undefined
      // ioredis: disconnect(); node-redis: destroy().
      if (typeof closable?.disconnect === "function") closable.disconnect()
      else if (typeof closable?.destroy === "function") closable.destroy()
    },
    async publish(channel, text) {
      await timed(send(["PUBLISH", channel, stamped(Date.now() + timeoutMs, text)]))
    },
    async subscribe(channel, listener): Promise<Unsubscribe> {
      const own = (text: string) => listener(text)
      let entry = channels.get(channel)
      if (entry === undefined) {
        const ready = (async () => {
          const connected = await timed(subscriber())
          await timed(
            Promise.resolve(
              isIoRedis(connected)
                ? connected.subscribe(channel)
                : connected.subscribe(channel, (text) => dispatch(channel, text)),
            ),
          )
        })()
        entry = { listeners: new Set(), ready }
        channels.set(channel, entry)
      }
      const mine = entry
      mine.listeners.add(own)
      try {
        await mine.ready
      } catch (error) {
        mine.listeners.delete(own)
        if (channels.get(channel) === mine) channels.delete(channel)
        throw error
      }
      return async () => {
        mine.listeners.delete(own)
        if (mine.listeners.size > 0 || channels.get(channel) !== mine) return
        channels.delete(channel)
        await timed(Promise.resolve((await subscriber()).unsubscribe(channel)))
      }
    },
  }
}
