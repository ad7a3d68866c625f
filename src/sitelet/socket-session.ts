/**
 * One WebSocket connection run against its declaration, whatever the host:
 * messages decoded with the JSON codec (1007 when one does not decode),
 * size, rate and queue limits (1009, 1008), keep-alive pings, a bounded
 * send buffer (1008 for a peer too slow to read), the handler's socket and
 * its end (1000 when it returns, 1011 when it throws). A host adapts its
 * platform's socket to {@link RawSocket} and forwards its events.
 */
import { readMessage, writeMessage } from "../json/socket-messages.js"
import { siteletMessages } from "./messages.js"
import type { ServerSocket, SocketBody, SocketClose } from "./web-socket.js"

/**
 * What a host's socket must offer the session.
 *
 * @example
 * ```ts
 * const raw: RawSocket = { send: (text, done) => ws.send(text, done), close: (c, r) => ws.close(c, r), terminate: () => ws.terminate(), ping: () => ws.ping(), bufferedAmount: () => ws.bufferedAmount }
 * ```
 */
export interface RawSocket {
  /** Sends a frame (text, or bytes as a binary frame); `done` runs once it is written, with an error when it could not be. */
  send(frame: string | Uint8Array, done: (error?: Error) => void): void
  close(code: number, reason: string): void
  /** Drops the connection without a closing handshake (a peer that stopped answering). */
  terminate(): void
  /** Sends a ping, or undefined where the platform keeps connections alive itself. */
  readonly ping: (() => void) | undefined
  bufferedAmount(): number
}

/**
 * What the host tells the session: a message (text or binary), a pong,
 * the close.
 *
 * @example
 * ```ts
 * ws.on("message", (data, binary) => events.message(binary ? data : data.toString(), binary))
 * ```
 */
export interface SocketEvents {
  message(data: string | Uint8Array, binary: boolean): void
  pong(): void
  closed(code: number, reason: string): void
}

// RFC 6455 §5.5: a close reason is at most 123 bytes of UTF-8.
function reasonOf(text: string): string {
  const bytes = new TextEncoder().encode(text)
  if (bytes.byteLength <= 123) return text
  let cut = 120
  while (cut > 0 && ((bytes[cut] as number) & 0xc0) === 0x80) cut--
  return `${new TextDecoder().decode(bytes.subarray(0, cut))}…`
}

// A string of n UTF-16 units takes at most 3n bytes: only a long one is encoded to be measured.
const longerThan = (text: string, bytes: number): boolean =>
  text.length > bytes || (text.length * 3 > bytes && new TextEncoder().encode(text).byteLength > bytes)

/**
 * Runs `body`'s handler on `raw`; returns the events the host forwards.
 * `onError` gets what the handler throws.
 *
 * @example
 * ```ts
 * const events = runSocket(body, raw, (error) => options.onError(error))
 * ```
 */
export function runSocket(body: SocketBody, raw: RawSocket, onError: (error: unknown) => void): SocketEvents {
  const { declaration, options } = body
  // Made when the handler first reads `Signal`: an AbortController and its signal are an event target each, kept
  // for the socket's whole life, and most handlers never ask.
  let controller: AbortController | undefined
  const queue: unknown[] = []
  const waiting: ((result: IteratorResult<unknown>) => void)[] = []
  let open = true
  let settled = false
  let tokens = options.MaxMessagesPerSecond
  let refilled = Date.now()
  let alive = true
  let settle!: (close: SocketClose) => void
  const closed = new Promise<SocketClose>((resolve) => (settle = resolve))

  const close = (code: number, reason: string) => {
    if (!open) return
    open = false
    raw.close(code, reasonOf(reason))
  }
  const finished = (code: number, reason: string) => {
    open = false
    settled = true
    clearInterval(pinger)
    controller?.abort()
    // Messages received before the close stay readable; a reader waiting on an empty queue is done.
    for (const resolve of waiting.splice(0)) resolve({ done: true, value: undefined })
    settle({ code, reason })
  }
  const pinger =
    options.PingSeconds > 0 && raw.ping !== undefined
      ? setInterval(() => {
          if (!alive) return raw.terminate()
          alive = false
          raw.ping?.()
        }, options.PingSeconds * 1000)
      : undefined
  // A timer must not keep a process alive that has nothing else to do.
  ;(pinger as { unref?: () => void } | undefined)?.unref?.()

  const socket: ServerSocket<unknown, unknown> = {
    Send(message) {
      // After the close a message is dropped: `Closed` and `Signal` tell the handler, which need not catch.
      if (!open) return Promise.resolve()
      if (raw.bufferedAmount() > options.MaxBufferedBytes) {
        close(1008, "the client reads too slowly")
        return Promise.resolve()
      }
      // A value the declaration does not describe throws here, in the handler: the program's mistake.
      const frame = writeMessage(declaration.fromServer, message)
      return new Promise((resolve) => raw.send(frame, () => resolve()))
    },
    Close(code = 1000, reason = "") {
      // RFC 6455 §7.4: an application closes with 1000 or its own 3000–4999; checked before anything changes.
      if (code !== 1000 && !(Number.isInteger(code) && code >= 3000 && code <= 4999))
        throw new RangeError(siteletMessages.badCloseCode(code))
      close(code, reason)
    },
    Closed: closed,
    get Signal() {
      if (controller === undefined) {
        controller = new AbortController()
        if (!open && settled) controller.abort()
      }
      return controller.signal
    },
    [Symbol.asyncIterator]() {
      return {
        next: () => {
          if (queue.length > 0) return Promise.resolve({ done: false, value: queue.shift() })
          if (!open) return Promise.resolve({ done: true, value: undefined })
          return new Promise((resolve) => waiting.push(resolve))
        },
        return: () => Promise.resolve({ done: true, value: undefined }),
      }
    },
  }

  Promise.resolve()
    .then(() => body.run(socket))
    .then(
      () => close(1000, ""),
      (error: unknown) => {
        onError(error)
        close(1011, "internal error")
      },
    )

  return {
    message(data, binary) {
      if (!open) return
      if (
        typeof data === "string" ? longerThan(data, options.MaxMessageBytes) : data.byteLength > options.MaxMessageBytes
      )
        return close(1009, `a message may take at most ${options.MaxMessageBytes} bytes`)
      const now = Date.now()
      tokens = Math.min(options.MaxMessagesPerSecond, tokens + ((now - refilled) / 1000) * options.MaxMessagesPerSecond)
      refilled = now
      if (tokens < 1) return close(1008, `at most ${options.MaxMessagesPerSecond} messages per second`)
      tokens -= 1
      const read = readMessage(declaration.fromClient, data, binary)
      if ("refuse" in read) {
        const [code, reason] = read.refuse
        if (code === 1007 && options.OnInvalid !== undefined)
          return options.OnInvalid(new Error(reason), data as string)
        return close(code, reason)
      }
      const value = read.value
      const next = waiting.shift()
      if (next !== undefined) return next({ done: false, value })
      if (queue.length >= options.MaxQueuedMessages) return close(1008, "too many messages waiting to be read")
      queue.push(value)
    },
    pong() {
      alive = true
    },
    closed: finished,
  }
}
