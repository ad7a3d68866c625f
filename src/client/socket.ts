/**
 * `Router.Socket(router, endpoint, declaration, init?)`: the client's end of
 * a WebSocket case — typed `Send`, an async iterator of the server's decoded
 * messages, `Close`, and opt-in reconnection with backoff. Uses the
 * platform's `WebSocket` (browsers, Node 22+, Bun, Deno), or the
 * constructor given (`ws` on Node 20).
 */
import type { ClientMessage, ServerMessage, WebSocketAttribute } from "../descriptor/web-socket.js"
import type { Linkable } from "../descriptor/request-only.js"
import { readMessage, writeMessage } from "../json/codec/socket-messages.js"
import type { Telemetry } from "../internal/telemetry.js"
import type { Router } from "../router/router.js"
import * as clientMessages from "./messages.js"
import { resolveLink } from "./request.js"

/** A frame as every platform's `send` takes it: text, or bytes over an `ArrayBuffer`. */
type Frame = string | Uint8Array<ArrayBuffer>

// Bytes over a SharedArrayBuffer (a user's view) are copied: a socket sends from an ArrayBuffer.
const frameOf = (frame: string | Uint8Array): Frame =>
  typeof frame === "string" || frame.buffer instanceof ArrayBuffer ? (frame as Frame) : new Uint8Array(frame)

/**
 * The part of a WHATWG `WebSocket` the client uses: one listener type per
 * event, each taking only what the client reads, so that the platform's
 * socket and `ws`'s (with `@types/ws`) both fit without a cast.
 */
interface PlatformSocket {
  readonly readyState: number
  binaryType: string
  send(data: Frame): void
  close(code?: number, reason?: string): void
  addEventListener(type: "message", listener: (event: { readonly data: unknown }) => void): void
  addEventListener(type: "close", listener: (event: { readonly code: number; readonly reason: string }) => void): void
  addEventListener(type: "open" | "error", listener: () => void): void
}

/** A `WebSocket` constructor: the platform's, or `ws`'s. */
export type SocketConstructor = new (url: string, protocols?: string[]) => PlatformSocket

/**
 * Options of `Router.Socket`.
 *
 * @example
 * ```ts
 * const init: SocketInit = { reconnect: { initialDelayMs: 250, maxDelayMs: 10_000 } }
 * ```
 */
export interface SocketInit {
  /** The origin to connect to (default: the page's); `http(s)` becomes `ws(s)`. */
  readonly base?: string | URL
  /** Reconnect after a close the client did not ask for, with exponential backoff and jitter. Default off. */
  readonly reconnect?:
    | boolean
    | { readonly initialDelayMs?: number; readonly maxDelayMs?: number; readonly maxAttempts?: number }
  /** The `WebSocket` constructor (default `globalThis.WebSocket`; on Node 20, `ws`'s). */
  readonly WebSocket?: SocketConstructor
  /**
   * `OpenTelemetry()` from `sitelets/otel`: a client span per connection,
   * from its opening to its close, with the messages each way. The
   * platform's `WebSocket` sends no headers of ours, so no `traceparent`:
   * the server's session is a trace of its own.
   */
  readonly telemetry?: Telemetry
}

/**
 * The client's end of a typed WebSocket.
 *
 * @example
 * ```ts
 * const room = Router.Socket(api, { $: "Room", room: "lobby" }, ChatSocket)
 * room.Send({ $: "Say", text: "hi" })
 * for await (const heard of room) render(heard)
 * ```
 */
export interface ClientSocket<FromServer, FromClient> extends AsyncIterable<FromServer> {
  /** Sends a message (JSON); before the socket opens (or while it reconnects) it waits in order. */
  Send(message: FromClient): void
  /** Closes for good (no reconnection). */
  Close(code?: number, reason?: string): void
  /** Settles when the socket first opens. */
  readonly Opened: Promise<void>
  /** Settles when the socket is closed for good, with the last close code and reason. */
  readonly Closed: Promise<{ readonly code: number; readonly reason: string }>
}

const OPEN = 1

/**
 * Opens a typed socket to a WebSocket case. A server message that does not
 * decode closes the socket with 1007, as the server does.
 *
 * @example
 * ```ts
 * const room = openSocket(router, { $: "Room", room: "lobby" }, ChatSocket, { reconnect: true })
 * ```
 */
