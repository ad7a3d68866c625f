/**
 * `Content.WebSocket(declaration, handler, options?)`: the answer of a
 * WebSocket case — the host upgrades the connection and hands the handler a
 * typed socket. A request that is not an upgrade gets 426 with `Upgrade:
 * websocket`. The body is plain data, like a stream's: each host writes it
 * with its own upgrade (`ws` on node:http).
 */
import {
  type ClientMessage,
  type ServerMessage,
  socketLimitDefaults,
  type WebSocketAttribute,
} from "../../descriptor/web-socket.js"
import type { StaticContent } from "../content-model.js"
import type { ServerSocket, SocketBody, SocketOptions } from "../socket-body.js"
import { socketMessages } from "./socket-messages.js"

const count = (value: unknown, name: string, fallback: number): number => {
  if (value === undefined) return fallback
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0)
    throw new RangeError(socketMessages.badSocketOption(name, value))
  return value
}

/**
 * Answers a WebSocket case: upgrades and runs `handler` with the typed
 * socket; when it returns, the socket closes with 1000 (unless it did),
 * and when it throws, with 1011 (the error goes to the host's `onError`).
 *
 * @example
 * ```ts
 * Room: (_ctx, e) => Content.WebSocket(ChatSocket, async (socket) => {
 *   for await (const said of socket) await socket.Send({ $: "Message", from: e.room, text: said.text })
 * })
 * ```
 */
export function WebSocket<const Declaration extends WebSocketAttribute>(
  declaration: Declaration,
  handler: (socket: ServerSocket<ClientMessage<Declaration>, ServerMessage<Declaration>>) => void | Promise<void>,
  options: SocketOptions = {},
): StaticContent {
  if (declaration?.name !== "WebSocket") throw new TypeError(socketMessages.notSocketDeclaration)
  if (typeof handler !== "function") throw new TypeError(socketMessages.socketHandler)
  const origins = options.AllowedOrigins ?? []
  // The options given here, else the declaration's limits, else the defaults.
  const limits = { ...socketLimitDefaults, ...declaration.limits }
  const body: SocketBody = Object.freeze({
    kind: "socket",
    declaration,
    run: handler as SocketBody["run"],
    options: Object.freeze({
      MaxMessageBytes: count(options.MaxMessageBytes, "MaxMessageBytes", limits.MaxMessageBytes),
      MaxMessagesPerSecond: count(options.MaxMessagesPerSecond, "MaxMessagesPerSecond", limits.MaxMessagesPerSecond),
      MaxQueuedMessages: count(options.MaxQueuedMessages, "MaxQueuedMessages", limits.MaxQueuedMessages),
      MaxBufferedBytes: count(options.MaxBufferedBytes, "MaxBufferedBytes", limits.MaxBufferedBytes),
      PingSeconds: count(options.PingSeconds, "PingSeconds", 30),
      AllowedOrigins: origins === "*" ? "*" : Object.freeze([...origins]),
      OnInvalid: options.OnInvalid,
    }),
  })
  // 101 until a host upgrades: no host writes it as it is (426 for a request that is no upgrade).
  return Object.freeze({
    kind: "static",
    status: Object.freeze({ code: 101, text: "Switching Protocols" }),
    headers: Object.freeze([]) as StaticContent["headers"],
    body,
  })
}
