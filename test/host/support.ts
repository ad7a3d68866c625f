/**
 * Test support for the hosts: the same sitelet behind the Fetch handler (in
 * process), a node:http server and an Express app (127.0.0.1, ephemeral
 * ports), and a raw-socket client so targets and bodies reach the server
 * byte for byte.
 */
import { createServer, type Server } from "node:http"
import { connect, type AddressInfo } from "node:net"
import express from "express"
import { Fetch } from "../../src/host/fetch/fetch-handler.js"
import { Middleware, NodeHandler } from "../../src/host/node/index.js"
import type { HostOptions } from "../../src/host/host-options.js"
import type { Sitelet } from "../../src/sitelet/sitelet.js"

/** A request as written on the wire. */
export interface WireRequest {
  readonly method?: string
  readonly target: string
  readonly headers?: Readonly<Record<string, string>>
  /** Header lines written as they are after the others, repeats included (a second `Host`). */
  readonly extraHeaders?: readonly (readonly [string, string])[]
  readonly body?: string | Uint8Array
  /** Send the body with `Transfer-Encoding: chunked`, in chunks of this size. */
  readonly chunked?: number
}

/** A response as read back. */
export interface WireResponse {
  readonly status: number
  readonly headers: ReadonlyMap<string, string>
  readonly body: string
  /** The body bytes as received (after de-chunking). */
  readonly raw?: Buffer
}

/** One host under test. */
export interface HostUnderTest {
  readonly name: string
  /** The loopback port, for hosts that listen on one. */
  readonly port?: number
  send(request: WireRequest): Promise<WireResponse>
  close(): Promise<void>
}

const listen = (server: Server): Promise<number> =>
  new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)))

const closeServer = (server: Server): Promise<void> =>
  new Promise((resolve) => {
    server.closeAllConnections()
    server.close(() => resolve())
  })

function decodeChunked(bytes: Buffer): Buffer {
  const parts: Buffer[] = []
  let at = 0
  for (let guard = 0; guard < 100_000; guard++) {
    const lineEnd = bytes.indexOf("\r\n", at)
    if (lineEnd < 0) break
    const size = parseInt(bytes.subarray(at, lineEnd).toString("latin1"), 16)
    if (!(size > 0)) break
    parts.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size))
    at = lineEnd + 2 + size + 2
  }
  return Buffer.concat(parts)
}

/**
 * Sends one request over a fresh socket (`Connection: close`) and reads the
 * whole response.
 */
export function sendRaw(port: number, request: WireRequest): Promise<WireResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1")
    const chunks: Buffer[] = []
    let failure: Error | undefined
    socket.on("data", (chunk: Buffer) => chunks.push(chunk))
    // A server may answer early (413 before the body) and close while the body is still being written:
    // the write fails (EPIPE), the answer still counts. Only a connection that gave no answer is an error.
    socket.on("error", (error) => (failure ??= error))
    socket.on("close", () => {
      const raw = Buffer.concat(chunks)
      const split = raw.indexOf("\r\n\r\n")
      if (split < 0)
        return reject(new Error(`no response: ${raw.toString("latin1")}${failure ? ` (${failure.message})` : ""}`))
      const [statusLine = "", ...lines] = raw.subarray(0, split).toString("latin1").split("\r\n")
      const headers = new Map<string, string>()
      for (const line of lines) {
        const colon = line.indexOf(":")
        const name = line.slice(0, colon).toLowerCase()
        const value = line.slice(colon + 1).trim()
        headers.set(name, headers.has(name) ? `${headers.get(name)}, ${value}` : value)
      }
      const rest = raw.subarray(split + 4)
      const body = headers.get("transfer-encoding") === "chunked" ? decodeChunked(rest) : rest
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body: body.toString("utf8"), raw: body })
    })
    const body = request.body === undefined ? undefined : Buffer.from(request.body)
    let head = `${request.method ?? "GET"} ${request.target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n`
    for (const [name, value] of Object.entries(request.headers ?? {})) head += `${name}: ${value}\r\n`
    for (const [name, value] of request.extraHeaders ?? []) head += `${name}: ${value}\r\n`
    if (
      body !== undefined &&
      request.chunked === undefined &&
      !Object.keys(request.headers ?? {}).some((name) => name.toLowerCase() === "content-length")
    ) {
      head += `Content-Length: ${body.byteLength}\r\n`
    }
    if (request.chunked !== undefined) head += "Transfer-Encoding: chunked\r\n"
    socket.write(head + "\r\n")
    if (body !== undefined && request.chunked !== undefined) {
      for (let at = 0; at < body.byteLength; at += request.chunked) {
        const piece = body.subarray(at, at + request.chunked)
        socket.write(`${piece.byteLength.toString(16)}\r\n`)
        socket.write(piece)
        socket.write("\r\n")
      }
      socket.write("0\r\n\r\n")
    } else if (body !== undefined) socket.write(body)
  })
}

