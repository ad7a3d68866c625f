/**
 * The WebSocket handshake table (issue 51, item 2): hostile and edge
 * upgrade requests to the matrix's socket site, written byte for byte on a
 * raw socket, and what RFC 6455 has the server answer. The same table runs
 * on node:http and Express in `npm test` (test/host/node/sockets.test.ts)
 * and on every runtime in the matrix.
 */
import { connect } from "node:net"

/** One upgrade request and its answer. */
export interface Handshake {
  readonly name: string
  readonly path: string
  /** Header lines after Host, Upgrade and Connection, repeats allowed. */
  readonly headers: readonly (readonly [string, string])[]
  readonly status: number
  /** The `Sec-WebSocket-Protocol` of a 101 (`null`: none). */
  readonly protocol?: string | null
  /** Other answer headers, by lower-case name. */
  readonly answerHeaders?: Readonly<Record<string, string>>
}

const key = ["Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="] as const
const version = ["Sec-WebSocket-Version", "13"] as const

export const handshakes: readonly Handshake[] = [
  { name: "a valid upgrade", path: "/rooms/h1", headers: [key, version], status: 101, protocol: null },
  {
    name: "a protocol the case does not declare",
    path: "/rooms/h2",
    headers: [key, version, ["Sec-WebSocket-Protocol", "evil"]],
    status: 101,
    protocol: null,
  },
  {
    name: "the server's preference among those offered",
    path: "/versioned",
    headers: [key, version, ["Sec-WebSocket-Protocol", "chat.v1, chat.v2"]],
    status: 101,
    protocol: "chat.v2",
  },
  {
    name: "the one declared protocol offered",
    path: "/versioned",
    headers: [key, version, ["Sec-WebSocket-Protocol", "chat.v1"]],
    status: 101,
    protocol: "chat.v1",
  },
  {
    name: "no declared protocol offered",
    path: "/versioned",
    headers: [key, version, ["Sec-WebSocket-Protocol", "chat.v9"]],
    status: 101,
    protocol: null,
  },
  { name: "no key", path: "/rooms/h3", headers: [version], status: 400 },
  { name: "a short key", path: "/rooms/h4", headers: [["Sec-WebSocket-Key", "abc"], version], status: 400 },
  {
    name: "a key of 17 bytes",
    path: "/rooms/h5",
    headers: [["Sec-WebSocket-Key", "AAAAAAAAAAAAAAAAAAAAAAA="], version],
    status: 400,
  },
  { name: "two keys", path: "/rooms/h6", headers: [key, key, version], status: 400 },
  {
    name: "version 8",
    path: "/rooms/h7",
    headers: [key, ["Sec-WebSocket-Version", "8"]],
    status: 400,
    answerHeaders: { "sec-websocket-version": "13" },
  },
  { name: "no version", path: "/rooms/h8", headers: [key], status: 400 },
]

/** The answer's status and headers (lower-case names), and the socket, still open after a 101. */
export interface HandshakeAnswer {
  readonly status: number
  readonly headers: ReadonlyMap<string, string>
  readonly socket: import("node:net").Socket
  /** Bytes after the head (frames, once upgraded). */
  readonly rest: Buffer
}

/** Writes one upgrade request and reads the answer's head. */
export function sendHandshake(port: number, handshake: Handshake): Promise<HandshakeAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1")
    let received = Buffer.alloc(0)
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new Error(`${handshake.name}: no answer in 5 s`))
    }, 5_000)
    const onData = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk])
      const end = received.indexOf("\r\n\r\n")
      if (end < 0) return
      clearTimeout(timer)
      socket.off("data", onData)
      const [line = "", ...lines] = received.subarray(0, end).toString("latin1").split("\r\n")
      const headers = new Map<string, string>()
      for (const header of lines) {
        const colon = header.indexOf(":")
        headers.set(header.slice(0, colon).trim().toLowerCase(), header.slice(colon + 1).trim())
      }
      resolve({ status: Number(line.split(" ")[1]), headers, socket, rest: received.subarray(end + 4) })
    }
    socket.on("data", onData)
    socket.on("error", (error) => {
      clearTimeout(timer)
      reject(error)
    })
    let head = `GET ${handshake.path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n`
    for (const [name, value] of handshake.headers) head += `${name}: ${value}\r\n`
    socket.write(`${head}\r\n`)
  })
}

/**
 * After a 101: sends one text frame without a mask (RFC 6455 §5.1: the
 * server must close the connection) and resolves with the close code the
 * server sent (0: the connection ended without a close frame; 4000: the
 * handler took the frame, a `Bye`, and closed), or `"open"` when it still
 * answers a ping 1 s later.
 */
export function sendUnmasked(answer: HandshakeAnswer): Promise<number | "open"> {
  const { socket } = answer
  return new Promise((resolve) => {
    let received = answer.rest
    const settle = (value: number | "open") => {
      clearTimeout(timer)
      clearTimeout(giveUp)
      socket.destroy()
      resolve(value)
    }
    const closeCode = () => {
      // A server frame: FIN+opcode, length (< 126 here), no mask.
      for (let at = 0; at + 2 <= received.length; ) {
        const opcode = (received[at] as number) & 0x0f
        const length = (received[at + 1] as number) & 0x7f
        if (opcode === 0x8) return length >= 2 ? received.readUInt16BE(at + 2) : 1005
        if (opcode === 0xa) return "pong" as const
        at += 2 + length
      }
      return undefined
    }
    socket.on("data", (chunk: Buffer) => {
      received = Buffer.concat([received, chunk])
      const code = closeCode()
      if (code === "pong") settle("open")
      else if (code !== undefined) settle(code)
    })
    socket.on("close", () => settle(closeCode() === undefined ? 0 : (closeCode() as number)))
    // {"$":"Bye"} as an unmasked text frame: a server that takes it closes with the handler's 4000.
    const bye = Buffer.from('{"$":"Bye"}')
    socket.write(Buffer.concat([Buffer.from([0x81, bye.length]), bye]))
    // Then a masked ping: a server that took the frame answers it with a pong.
    const timer = setTimeout(() => socket.write(Buffer.from([0x89, 0x80, 1, 2, 3, 4])), 1_000)
    // Still open and silent: the frame was taken (a runtime that answers no ping either).
    const giveUp = setTimeout(() => settle("open"), 3_000)
  })
}
