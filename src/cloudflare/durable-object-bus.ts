/**
 * `durableObjectBus(namespace)`: a `Topic`'s carrier on Cloudflare
 * Workers. Each channel (a room) is a `TopicObject`; each subscription is
 * a WebSocket from the request that subscribes to that object, and a
 * publish is a POST the object relays to them all — so a message from any
 * Worker instance reaches every socket in the room.
 */
import { withTimeout } from "../internal/with-timeout.js"
import { deliver, type TopicBus, type Unsubscribe } from "../sitelet/sockets/topic-bus.js"
import type { DurableObjectNamespaceLike, WorkersWebSocket } from "./durable-object-types.js"
import { cloudflareMessages } from "./messages.js"

/** Options of {@link durableObjectBus}. */
export interface DurableObjectBusOptions {
  /** Milliseconds to wait for the object to take a publish or a subscription. Default 2,000. */
  readonly timeoutMs?: number
  /** Hears a listener's exception. Default: the console. */
  readonly onError?: (error: unknown) => void
}

const decoder = new TextDecoder()

/**
 * A `TopicBus` on Durable Objects: bind a namespace to `TopicObject` and
 * pass it. It is `isolated`: a topic on it gives every subscriber its own
 * WebSocket to the room's object, made in the subscriber's own request
 * (on Workers, a request cannot write to another request's socket).
 *
 * @example
 * ```ts
 * export { TopicObject } from "sitelets/cloudflare"
 * const rooms = (env: Env) => Topic(Heard, { Name: "chat", Bus: durableObjectBus(env.TOPICS) })
 * ```
 */
export function durableObjectBus(
  namespace: DurableObjectNamespaceLike,
  options: DurableObjectBusOptions = {},
): TopicBus {
  const timeoutMs = options.timeoutMs ?? 2000
  const onError = options.onError ?? ((error: unknown) => console.error(error))
  const stub = (channel: string) => namespace.get(namespace.idFromName(channel) as never)
  const timed = <Value>(promise: Promise<Value>) =>
    withTimeout(promise, timeoutMs, cloudflareMessages.topicTimedOut(timeoutMs))
  return {
    isolated: true,
    async publish(channel, text) {
      const response = await timed(
        stub(channel).fetch("https://topic.sitelets.invalid/publish", { method: "POST", body: text }),
      )
      if (!response.ok) throw new Error(cloudflareMessages.topicFailed(response.status))
    },
    async subscribe(channel, listener): Promise<Unsubscribe> {
      const response = await timed(
        stub(channel).fetch("https://topic.sitelets.invalid/subscribe", { headers: { Upgrade: "websocket" } }),
      )
      const socket = (response as Response & { webSocket?: WorkersWebSocket | null }).webSocket
      if (response.status !== 101 || socket == null) throw new Error(cloudflareMessages.topicNoSocket)
      socket.accept()
      socket.addEventListener("message", (event) =>
        deliver(
          listener,
          typeof event.data === "string" ? event.data : decoder.decode(event.data as ArrayBuffer),
          onError,
        ),
      )
      return async () => {
        try {
          socket.close(1000, "unsubscribed")
        } catch {
          // Already closed (the object went away).
        }
      }
    },
  }
}