/** The Fetch handler, called in process with a WHATWG Request. */
export function fetchHost(site: Sitelet<any>, options?: HostOptions<any>): HostUnderTest {
  const handler = Fetch.Handler(site, options)
  return {
    name: "fetch",
    async send(request) {
      const method = request.method ?? "GET"
      const body = request.body === undefined ? undefined : Buffer.from(request.body)
      const init: RequestInit & { duplex?: "half" } = { method, headers: request.headers ?? {} }
      if (body !== undefined && request.chunked !== undefined) {
        const size = request.chunked
        init.body = new ReadableStream<Uint8Array>({
          start(controller) {
            for (let at = 0; at < body.byteLength; at += size)
              controller.enqueue(new Uint8Array(body.subarray(at, at + size)))
            controller.close()
          },
        })
        init.duplex = "half"
      } else if (body !== undefined) init.body = body
      const response = await handler.fetch(new Request(`http://localhost${request.target}`, init))
      const headers = new Map<string, string>()
      response.headers.forEach((value, name) => headers.set(name, value))
      const raw = Buffer.from(await response.arrayBuffer())
      return { status: response.status, headers, body: raw.toString("utf8"), raw }
    },
    close: async () => undefined,
  }
}

/** The node:http handler on 127.0.0.1. */
export async function nodeHost(site: Sitelet<any>, options?: HostOptions<any>): Promise<HostUnderTest> {
  const handler = NodeHandler(site, options)
  const server = createServer(handler)
  server.on("upgrade", handler.upgrade)
  const port = await listen(server)
  return { name: "node", port, send: (request) => sendRaw(port, request), close: () => closeServer(server) }
}

/**
 * An Express app: the middleware, then a route reading the body of
 * requests that fell through (`/after`), a 404 fallback and an error
 * handler rendering `err.status` and exposed messages.
 */
export async function expressHost(site: Sitelet<any>, options?: HostOptions<any>, mount = "/"): Promise<HostUnderTest> {
  const app = express()
  const middleware = Middleware(site, options)
  app.use(mount, middleware)
  app.post("/after", express.text({ type: "*/*", limit: "1mb" }), (req, res) => {
    res.type("text/plain").send(`after:${String(req.body)}`)
  })
  app.use((req, res) => {
    res.status(404).type("text/plain").send("Not Found")
  })
  app.use(
    (
      error: { status?: number; expose?: boolean; message?: string },
      req: express.Request,
      res: express.Response,
      next: express.NextFunction,
    ) => {
      void next
      const status = error.status ?? 500
      res
        .status(status)
        .type("text/plain")
        .send(error.expose === true ? String(error.message) : "Internal Server Error")
    },
  )
  const server = createServer(app)
  server.on("upgrade", middleware.upgrade)
  const port = await listen(server)
  return { name: "express", port, send: (request) => sendRaw(port, request), close: () => closeServer(server) }
}
