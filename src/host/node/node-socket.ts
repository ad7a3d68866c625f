/**
 * WebSockets on node:http, with `ws` (the WebSocket implementation the Node
 * ecosystem maintains: the handshake, framing, masking, UTF-8 checks,
 * fragment reassembly within `maxPayload`, close codes). Node hands upgrade
 * requests to the server's `upgrade` event, not to the request listener:
 * `handler.upgrade` runs them through the same sitelet with a response
 * bound to the raw socket, so a refusal (401, 403, 426, 429…) is written as
 * any answer is, and a socket answer is upgraded by `ws`. `ws` is loaded on
 * the first upgrade only.
 */
import { type IncomingMessage, ServerResponse } from "node:http"
import type { Socket } from "node:net"
import type { Duplex } from "node:stream"
import type { StaticContent } from "../../sitelet/content-model.js"
import { runSocket } from "../../sitelet/sockets/socket-session.js"
import type { SocketBody } from "../../sitelet/socket-body.js"
import { hostMessages } from "../host-errors.js"
import { selectedProtocol } from "../upgrade.js"
import { nodeHeaders } from "./node-write.js"

type WsModule = typeof import("ws")
type WsServer = InstanceType<WsModule["WebSocketServer"]>

// The raw socket and first bytes of each upgrade request, until its answer is written.
const upgrades = new WeakMap<IncomingMessage, { readonly socket: Duplex; readonly head: Buffer }>()

let ws: Promise<WsModule> | undefined
// One server (without a port) per message size limit: `ws` checks the size while it reads a frame.
const servers = new Map<number, WsServer>()

/**
 * The `upgrade` listener of a request listener: the request is served by
 * `listener` with a response on the raw socket.
 *
 * @example
 * ```ts
 * server.on("upgrade", upgradeListener(listener))
 * ```
 */
export function upgradeListener(
  listener: (req: IncomingMessage, res: ServerResponse) => void,
): (req: IncomingMessage, socket: Duplex, head: Buffer) => void {
  return (req, socket, head) => {
    upgrades.set(req, { socket, head })
    // A reset connection must not become an uncaught error.
    socket.on("error", () => socket.destroy())
    const res = new ServerResponse(req)
    res.shouldKeepAlive = false
    res.assignSocket(socket as Socket)
    // A refusal written here ends the connection: no other request may follow on it.
    res.on("finish", () => socket.destroy())
    listener(req, res)
  }
}

/**
 * Whether this request came through an upgrade listener and is not answered yet.
 *
 * @example
 * ```ts
 * if (isPendingUpgrade(req)) content = notSocketAnswer(content)
 * ```
 */
export const isPendingUpgrade = (req: IncomingMessage): boolean =>
  // Node's parser sets `upgrade` on such a request: one property read spares the map lookup on every other.
  (req as { upgrade?: boolean }).upgrade === true && upgrades.has(req)

/**
 * Upgrades the request of `res` and runs the socket; a socket answer to a
 * request that did not come through `handler.upgrade` (the server has no
 * `upgrade` listener) is the application's mistake: a 500 and `onError`.
 *
 * @example
 * ```ts
 * writeNodeSocket(res, content, body, onError, fail)
 * ```
 */
export function writeNodeSocket(
  res: ServerResponse,
  content: StaticContent,
  body: SocketBody,
  onError: (error: unknown) => void,
  fail: (error: unknown) => void,
): void {
  const req = res.req
  const upgrade = upgrades.get(req)
  if (upgrade === undefined) return fail(new Error(hostMessages.noUpgradeListener))
  upgrades.delete(req)
  res.detachSocket(upgrade.socket as Socket)
  ;(ws ??= import("ws")).then(
    (module) => {
      const limit = body.options.MaxMessageBytes
      let server = servers.get(limit)
      if (server === undefined) {
        server = new module.WebSocketServer({
          noServer: true,
          maxPayload: limit,
          perMessageDeflate: false,
          // The case's choice (upgrade.ts), never simply the client's first: none declared, none selected.
          handleProtocols: (_offered, request) => protocols.get(request) ?? false,
        })
        // The answer's own headers (a session cookie set while the handler ran) go with the 101.
        server.on("headers", (lines, request) => {
          for (const [name, value] of extraHeaders.get(request) ?? []) lines.push(`${name}: ${value}`)
        })
        servers.set(limit, server)
      }
      extraHeaders.set(req, content.headers)
      const protocol = selectedProtocol(body.declaration.protocols, nodeHeaders(req.headers, req))
      if (protocol !== undefined) protocols.set(req, protocol)
      server.handleUpgrade(req, upgrade.socket, upgrade.head, (socket) => attach(socket, body, onError))
    },
    (error: unknown) => {
      upgrade.socket.destroy()
      onError(error)
    },
  )
}

const extraHeaders = new WeakMap<IncomingMessage, StaticContent["headers"]>()
const protocols = new WeakMap<IncomingMessage, string>()

type WsSocket = Parameters<Parameters<WsServer["handleUpgrade"]>[3]>[0]

// The socket's listeners, made in a scope of their own: what they keep alive for the socket's life is the
// session, not the upgrade's request, response and first bytes (about 7 KiB a socket).
function attach(socket: WsSocket, body: SocketBody, onError: (error: unknown) => void): void {
  const events = runSocket(
    body,
    {
      send: (frame) => socket.send(frame),
      close: (code, reason) => socket.close(code, reason),
      terminate: () => socket.terminate(),
      ping: () => socket.ping(),
      bufferedAmount: () => socket.bufferedAmount,
    },
    onError,
  )
  socket.on("message", (data, binary) =>
    events.message(binary ? new Uint8Array(data as Buffer) : (data as Buffer).toString("utf8"), binary),
  )
  socket.on("pong", () => events.pong())
  socket.on("close", (code, reason) => events.closed(code, reason.toString("utf8")))
  // `ws` closes the connection itself on a protocol error (1002, 1007, 1009) and reports it here first.
  socket.on("error", () => undefined)
}
