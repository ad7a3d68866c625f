/**
 * WebSockets on the Fetch host, with each runtime's own upgrade: Deno's
 * `Deno.upgradeWebSocket`, workerd's `WebSocketPair`, and Bun's
 * `server.upgrade` (the server Bun hands `fetch` as its second argument;
 * Bun then calls the handler's `websocket` object, given to `Bun.serve`).
 * Each platform socket is adapted to the session's `RawSocket`; a runtime
 * with none of them answers 501 with the sentence saying so.
 */
import type { StaticContent } from "../../sitelet/content-model.js"
import { runSocket, type SocketEvents } from "../../sitelet/sockets/socket-session.js"
import type { SocketBody } from "../../sitelet/socket-body.js"
import { hostMessages } from "../host-errors.js"
import { selectedProtocol } from "../upgrade.js"

/** The WHATWG `WebSocket` members Deno's and workerd's server sockets share. */
interface PlatformSocket {
  readonly bufferedAmount?: number
  binaryType?: string
  send(data: string | Uint8Array): void
  close(code?: number, reason?: string): void
  addEventListener(type: string, listener: (event: never) => void): void
}

/** What Bun's `Bun.serve` hands `fetch` as its second argument, as far as upgrades go. */
interface BunServer {
  upgrade(request: Request, options: { data: BunSocketData; headers?: HeadersInit }): boolean
}

/** Bun's server socket, as far as the session goes. */
interface BunSocket {
  readonly data: BunSocketData
  send(data: string | Uint8Array): number
  close(code?: number, reason?: string): void
  terminate(): void
  ping(): void
  getBufferedAmount(): number
}

/** What a Bun socket carries from the upgrade to its events. */
interface BunSocketData {
  readonly body: SocketBody
  readonly onError: (error: unknown) => void
  events?: SocketEvents
}

const standardRaw = (socket: PlatformSocket, terminate: () => void) => ({
  send: (frame: string | Uint8Array) => socket.send(frame),
  close: (code: number, reason: string) => socket.close(code, reason),
  terminate,
  // Deno (idleTimeout) and workerd keep the connection alive themselves.
  ping: undefined,
  bufferedAmount: () => socket.bufferedAmount ?? 0,
})

function listen(socket: PlatformSocket, events: SocketEvents): void {
  // Binary frames as bytes (a browser-style socket gives Blobs by default).
  socket.binaryType = "arraybuffer"
  socket.addEventListener("message", (event: { data: unknown }) =>
    typeof event.data === "string"
      ? events.message(event.data, false)
      : events.message(event.data instanceof ArrayBuffer ? new Uint8Array(event.data) : new Uint8Array(0), true),
  )
  socket.addEventListener("close", (event: { code: number; reason: string }) => events.closed(event.code, event.reason))
}

const notServed = (): Response =>
  new Response(hostMessages.noFetchSocket, { status: 501, headers: { "Content-Type": "text/plain; charset=utf-8" } })

/**
 * What `upgradeFetch` gives on Bun once `server.upgrade` took the request:
 * the Fetch handler then returns `undefined`, as Bun asks.
 */
export const upgradedByBun: Response = Object.freeze(Object.create(null)) as Response

/**
 * Upgrades a Fetch request whose answer is a socket: the 101 response the
 * runtime expects, {@link upgradedByBun} on Bun (its `server.upgrade`
 * answered), or 501 where the runtime has no upgrade.
 *
 * @example
 * ```ts
 * return upgradeFetch(request, content, content.body, env, options.onError)
 * ```
 */
export function upgradeFetch(
  request: Request,
  content: StaticContent,
  body: SocketBody,
  env: unknown,
  onError: (error: unknown) => void,
): Response {
  const headers = content.headers.map(([name, value]) => [name, value] as [string, string])
  // The case's choice (upgrade.ts): none declared or none offered in common, no Sec-WebSocket-Protocol.
  const protocol = selectedProtocol(body.declaration.protocols, request.headers)
  const server = env as Partial<BunServer> | undefined
  if (typeof server?.upgrade === "function") {
    const data: BunSocketData = { body, onError }
    // Bun would answer the client's first protocol; an empty value of its own makes it send none.
    if (protocol !== undefined || request.headers.has("sec-websocket-protocol"))
      headers.push(["Sec-WebSocket-Protocol", protocol ?? ""])
    return server.upgrade(request, { data, headers }) ? upgradedByBun : notServed()
  }
  const deno = (
    globalThis as {
      Deno?: {
        upgradeWebSocket?: (request: Request, options: object) => { socket: PlatformSocket; response: Response }
      }
    }
  ).Deno
  if (typeof deno?.upgradeWebSocket === "function") {
    const { socket, response } = deno.upgradeWebSocket(request, {
      idleTimeout: body.options.PingSeconds === 0 ? 0 : body.options.PingSeconds,
      ...(protocol === undefined ? {} : { protocol }),
    })
    socket.addEventListener("open", () =>
      listen(
        socket,
        runSocket(
          body,
          standardRaw(socket, () => socket.close()),
          onError,
        ),
      ),
    )
    for (const [name, value] of headers) response.headers.append(name, value)
    return response
  }
  const Pair = (globalThis as { WebSocketPair?: new () => Record<0 | 1, PlatformSocket & { accept(): void }> })
    .WebSocketPair
  if (typeof Pair === "function") {
    const pair = new Pair()
    const client = pair[0]
    const server = pair[1]
    server.accept()
    listen(
      server,
      runSocket(
        body,
        standardRaw(server, () => server.close(1001, "")),
        onError,
      ),
    )
    if (protocol !== undefined) headers.push(["Sec-WebSocket-Protocol", protocol])
    return new Response(null, { status: 101, headers, webSocket: client } as ResponseInit)
  }
  return notServed()
}

/**
 * The `websocket` handlers `Bun.serve` needs beside `fetch` for the sockets
 * `server.upgrade` opened: `Bun.serve({ fetch: handler.fetch, websocket: handler.websocket })`.
 *
 * @example
 * ```ts
 * Bun.serve({ fetch: handler.fetch, websocket: bunSocketHandlers })
 * ```
 */
export const bunSocketHandlers = Object.freeze({
  open(socket: BunSocket) {
    const data = socket.data
    data.events = runSocket(
      data.body,
      {
        send: (frame) => void socket.send(frame),
        close: (code, reason) => socket.close(code, reason),
        terminate: () => socket.terminate(),
        ping: () => socket.ping(),
        bufferedAmount: () => socket.getBufferedAmount(),
      },
      data.onError,
    )
  },
  message(socket: BunSocket, message: string | Uint8Array) {
    // Bun gives a binary frame as a Buffer: its own bytes, copied out of Bun's.
    socket.data.events?.message(
      typeof message === "string" ? message : new Uint8Array(message),
      typeof message !== "string",
    )
  },
  pong(socket: BunSocket) {
    socket.data.events?.pong()
  },
  close(socket: BunSocket, code: number, reason: string) {
    socket.data.events?.closed(code, reason)
  },
})
