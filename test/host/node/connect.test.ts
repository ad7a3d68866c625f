import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import express from "express"
import { Middleware, NodeHandler } from "../../../src/host/node/index.js"
import { mountPathOf } from "../../../src/host/node/node-handler.js"
import { HostError, hostMessages } from "../../../src/host/host-errors.js"
import { routerMessages } from "../../../src/router/messages.js"
import { expressHost, nodeHost, sendRaw, type HostUnderTest } from "../support.js"
import { hostSite } from "../host-site.js"

const quiet = { onError: () => undefined }

describe("Connect/Express middleware", () => {
  let host: HostUnderTest
  let mounted: HostUnderTest
  beforeAll(async () => {
    host = await expressHost(hostSite, quiet)
    mounted = await expressHost(hostSite, quiet, "/app")
  })
  afterAll(async () => {
    await host.close()
    await mounted.close()
  })

  it("leaves the body of a request it does not accept for later middleware", async () => {
    const body = "x".repeat(200_000)
    const response = await host.send({
      method: "POST",
      target: "/after",
      headers: { "content-type": "text/plain" },
      body,
    })
    expect(response.status).toBe(200)
    expect(response.body).toBe(`after:${body}`)
    const chunked = await host.send({
      method: "POST",
      target: "/after",
      headers: { "content-type": "text/plain" },
      body: "abc",
      chunked: 1,
    })
    expect(chunked.body).toBe("after:abc")
  })
  it("passes malformed targets to next(err) with status, expose and type", async () => {
    const errors: unknown[] = []
    const app = express()
    app.use(Middleware(hostSite, quiet))
    app.use((error: unknown, req: express.Request, res: express.Response, next: express.NextFunction) => {
      void next
      errors.push(error)
      res.status(418).send("handled")
    })
    const server = createServer(app)
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    const port = (server.address() as AddressInfo).port
    try {
      expect((await sendRaw(port, { target: "/blog/%zz" })).status).toBe(418)
      expect((await sendRaw(port, { target: "/boom" })).status).toBe(418)
    } finally {
      server.closeAllConnections()
      server.close()
    }
    const [bad, boom] = errors as [HostError, Error]
    expect(bad).toBeInstanceOf(HostError)
    expect(bad).toMatchObject({ status: 400, statusCode: 400, expose: true, type: "request.target.malformed" })
    expect(bad.message).toBe(hostMessages.badTarget(routerMessages.targetBadEscapeInPath))
    expect(boom.message).toBe("handler failure (expected in tests)")
  })
  it("closes the connection after a 413 handed to the app's error handler", async () => {
    const response = await host.send({
      method: "POST",
      target: "/api/echo",
      headers: { "content-type": "application/json" },
      body: "x".repeat(2 * 1024 * 1024),
      chunked: 256 * 1024,
    })
    expect(response.status).toBe(413)
    expect(response.headers.get("connection")).toBe("close")
    expect((await host.send({ target: "/" })).body).toBe("home")
  })
  it("links under the Express mount path", async () => {
    expect((await mounted.send({ target: "/app/links" })).body).toBe("/app/blog/3")
    expect((await mounted.send({ target: "/app/blog/4" })).body).toBe("id 4")
    expect((await mounted.send({ target: "/blog/4" })).status).toBe(404)
  })
})

describe("node:http handler", () => {
  let host: HostUnderTest
  const seen: unknown[] = []
  beforeAll(async () => {
    host = await nodeHost(hostSite, { onError: (error) => seen.push(error) })
  })
  afterAll(() => host.close())

  it("answers 500 to a throwing handler, reports it, and keeps serving", async () => {
    for (let i = 0; i < 3; i++) {
      expect((await host.send({ target: "/boom" })).status).toBe(500)
      expect((await host.send({ target: "/blog/1" })).body).toBe("id 1")
    }
    expect(seen).toHaveLength(3)
  })
  it("closes the connection after a 413 and keeps serving", async () => {
    const response = await host.send({
      method: "POST",
      target: "/api/echo",
      headers: { "content-type": "application/json" },
      body: "x".repeat(2 * 1024 * 1024),
      chunked: 256 * 1024,
    })
    expect(response.status).toBe(413)
    expect(response.headers.get("connection")).toBe("close")
    expect((await host.send({ target: "/" })).body).toBe("home")
  })
  it("survives a client that aborts mid-body", async () => {
    const server: Server = createServer(NodeHandler(hostSite, quiet))
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    const port = (server.address() as AddressInfo).port
    try {
      const { connect } = await import("node:net")
      await new Promise<void>((resolve) => {
        const socket = connect(port, "127.0.0.1", () => {
          socket.write(
            'POST /api/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{"na',
          )
          setTimeout(() => {
            socket.destroy()
            resolve()
          }, 20)
        })
      })
      expect((await sendRaw(port, { target: "/blog/9" })).body).toBe("id 9")
    } finally {
      server.closeAllConnections()
      server.close()
    }
  })
  it("keeps sessions across requests with a signed cookie", async () => {
    const login = await host.send({ method: "POST", target: "/login/alice" })
    expect(login.body).toBe("logged in")
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? ""
    expect(cookie).toMatch(/^sitelets_session=/)
    expect(login.headers.get("set-cookie")).toMatch(/HttpOnly/i)
    expect((await host.send({ target: "/me", headers: { cookie } })).body).toBe("me=alice")
    expect((await host.send({ target: "/me" })).body).toBe("me=-")
  })
  it("honours a base path option", async () => {
    const based = await nodeHost(hostSite, { ...quiet, basePath: "/base" })
    try {
      expect((await based.send({ target: "/base/links" })).body).toBe("/base/blog/3")
      expect((await based.send({ target: "/links" })).status).toBe(404)
      expect((await based.send({ target: "/basement/links" })).status).toBe(404)
    } finally {
      await based.close()
    }
  })
})

describe("plain Connect mounting", () => {
  it("finds the mount prefix from originalUrl and links under it", async () => {
    const middleware = Middleware(hostSite, quiet)
    // A minimal Connect-style mount: strip "/app" from req.url, keep req.originalUrl.
    const server = createServer((req, res) => {
      const original = req.url ?? "/"
      ;(req as { originalUrl?: string }).originalUrl = original
      if (!original.startsWith("/app")) return void res.writeHead(404).end("outside")
      req.url = original.slice(4) || "/"
      middleware(req, res, () => void res.writeHead(404).end("next"))
    })
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    const port = (server.address() as AddressInfo).port
    try {
      expect((await sendRaw(port, { target: "/app/links" })).body).toBe("/app/blog/3")
      expect((await sendRaw(port, { target: "/app/blog/7?x=1" })).body).toBe("id 7")
      expect((await sendRaw(port, { target: "/app" })).body).toBe("home")
      expect((await sendRaw(port, { target: "/app/nothing" })).body).toBe("next")
    } finally {
      server.closeAllConnections()
      server.close()
    }
  })
  it("reads the prefix the same way as Express and Connect do", () => {
    const of = (fields: Record<string, string>) => mountPathOf(fields as never)
    expect(of({ baseUrl: "/x", originalUrl: "/y/z", url: "/z" })).toBe("/x")
    expect(of({ originalUrl: "/app/a?q=/a", url: "/a?q=/a" })).toBe("/app")
    expect(of({ originalUrl: "/app", url: "/" })).toBe("/app")
    expect(of({ originalUrl: "/a", url: "/a" })).toBe("")
    expect(of({ url: "/a" })).toBe("")
  })
})
