/**
 * One WebSocket connection run against its declaration, whatever the host:
 * messages decoded with the JSON codec (1007 when one does not decode),
 * size, rate and queue limits (1009, 1008), keep-alive pings, a bounded
 * send buffer (1008 for a peer too slow to read), the handler's socket and
 * its end (1000 when it returns, 1011 when it throws). A host adapts its
 * platform's socket to {@link RawSocket} and forwards its events.
 */
import { readMessage, writeMessage } from "../../json/codec/socket-messages.js"
import { utf8Length } from "../../internal/utf8-length.js"
import { socketMessages } from "./socket-messages.js"
import type { ServerSocket, SocketBody, SocketClose } from "../socket-body.js"

/**
 * What a host's socket must offer the session.
 *
 * @example
 * ```ts
 * const raw: RawSocket = { send: (frame) => ws.send(frame), close: (c, r) => ws.close(c, r), terminate: () => ws.terminate(), ping: () => ws.ping(), bufferedAmount: () => ws.bufferedAmount }
 * ```
 */
export interface RawSocket {
  /**
   * Queues a frame (text, or bytes as a binary frame) on the connection, without waiting for it to be written;
   * throws when the platform refuses it (workerd, for a socket of another request).
   */
  send(frame: string | Uint8Array): void
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

const done = Promise.resolve()

// How long a peer closed for reading too slowly has to take the close frame before the connection is dropped.
const slowCloseMilliseconds = 2000

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
  const session = body.openSession?.()
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

  // What this side closed with: reported by `Closed` when the peer never answered the close (the platform's 1006).
  let sent: SocketClose | undefined
  // Once either side closes, no message is delivered: a reader waiting on an empty queue is done (messages
  // received before stay readable), and work handed the signal stops.
  const stop = () => {
    open = false
    controller?.abort()
    for (const resolve of waiting.splice(0)) resolve({ done: true, value: undefined })
  }
  const close = (code: number, reason: string) => {
    if (!open) return
    sent = { code, reason: reasonOf(reason) }
    stop()
    raw.close(code, sent.reason)
  }
  // The handler's exception, for the session's telemetry (a 1011).
  let failure: unknown
  const finished = (code: number, reason: string) => {
    settled = true
    clearInterval(pinger)
    clearTimeout(dropping)
    stop()
    const how = code === 1006 && sent !== undefined ? sent : { code, reason }
    session?.end(failure === undefined ? how : { ...how, error: failure })
    settle(how)
  }
  // A peer too slow to read will not read the close frame queued behind its backlog either: it gets a moment,
  // then the connection is dropped, so its buffers and its place in a room go at once.
  let dropping: ReturnType<typeof setTimeout> | undefined
  const drop = () => {
    close(1008, socketMessages.slowReader)
    dropping = setTimeout(() => settled || raw.terminate(), slowCloseMilliseconds)
    ;(dropping as { unref?: () => void }).unref?.()
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
      if (!open) return done
      try {
        // A value the declaration does not describe rejects: the program's mistake, reported where it awaits.
        const frame = writeMessage(declaration.fromServer, message)
        raw.send(frame)
        session?.sent(typeof frame === "string" ? utf8Length(frame) : frame.byteLength)
      } catch (error) {
        return Promise.reject(error)
      }
      // Checked after queuing, not before the next Send: a peer that stopped reading is dropped at once, and
      // nothing waits for it to read, so one slow peer never holds up a broadcast to the others.
      if (raw.bufferedAmount() > options.MaxBufferedBytes) drop()
      return done
    },
    Close(code = 1000, reason = "") {
      // RFC 6455 §7.4: an application closes with 1000 or its own 3000–4999; checked before anything changes.
      if (code !== 1000 && !(Number.isInteger(code) && code >= 3000 && code <= 4999))
        throw new RangeError(socketMessages.badCloseCode(code))
      close(code, reason)
    },
    Closed: closed,
    get Signal() {
      if (controller === undefined) {
        controller = new AbortController()
        if (!open) controller.abort()
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
    .then(() => (session === undefined ? body.run(socket) : session.run(() => body.run(socket))))
    .then(
      () => close(1000, ""),
      (error: unknown) => {
        failure = error
        onError(error)
        close(1011, "internal error")
      },
    )

  return {
    message(data, binary) {
      if (!open) return
      session?.received(typeof data === "string" ? utf8Length(data) : data.byteLength)
      if (
        typeof data === "string" ? longerThan(data, options.MaxMessageBytes) : data.byteLength > options.MaxMessageBytes
      )
        return close(1009, socketMessages.messageTooLarge(options.MaxMessageBytes))
      const now = Date.now()
      tokens = Math.min(options.MaxMessagesPerSecond, tokens + ((now - refilled) / 1000) * options.MaxMessagesPerSecond)
      refilled = now
      if (tokens < 1) return close(1008, socketMessages.tooManyMessages(options.MaxMessagesPerSecond))
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
      if (queue.length >= options.MaxQueuedMessages) return close(1008, socketMessages.queueFull)
      queue.push(value)
    },
    pong() {
      alive = true
    },
    closed: finished,
  }
}
