/**
 * Hosts for the hardening suite: the same sitelet served by the Fetch host
 * (in process), the node:http handler and Connect/Express middleware (both
 * on 127.0.0.1, ephemeral port, spoken to with raw `net` sockets so request
 * targets and bodies reach the server byte for byte).
 */
import { createServer, type Server } from "node:http"
import { connect, type AddressInfo } from "node:net"
import express from "express"
import { Middleware, NodeHandler } from "../../src/host/node/index.js"
import type { HostOptions } from "../../src/host/host-options.js"
import type { Sitelet } from "../../src/sitelet/sitelet.js"
import { handleFetch } from "../../src/host/fetch/fetch-handle.js"
import type { WireRequest, WireResponse } from "../host/support.js"

/** A request as written on the wire (the host tests' own type). */
export type RawRequest = WireRequest

/** A response as read back (the host tests' own type). */
export type RawResponse = WireResponse

/** One host under test. */
export interface HostUnderTest {
  readonly name: "fetch" | "node" | "connect"
  send(request: RawRequest): Promise<RawResponse>
  close(): Promise<void>
  /** Port of the socket hosts (undefined for fetch). */
  readonly port: number | undefined
}

const bytesOf = (body: string | Uint8Array | undefined): Buffer =>
  body === undefined ? Buffer.alloc(0) : typeof body === "string" ? Buffer.from(body, "utf8") : Buffer.from(body)

/** Serializes a request to HTTP/1.1 bytes (`Connection: close`). */
export function wireBytes(request: RawRequest): Buffer {
  const body = bytesOf(request.body)
  const headers = new Map<string, string>([
    ["host", "localhost"],
    ["connection", "close"],
  ])
  for (const [name, value] of Object.entries(request.headers ?? {})) headers.set(name.toLowerCase(), value)
  if (request.chunked !== undefined) headers.set("transfer-encoding", "chunked")
  else if (request.body !== undefined && !headers.has("content-length"))
    headers.set("content-length", String(body.length))
  let head = `${request.method ?? "GET"} ${request.target} HTTP/1.1\r\n`
  for (const [name, value] of headers) head += `${name}: ${value}\r\n`
  for (const [name, value] of request.extraHeaders ?? []) head += `${name}: ${value}\r\n`
  head += "\r\n"
  if (request.chunked === undefined) return Buffer.concat([Buffer.from(head, "latin1"), body])
  const parts: Buffer[] = [Buffer.from(head, "latin1")]
  for (let at = 0; at < body.length; at += request.chunked) {
    const chunk = body.subarray(at, at + request.chunked)
    parts.push(Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n"))
  }
  parts.push(Buffer.from("0\r\n\r\n"))
  return Buffer.concat(parts)
}

/** Parses one HTTP/1.1 response (body by Content-Length, chunked, or to the end). */
export function parseResponse(data: Buffer): RawResponse {
  const end = data.indexOf("\r\n\r\n")
  if (end < 0) throw new Error(`incomplete response: ${JSON.stringify(data.toString("latin1").slice(0, 200))}`)
  const lines = data.subarray(0, end).toString("latin1").split("\r\n")
  const status = Number(lines[0]!.split(" ")[1])
  const headers = new Map<string, string>()
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(":")
    const name = line.slice(0, colon).trim().toLowerCase()
    const value = line.slice(colon + 1).trim()
    headers.set(name, headers.has(name) ? `${headers.get(name)}, ${value}` : value)
  }
  let rest = data.subarray(end + 4)
  if (headers.get("transfer-encoding") === "chunked") {
    const out: Buffer[] = []
    for (;;) {
      const lineEnd = rest.indexOf("\r\n")
      const size = parseInt(rest.subarray(0, lineEnd).toString("latin1"), 16)
      if (!(size > 0)) break
      out.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size))
      rest = rest.subarray(lineEnd + 2 + size + 2)
    }
    rest = Buffer.concat(out)
  } else if (headers.has("content-length")) rest = rest.subarray(0, Number(headers.get("content-length")))
  return { status, headers, body: rest.toString("utf8") }
}

/**
 * Writes raw bytes to a port and reads until the server closes (bounded by
 * a 10 s safety timer). `abortAfter` writes only that many bytes and then
 * destroys the socket (a client aborting mid-body), resolving `undefined`.
 */
export function rawExchange(port: number, bytes: Buffer, abortAfter?: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1")
    const chunks: Buffer[] = []
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new Error("raw exchange timed out"))
    }, 10_000)
    socket.on("data", (chunk) => chunks.push(chunk))
    socket.on("error", () => undefined)
    socket.on("close", () => {
      clearTimeout(timer)
      resolve(abortAfter === undefined ? Buffer.concat(chunks) : undefined)
    })
    socket.on("connect", () => {
      if (abortAfter === undefined) socket.end(bytes)
      else socket.write(bytes.subarray(0, abortAfter), () => setTimeout(() => socket.destroy(), 10))
    })
  })
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)))
}

function socketHost(name: "node" | "connect", server: Server, port: number): HostUnderTest {
  return {
    name,
    port,
    send: async (request) => parseResponse((await rawExchange(port, wireBytes(request)))!),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** Marks responses written by the Connect fallback and error handlers, so tests can tell them apart. */
export const viaHeader = "x-test-via"

/**
 * Starts the three hosts for a sitelet. The Connect app has a fallback that
 * reads the whole body (`fallthrough:<bytes>` with 404) and an error handler
 * answering `err.status` with `err.type`.
 */
export async function startHosts<E>(site: Sitelet<E>, options?: HostOptions): Promise<HostUnderTest[]> {
  const fetchHost: HostUnderTest = {
    name: "fetch",
    port: undefined,
    async send(request) {
      const method = request.method ?? "GET"
      const hasBody = request.body !== undefined && method !== "GET" && method !== "HEAD"
      let req: Request
      try {
        // An absolute-form target is the URL itself; an origin-form one is resolved against the host.
        const url = request.target.startsWith("/") ? `http://localhost${request.target}` : request.target
        const headers = new Headers(request.headers)
        for (const [name, value] of request.extraHeaders ?? []) headers.append(name, value)
        req = new Request(url, {
          method,
          headers,
          body: hasBody ? new Uint8Array(bytesOf(request.body)) : null,
        })
      } catch {
        // The WHATWG layer refuses the request before any handler: what a Fetch runtime answers.
        return { status: 400, headers: new Map(), body: "" }
      }
      const response = await handleFetch(site, req, options)
      if (response === undefined) return { status: 404, headers: new Map(), body: "" }
      return { status: response.status, headers: new Map(response.headers), body: await response.text() }
    },
    close: async () => undefined,
  }
  const nodeServer = createServer(NodeHandler(site, options))
  const nodePort = await listen(nodeServer)
  const app = express()
  app.use(Middleware(site, options) as express.RequestHandler)
  app.use((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (chunk: Buffer) => chunks.push(chunk))
    req.on("end", () =>
      res
        .status(404)
        .set(viaHeader, "fallthrough")
        .send(`fallthrough:${Buffer.concat(chunks).toString("utf8")}`),
    )
  })
  app.use(
    (
      error: { status?: number; type?: string },
      _req: express.Request,
      res: express.Response,
      _next: express.NextFunction,
    ) => {
      res
        .status(error.status ?? 500)
        .set(viaHeader, "error")
        .send(String(error.type ?? "error"))
    },
  )
  const connectServer = createServer(app)
  const connectPort = await listen(connectServer)
  return [fetchHost, socketHost("node", nodeServer, nodePort), socketHost("connect", connectServer, connectPort)]
}
