/**
 * `TopicObject`: one channel of a `Topic` in a Durable Object. Subscribers
 * (each a Worker request holding a visitor's socket) connect to it with a
 * WebSocket; a publisher POSTs the message's text, and the object sends
 * it to every subscriber. The sockets are the runtime's (the WebSocket
 * Hibernation API): the object may sleep between messages while the
 * subscribers stay connected.
 */
import type { DurableObjectStateLike, WorkersWebSocket } from "./durable-object-types.js"
import { cloudflareMessages } from "./messages.js"

type WebSocketPairConstructor = new () => { 0: WorkersWebSocket; 1: WorkersWebSocket }

/**
 * The Durable Object class of `durableObjectBus`: export it from your
 * Worker and bind a namespace to it (one object per channel: a room).
 *
 * @example
 * ```ts
 * // wrangler.toml: [[durable_objects.bindings]] name = "TOPICS", class_name = "TopicObject"
 * export { TopicObject } from "sitelets/cloudflare"
 * ```
 */
export class TopicObject {
  readonly #state: DurableObjectStateLike

  constructor(state: DurableObjectStateLike, _env?: unknown) {
    this.#state = state
  }

  /** A WebSocket upgrade subscribes; a POST publishes its text to every subscriber. */
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade")?.toLowerCase() === "websocket") {
      const Pair = (globalThis as { WebSocketPair?: WebSocketPairConstructor }).WebSocketPair
      if (Pair === undefined || typeof this.#state.acceptWebSocket !== "function")
        return new Response(cloudflareMessages.topicNoHibernation, { status: 501 })
      const { 0: client, 1: server } = new Pair()
      // Hibernation: the runtime holds the socket, and the object may sleep between messages.
      this.#state.acceptWebSocket(server)
      return new Response(null, { status: 101, webSocket: client } as ResponseInit)
    }
    if (request.method !== "POST") return new Response(cloudflareMessages.topicRequest, { status: 400 })
    const text = await request.text()
    const subscribers = this.#state.getWebSockets?.() ?? []
    for (const socket of subscribers)
      try {
        // Queued by the runtime: a subscriber that reads slowly holds up no other.
        socket.send(text)
      } catch {
        // A socket closing as the message goes out: it is gone from the next list.
      }
    return new Response(null, { status: 204 })
  }

  /** Hibernation API: subscribers only listen; what one sends is ignored. */
  webSocketMessage(): void {}

  /** Hibernation API: a subscriber left; the close is answered. */
  webSocketClose(socket: WorkersWebSocket, code: number, reason: string): void {
    try {
      socket.close(code === 1005 ? 1000 : code, reason)
    } catch {
      // Already closed.
    }
  }
}
