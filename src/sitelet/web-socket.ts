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
  type SocketLimits,
  socketLimitDefaults,
  type WebSocketAttribute,
} from "../descriptor/web-socket.js"
import type { StaticContent } from "./content-model.js"
import { socketMessages } from "./socket-messages.js"
import type { TelemetrySession } from "../internal/telemetry.js"

/**
 * The server's end of a typed WebSocket: iterate it for the client's
 * messages (decoded), `Send` the server's.
 *
 * @example
 * ```ts
 * Content.WebSocket(ChatSocket, async (socket) => {
 *   for await (const said of socket) await socket.Send({ $: "Message", from: "me", text: said.text })
 * })
 * ```
 */
export interface ServerSocket<FromClient, FromServer> extends AsyncIterable<FromClient> {
  /**
   * Sends a message (written with the JSON codec). Settles as soon as the
   * frame is queued on the connection: it never waits for this peer to read,
   * so a broadcast (`Promise.all` over a room's sockets) is never held up by
   * one slow peer. Frames the peer has not taken yet count against
   * `MaxBufferedBytes`: past it the socket closes with 1008 at once. After the
   * close a message is dropped (the promise still resolves; `Closed` and
   * `Signal` tell). It rejects when the message does not match the
   * declaration, or when the platform refuses the send (on Workers, a socket
   * that another request opened).
   */
  Send(message: FromServer): Promise<void>
  /** Closes with a code (1000 by default; 3000–4999 for the application's own) and a reason (at most 123 bytes). */
  Close(code?: number, reason?: string): void
  /** Settles when the socket is closed, by either side, with the close code and reason. */
  readonly Closed: Promise<SocketClose>
  /** Aborted when the socket closes: hand it to work that should stop with it. */
  readonly Signal: AbortSignal
}

/** How a socket closed. */
export interface SocketClose {
  readonly code: number
  readonly reason: string
}

/**
 * Limits and keep-alive of one socket; each limit the declaration's
 * `Limits`, else a default.
 *
 * @example
 * ```ts
 * Content.WebSocket(ChatSocket, run, { MaxMessageBytes: 4096, MaxMessagesPerSecond: 20 })
 * ```
 */
export interface SocketOptions extends SocketLimits {
  /** Seconds between pings; a client that has not answered the previous one is dropped. 0 turns pings off. Default 30. */
  readonly PingSeconds?: number
  /** Origins (`https://app.example`) allowed besides the site's own; `"*"` allows any. Default none. */
  readonly AllowedOrigins?: readonly string[] | "*"
  /**
   * A message that does not decode: by default the socket closes with 1007
   * and the decoder's sentence as the reason; given this, it is called
   * instead and the socket stays open.
   */
  readonly OnInvalid?: (error: Error, text: string) => void
}

/** The options with their defaults. */
export type ResolvedSocketOptions = Required<Omit<SocketOptions, "OnInvalid">> & Pick<SocketOptions, "OnInvalid">

/**
 * The body of a WebSocket answer: what the host needs to run it.
 *
 * @example
 * ```ts
 * isSocketBody(Content.WebSocket(ChatSocket, run).body) //=> true
 * ```
 */
export interface SocketBody {
  readonly kind: "socket"
  readonly declaration: WebSocketAttribute
  readonly run: (socket: ServerSocket<unknown, unknown>) => void | Promise<void>
  readonly options: ResolvedSocketOptions
  /** Set by a host with the `telemetry` option: opens the session's scope (its span) once the socket is open. */
  readonly openSession?: (() => TelemetrySession) | undefined
}

/**
 * Whether a body is a WebSocket's.
 *
 * @example
 * ```ts
 * isSocketBody(Content.Text("x").body) //=> false
 * ```
 */
export function isSocketBody(body: unknown): body is SocketBody {
  return typeof body === "object" && body !== null && (body as { kind?: unknown }).kind === "socket"
}

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