export function openSocket<Endpoint, const Declaration extends WebSocketAttribute>(
  router: Router<Endpoint>,
  endpoint: Linkable<Endpoint>,
  declaration: Declaration,
  init: SocketInit = {},
): ClientSocket<ServerMessage<Declaration>, ClientMessage<Declaration>> {
  const Platform = init.WebSocket ?? (globalThis as { WebSocket?: SocketConstructor }).WebSocket
  if (Platform === undefined) throw new TypeError(clientMessages.noWebSocket)
  const url = resolveLink(router.Link(endpoint), init.base).replace(/^http/, "ws")
  const retry = init.reconnect === true ? {} : init.reconnect === false ? undefined : init.reconnect
  const initialDelay = retry?.initialDelayMs ?? 500
  const maxDelay = retry?.maxDelayMs ?? 30_000
  const maxAttempts = retry?.maxAttempts ?? Number.POSITIVE_INFINITY

  const outbox: Frame[] = []
  const inbox: ServerMessage<Declaration>[] = []
  const waiting: ((result: IteratorResult<ServerMessage<Declaration>>) => void)[] = []
  let current: PlatformSocket | undefined
  // The current connection's counts, for its telemetry span.
  let tally = { open: false, received: 0, sent: 0 }
  let finished = false
  let attempts = 0
  let opened!: () => void
  let settle!: (close: { code: number; reason: string }) => void
  const Opened = new Promise<void>((resolve) => (opened = resolve))
  const Closed = new Promise<{ code: number; reason: string }>((resolve) => (settle = resolve))

  const end = (code: number, reason: string) => {
    finished = true
    for (const resolve of waiting.splice(0)) resolve({ done: true, value: undefined })
    settle({ code, reason })
  }
  const connect = () => {
    // The declared subprotocols, offered in order (the server selects one of them, or none).
    const socket = declaration.protocols ? new Platform(url, [...declaration.protocols]) : new Platform(url)
    current = socket
    // With telemetry, a span per connection: the messages each way are counted, and it ends with the close.
    const scope = init.telemetry?.client?.({ method: "GET", url, router, endpoint })
    const counts = { open: false, received: 0, sent: 0 }
    tally = counts
    if (scope !== undefined) {
      socket.addEventListener("message", () => counts.received++)
      socket.addEventListener("close", (event: { code: number }) =>
        scope.end({
          status: counts.open ? 101 : 0,
          socket: { code: event.code, received: counts.received, sent: counts.sent },
        }),
      )
    }
    socket.addEventListener("open", () => {
      counts.open = true
      attempts = 0
      opened()
      counts.sent += outbox.length
      for (const frame of outbox.splice(0)) socket.send(frame)
    })
    // Binary frames as bytes (a browser's socket gives Blobs by default).
    socket.binaryType = "arraybuffer"
    socket.addEventListener("message", (event: { data: unknown }) => {
      const binary = typeof event.data !== "string"
      const data = binary
        ? event.data instanceof ArrayBuffer
          ? new Uint8Array(event.data)
          : new Uint8Array(event.data as ArrayBufferLike)
        : (event.data as string)
      const read = readMessage(declaration.fromServer, data, binary)
      if ("refuse" in read) return socket.close(read.refuse[0], read.refuse[1].slice(0, 120))
      const value = read.value as ServerMessage<Declaration>
      const next = waiting.shift()
      if (next !== undefined) next({ done: false, value })
      else inbox.push(value)
    })
    socket.addEventListener("close", (event: { code: number; reason: string }) => {
      if (finished || socket !== current) return
      attempts++
      if (retry === undefined || attempts > maxAttempts || event.code === 1000) return end(event.code, event.reason)
      const delay = Math.min(maxDelay, initialDelay * 2 ** (attempts - 1))
      setTimeout(connect, delay / 2 + Math.random() * (delay / 2))
    })
    // An error is followed by a close, which decides.
    socket.addEventListener("error", () => undefined)
  }
  connect()

  return {
    Send(message) {
      if (finished) return
      const frame = frameOf(writeMessage(declaration.fromClient, message))
      if (current?.readyState === OPEN) {
        current.send(frame)
        tally.sent++
      } else outbox.push(frame)
    },
    Close(code = 1000, reason = "") {
      if (finished) return
      current?.close(code, reason)
      end(code, reason)
    },
    Opened,
    Closed,
    [Symbol.asyncIterator]() {
      return {
        next: () => {
          if (inbox.length > 0)
            return Promise.resolve({ done: false, value: inbox.shift() as ServerMessage<Declaration> })
          if (finished) return Promise.resolve({ done: true, value: undefined })
          return new Promise((resolve) => waiting.push(resolve))
        },
        return: () => Promise.resolve({ done: true, value: undefined }),
      }
    },
  }
}
