import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createServer, type Server } from "node:http"
import { connect, type AddressInfo } from "node:net"
import express from "express"
import { Middleware, NodeHandler } from "../../src/host/node/index.js"
import { parseResponse, rawExchange, startHosts, wireBytes, type HostUnderTest } from "./harness.js"
import { calls, site } from "./site.js"

const options = { session: { secret: "hardening suite secret, 32 bytes+" }, onError: () => undefined }
let hosts: HostUnderTest[] = []
const unhandled: unknown[] = []
const onUnhandled = (reason: unknown) => unhandled.push(reason)

beforeAll(async () => {
  process.on("unhandledRejection", onUnhandled)
  hosts = await startHosts(site, options)
})
afterAll(async () => {
  process.off("unhandledRejection", onUnhandled)
  await Promise.all(hosts.map((host) => host.close()))
})

const socketHosts = () => hosts.filter((host) => host.port !== undefined)

describe("faults on real sockets (RELIABILITY D1–D6)", () => {
  it("a client aborting mid-body: no handler gets the partial body, server keeps serving (D1)", async () => {
    for (const host of socketHosts()) {
      const before = calls.upload
      const bytes = wireBytes({
        method: "POST",
        target: "/upload",
        headers: { "content-length": "50" },
        body: "x".repeat(50),
      })
      const headerEnd = bytes.indexOf("\r\n\r\n") + 4
      await rawExchange(host.port!, bytes, headerEnd + 10)
      const next = await host.send({ method: "POST", target: "/upload", body: "abc" })
      expect(next.body, host.name).toBe("upload:3")
      expect(calls.upload, host.name).toBe(before + 1)
    }
    expect(unhandled).toEqual([])
  })

  it("an aborted JSON upload never calls the handler: the body is read while routing (D1)", async () => {
    for (const host of socketHosts()) {
      const before = calls.echo
      const bytes = wireBytes({
        method: "POST",
        target: "/echo",
        headers: { "content-type": "application/json", "content-length": "40" },
        body: '{"title":"t","n":1}'.padEnd(40),
      })
      await rawExchange(host.port!, bytes, bytes.indexOf("\r\n\r\n") + 4 + 12)
      expect((await host.send({ target: "/item/3" })).body, host.name).toBe("item:3")
      expect(calls.echo, host.name).toBe(before)
    }
    expect(unhandled).toEqual([])
  })

  it("a body shorter than its Content-Length, then a half-close: 400, no handler gets it (C3)", async () => {
    for (const host of socketHosts()) {
      const before = calls.upload
      const bytes = wireBytes({
        method: "POST",
        target: "/upload",
        headers: { "content-length": "50" },
        body: "0123456789",
      })
      const data = await rawExchange(host.port!, bytes)
      // Node's parser or our reader: either a 400 or a closed connection, never a served upload.
      if (data!.length > 0) expect(parseResponse(data!).status, host.name).toBe(400)
      expect(calls.upload, host.name).toBe(before)
    }
  })

  it("a slow client gets 408 from the request timeout (D2)", async () => {
    const server = createServer({ requestTimeout: 300, connectionsCheckingInterval: 50 }, NodeHandler(site, options))
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    const port = (server.address() as AddressInfo).port
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(port, "127.0.0.1")
      let data = ""
      socket.on("data", (chunk) => (data += chunk.toString("latin1")))
      socket.on("close", () => resolve(data))
      socket.on("error", () => undefined)
      // Headers trickle in and never finish.
      socket.write("GET /item/1 HTTP/1.1\r\nHost: localhost\r\n")
    })
    expect(answer.startsWith("HTTP/1.1 408")).toBe(true)
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })

  it("after an early 413 on keep-alive, a pipelined request is never parsed from leftover body bytes (D4)", async () => {
    for (const host of socketHosts()) {
      const big = wireBytes({
        method: "POST",
        target: "/upload",
        headers: { connection: "keep-alive", "content-length": String(2 * 1024 * 1024) },
        body: "x".repeat(64 * 1024),
      })
      // The "next request" is smuggled inside the declared body: it must not be answered.
      const smuggled = Buffer.from("GET /item/666 HTTP/1.1\r\nHost: localhost\r\n\r\n")
      const data = (await rawExchange(host.port!, Buffer.concat([big, smuggled])))!
      const text = data.toString("latin1")
      expect(text.startsWith("HTTP/1.1 413"), host.name).toBe(true)
      expect(text).not.toContain("item:666")
    }
  })

  it("Connect: an unmatched POST leaves its body to the next middleware (D5)", async () => {
    const connectHost = hosts.find((host) => host.name === "connect")!
    const body = "y".repeat(200 * 1024)
    const response = await connectHost.send({
      method: "POST",
      target: "/not-a-route",
      headers: { "content-type": "application/json" },
      body,
    })
    expect(response.status).toBe(404)
    expect(response.body).toBe(`fallthrough:${body}`)
  })

  it("Connect: errors reach next(err) in the http-errors shape (A2, C2)", async () => {
    const seen: Array<Record<string, unknown>> = []
    const app = express()
    app.use(Middleware(site, options) as express.RequestHandler)
    app.use(
      (error: Record<string, unknown>, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
        seen.push({ status: error.status, statusCode: error.statusCode, expose: error.expose, type: error.type })
        res.status(Number(error.status)).end()
      },
    )
    const server: Server = createServer(app)
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    const port = (server.address() as AddressInfo).port
    await rawExchange(port, wireBytes({ target: "/files/%E0%A4%A" }))
    await rawExchange(port, wireBytes({ method: "POST", target: "/upload", body: "z".repeat(1024 * 1024 + 1) }))
    await rawExchange(
      port,
      wireBytes({ method: "POST", target: "/echo", headers: { "content-type": "text/plain" }, body: "{}" }),
    )
    expect(seen).toEqual([
      { status: 400, statusCode: 400, expose: true, type: "request.target.malformed" },
      { status: 413, statusCode: 413, expose: true, type: "entity.too.large" },
      { status: 415, statusCode: 415, expose: true, type: "unsupported.media.type" },
    ])
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })

  it("a throwing handler gives 500 with a generic body, and the next request is served (D6)", async () => {
    for (const host of hosts) {
      const response = await host.send({ target: "/boom" })
      expect(response.status, host.name).toBe(500)
      expect(response.body, host.name).not.toContain("handler failure")
      expect((await host.send({ target: "/item/2" })).body, host.name).toBe("item:2")
    }
  })
})
