/**
 * Issue 35, item 4: `Expect: 100-continue` on node:http and Express, with
 * the hosts' `checkContinue` listeners. A declared body over the route's
 * limit gets its 413 at once, never `100 Continue` first; a body the case
 * reads within its limit is asked for with `100 Continue`; a request no
 * case reads the body of is answered without it, and under Express a
 * request that goes on to the app's next middleware is told to continue.
 */
import { createServer, type Server } from "node:http"
import { type AddressInfo, connect, type Socket } from "node:net"
import express from "express"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Middleware, NodeHandler } from "../../../src/host/node/index.js"
import { site } from "../../hardening/site.js"

const servers: Server[] = []
let nodePort = 0
let expressPort = 0

const listen = (server: Server) =>
  new Promise<number>((done) => {
    servers.push(server)
    server.listen(0, "127.0.0.1", () => done((server.address() as AddressInfo).port))
  })

beforeAll(async () => {
  const handler = NodeHandler(site, { onError: () => undefined })
  const node = createServer(handler)
  node.on("checkContinue", handler.checkContinue)
  nodePort = await listen(node)
  const middleware = Middleware(site, { onError: () => undefined })
  const app = express()
  app.use(middleware as express.RequestHandler)
  app.use((req, res) => {
    let size = 0
    req.on("data", (chunk: Buffer) => (size += chunk.byteLength))
    req.on("end", () => res.status(404).send(`fallthrough:${size}`))
  })
  // The app's error handler answers at once (Express's default one waits for the body it refused first).
  app.use((error: { status?: number }, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    res.status(error.status ?? 500).send("refused")
  })
  const server = createServer(app)
  server.on("checkContinue", middleware.checkContinue(app))
  expressPort = await listen(server)
})
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections()
    await new Promise((done) => server.close(done))
  }
})

/** Sends the head only; resolves with what the server says before any body is sent (within 1 s). */
function headFirst(port: number, head: string): Promise<{ socket: Socket; first: string }> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1")
    let seen = ""
    const timer = setTimeout(() => resolve({ socket, first: seen }), 1000)
    socket.on("data", (chunk) => {
      seen += chunk.toString("latin1")
      if (seen.includes("\r\n\r\n")) {
        clearTimeout(timer)
        socket.removeAllListeners("data")
        resolve({ socket, first: seen })
      }
    })
    socket.on("error", () => undefined)
    socket.write(head)
  })
}

function rest(socket: Socket, body?: string): Promise<string> {
  return new Promise((resolve) => {
    let seen = ""
    socket.on("data", (chunk) => (seen += chunk.toString("latin1")))
    socket.on("close", () => resolve(seen))
    if (body !== undefined) socket.write(body)
  })
}

const post = (path: string, length: number) =>
  `POST ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nExpect: 100-continue\r\nContent-Length: ${length}\r\n\r\n`

describe.each([
  ["node:http", () => nodePort],
  ["Express", () => expressPort],
])("Expect: 100-continue on %s", (_name, port) => {
  it("answers a declared body over the limit with 413 at once, never 100 Continue first", async () => {
    const { socket, first } = await headFirst(port(), post("/upload", 2 * 1024 * 1024))
    expect(first.split("\r\n")[0]).toMatch(/^HTTP\/1\.1 413 /)
    socket.destroy()
  })

  it("asks for a body the case reads within its limit, and serves it", async () => {
    const { socket, first } = await headFirst(port(), post("/upload", 5))
    expect(first).toBe("HTTP/1.1 100 Continue\r\n\r\n")
    const answer = await rest(socket, "hello")
    expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 200 OK")
    expect(answer.endsWith("upload:5")).toBe(true)
  })

  it("answers a case that reads no body without asking for it", async () => {
    const { socket, first } = await headFirst(port(), post("/item/3", 5).replace("POST", "GET"))
    expect(first.split("\r\n")[0]).toBe("HTTP/1.1 200 OK")
    expect(first + (await rest(socket))).toContain("item:3")
  })
})

it("tells a request that goes on to Express's next middleware to continue", async () => {
  const { socket, first } = await headFirst(expressPort, post("/nowhere", 5))
  expect(first).toBe("HTTP/1.1 100 Continue\r\n\r\n")
  expect(await rest(socket, "hello")).toContain("fallthrough:5")
})
