/**
 * WebSockets and topics: `Content.WebSocket` (a case's answer, plain data a
 * host upgrades), the socket session every host runs the same way (decode,
 * limits, keep-alive, close codes), and `Topic`s of typed messages with the
 * bus they travel on (one process in memory; `redis/` and `cloudflare/`
 * bring theirs).
 *
 * It may import `descriptor/`, `internal/`, `json/codec/` and `sitelet/`
 * (its row of docs/architecture.md, which the layers test holds the code
 * to). Other rooms import its modules by their paths, not through this
 * index, so a bundle or a Worker loads only the modules it uses; this index
 * is the room's table of contents, checked by the compiler.
 *
 * @example
 * ```ts
 * Content.WebSocket(ChatSocket, async (socket) => { for await (const said of socket) await socket.Send(said) })
 * ```
 */
export { socketMessages } from "./socket-messages.js"
export { runSocket, type SocketEvents } from "./socket-session.js"
export { deliver, memoryBus, type TopicBus, type Unsubscribe } from "./topic-bus.js"
export { type MessagesOptions, type Subscription, Topic, type TopicOptions, type TypedTopic } from "./topic.js"
export { WebSocket } from "./web-socket.js"
