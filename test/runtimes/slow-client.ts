/**
 * Clients that send a body the way an attacker does, over raw sockets, for
 * the runtime matrix: a byte at a time, a little over the limit and then
 * nothing, or far more than declared limits allow. Each is bounded in time
 * and stops by itself.
 */
import { connect, type Socket } from "node:net"

/** The status line's code of what came back (0: nothing). */
const statusOf = (text: string): number => Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0)

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => resolve(socket))
    socket.setNoDelay(true)
    socket.once("error", reject)
  })
}

/**
 * Sends `body` to `path` a byte every `gapMs` (each its own TCP segment)
 * and resolves with the answer's status and body text (within `timeoutMs`).
 *
 * @example
 * ```ts
 * await trickle(port, "/small", '{"title":"x","n":1}', 2) //=> { status: 200, body: "small:1" }
 * ```
 */
export async function trickle(
  port: number,
  path: string,
  body: string,
  gapMs: number,
  timeoutMs = 30_000,
): Promise<{ status: number; body: string }> {
  const socket = await open(port)
  let answer = ""
  socket.on("data", (chunk: Buffer) => (answer += chunk.toString("latin1")))
  socket.on("error", () => undefined)
  const done = new Promise<void>((resolve) => {
    socket.on("close", () => resolve())
    setTimeout(() => {
      socket.destroy()
      resolve()
    }, timeoutMs).unref()
  })
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
  )
  const bytes = Buffer.from(body)
  for (let at = 0; at < bytes.length && !socket.destroyed; at++) {
    socket.write(bytes.subarray(at, at + 1))
    await new Promise((resolve) => setTimeout(resolve, gapMs))
  }
  await done
  const split = answer.indexOf("\r\n\r\n")
  return { status: statusOf(answer), body: split < 0 ? "" : answer.slice(split + 4) }
}

/**
 * Sends a chunked body of `bytes` bytes and then nothing, keeping the
 * connection open: resolves with the status that came back and after how
 * many milliseconds (status 0 if none came within `timeoutMs`).
 *
 * @example
 * ```ts
 * await stall(port, "/small", 1100) //=> { status: 413, ms: 104 }
 * ```
 */
export async function stall(port: number, path: string, bytes: number, timeoutMs = 3000) {
  const socket = await open(port)
  const started = Date.now()
  let answer = ""
  socket.on("error", () => undefined)
  const status = await new Promise<number>((resolve) => {
    socket.on("data", (chunk: Buffer) => {
      answer += chunk.toString("latin1")
      if (statusOf(answer) !== 0) resolve(statusOf(answer))
    })
    socket.on("close", () => resolve(statusOf(answer)))
    setTimeout(() => resolve(0), timeoutMs).unref()
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${bytes.toString(16)}\r\n${"x".repeat(bytes)}\r\n`,
    )
  })
  const ms = Date.now() - started
  socket.destroy()
  return { status, ms }
}

/**
 * Declares `declared` bytes and sends as fast as the server takes them for
 * `forMs` after the head: the status that came back, how many body bytes
 * the server took (written and not refused), and whether it closed the
 * connection before `forMs` were up.
 *
 * @example
 * ```ts
 * await flood(port, "/small", 64 * 2 ** 20, 1500) //=> { status: 413, taken: 4194304, closed: true }
 * ```
 */
export async function flood(port: number, path: string, declared: number, forMs: number) {
  const socket = await open(port)
  let answer = ""
  let taken = 0
  let closed = false
  socket.on("data", (chunk: Buffer) => (answer += chunk.toString("latin1")))
  socket.on("error", () => undefined)
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${declared}\r\n\r\n`,
  )
  const piece = Buffer.alloc(64 * 1024, 0x78)
  const started = Date.now()
  await new Promise<void>((resolve) => {
    socket.on("close", () => {
      closed = Date.now() - started < forMs
      resolve()
    })
    // A server that stops reading but keeps the connection: the time is up all the same.
    setTimeout(() => {
      socket.destroy()
      resolve()
    }, forMs + 500).unref()
    socket.on("data", () => {
      // Once answered, what matters is whether the server goes on reading: keep sending until the time is up.
    })
    const pump = () => {
      while (!socket.destroyed && taken < declared && Date.now() - started < forMs) {
        // Counted once the kernel took it: what is still queued in this process is not the server's.
        const flushed = socket.write(piece, (error) => error === undefined || error === null || (taken -= piece.length))
        taken += piece.length
        if (!flushed) return void socket.once("drain", pump)
      }
      // All sent, or the time is up: the answer may still come, until the timer above.
    }
    pump()
  })
  return { status: statusOf(answer), taken: Math.max(0, taken - socket.writableLength), closed }
}
