/**
 * The body of a WebSocket answer, as the content model and every host see
 * it: what the host needs to run the socket (the declaration, the handler,
 * the resolved limits), and the server's end of the socket the handler
 * gets. `Content.WebSocket` (sockets) makes it; the hosts upgrade and run
 * it; the content model only knows it is a body of its own kind.
 */
import type { SocketLimits, WebSocketAttribute } from "../descriptor/web-socket.js"
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
