/**
 * The carrier under a `Topic`: text published on a channel reaches every
 * listener of that channel — in this process (`memoryBus`), across
 * processes (`redisBus`, sitelets/redis) or across Workers
 * (`durableObjectBus`, sitelets/cloudflare). A bus moves text only; the
 * topic encodes and decodes with the JSON codec.
 */

/** Stops one subscription; resolves once the bus has let go of the channel (when it was the last). */
export type Unsubscribe = () => Promise<void>

/**
 * What a `Topic` needs from its carrier. `subscribe` resolves once
 * messages published afterwards are sure to arrive; delivery is at most
 * once (a message published while a process is cut off from the bus is
 * not replayed to it).
 *
 * @example
 * ```ts
 * const bus: TopicBus = memoryBus()
 * const stop = await bus.subscribe("chat:lobby", (text) => console.log(text))
 * await bus.publish("chat:lobby", '{"$":"Joined","present":1}')
 * await stop()
 * ```
 */
export interface TopicBus {
  publish(channel: string, text: string): Promise<void>
  subscribe(channel: string, listener: (text: string) => void): Promise<Unsubscribe>
  /**
   * Each subscription needs its own bus subscription, made where it is used:
   * on Workers, what one request opened (a socket to a Durable Object)
   * cannot deliver to another request's socket. A topic then shares nothing
   * between its subscribers.
   */
  readonly isolated?: boolean
}

/**
 * Calls `listener(value)` so that neither its exception nor its rejected
 * promise reaches the publisher or the other listeners: they go to
 * `onError`.
 *
 * @example
 * ```ts
 * for (const listener of listeners) deliver(listener, text, reportError)
 * ```
 */
export function deliver<Value>(
  listener: (value: Value) => unknown,
  value: Value,
  onError: (error: unknown) => void,
): void {
  try {
    const result = listener(value)
    if (result instanceof Promise) result.catch(onError)
  } catch (error) {
    onError(error)
  }
}

/**
 * The in-process bus, `Topic`'s default: one process's listeners, no
 * copy beyond the text. A listener is called in turn, synchronously; what
 * it throws goes to `onError`, and a listener that awaits holds up no one
 * (its promise is not waited for).
 *
 * @example
 * ```ts
 * const Room = Topic(Heard, { Bus: memoryBus() })
 * ```
 */
export function memoryBus(onError: (error: unknown) => void = reportError): TopicBus {
  const channels = new Map<string, Set<(text: string) => void>>()
  return {
    async publish(channel, text) {
      const listeners = channels.get(channel)
      if (listeners === undefined) return
      // A copy: a listener that unsubscribes (or subscribes) while the message is delivered changes the next one.
      for (const listener of [...listeners]) deliver(listener, text, onError)
    },
    async subscribe(channel, listener) {
      let listeners = channels.get(channel)
      if (listeners === undefined) channels.set(channel, (listeners = new Set()))
      // Each subscription its own entry, even for the same function twice.
      const own = (text: string) => listener(text)
      listeners.add(own)
      return async () => {
        listeners.delete(own)
        if (listeners.size === 0 && channels.get(channel) === listeners) channels.delete(channel)
      }
    },
  }
}

// The platform's own report (the console on Node, an `error` event in browsers and Workers).
function reportError(error: unknown): void {
  const report = (globalThis as { reportError?: (error: unknown) => void }).reportError
  if (typeof report === "function") report(error)
  else console.error(error)
}
