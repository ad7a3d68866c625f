import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import express from "express"
import { Middleware } from "../../src/host/node.js"
import { parseResponse, rawExchange, startHosts, wireBytes, type HostUnderTest } from "./harness.js"
import { site } from "./site.js"

// Limits are configurable per host; each is enforced at exactly limit + 1.
const limits = { bodyBytes: 100, urlLength: 200, queryParameters: 5 }
let hosts: HostUnderTest[] = []
beforeAll(async () => {
  hosts = await startHosts(site, { limits, onError: () => undefined })
})
afterAll(async () => {
  await Promise.all(hosts.map((host) => host.close()))
})

describe("configured limits, on every host", () => {
  it.each(["fetch", "node", "connect"] as const)("%s: body, URL length, query and form parameter counts", async (name) => {
    const host = hosts.find((h) => h.name === name)!
    expect((await host.send({ method: "POST", target: "/upload", body: "x".repeat(100) })).body).toBe("upload:100")
    expect((await host.send({ method: "POST", target: "/upload", body: "x".repeat(101) })).status).toBe(413)
    expect((await host.send({ method: "POST", target: "/upload", body: "x".repeat(101), chunked: 7 })).status).toBe(413)
    expect((await host.send({ target: "/files/" + "a".repeat(193) })).status).toBe(200)
    expect((await host.send({ target: "/files/" + "a".repeat(194) })).status).toBe(414)
    expect((await host.send({ target: "/?a&b&c&d&e" })).status).toBe(200)
    expect((await host.send({ target: "/?a&b&c&d&e&f" })).status).toBe(414)
    const form = { "content-type": "application/x-www-form-urlencoded" }
    expect((await host.send({ method: "POST", target: "/form", headers: form, body: "name=x&b&c&d&e" })).body).toBe("form:x")
    expect((await host.send({ method: "POST", target: "/form", headers: form, body: "name=x&b&c&d&e&f" })).status).toBe(413)
  })
})

describe("Connect after a body parser consumed the body (D5)", () => {
  let server: Server
  let port = 0
  beforeAll(async () => {
    const app = express()
    app.use(express.text({ type: "*/*" }))
    app.use(Middleware(site, { onError: () => undefined }) as express.RequestHandler)
    app.use((_req, res) => res.status(404).send("fallthrough"))
    app.use((error: { status?: number }, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      res.status(error.status ?? 500).send("error")
    })
    server = createServer(app)
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    port = (server.address() as AddressInfo).port
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })
  it("answers instead of hanging when a matched case needs the consumed body", async () => {
    const data = await rawExchange(port, wireBytes({ method: "POST", target: "/echo", headers: { "content-type": "application/json" }, body: '{"title":"t","n":1}' }))
    expect(parseResponse(data!).status).toBe(400)
    const miss = await rawExchange(port, wireBytes({ method: "POST", target: "/nowhere", body: "x" }))
    expect(parseResponse(miss!).body).toBe("fallthrough")
  })
})
