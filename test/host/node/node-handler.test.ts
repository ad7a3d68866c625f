import { describe, expect, it } from "vitest"
import { IncomingMessage, ServerResponse } from "node:http"
import { Socket } from "node:net"
import { t } from "../../../src/descriptor/t.js"
import { Sitelet } from "../../../src/api/sitelet-namespace.js"
import { Content } from "../../../src/sitelet/content/content.js"
import { NodeHandler } from "../../../src/host/node/index.js"
import { hasRepeatedHost } from "../../../src/host/node/node-handler.js"

const site = Sitelet.Infer(t.union({ Now: "GET /now/<id:int>", Later: "GET /later", Env: "GET /env" }), {
  Now: (_ctx, e) => Content.Json({ id: e.id }),
  Env: (ctx) => Content.Text(JSON.stringify(ctx.Env)),
  Later: async () => {
    await Promise.resolve()
    return Content.Text("later")
  },
})

/** A request and response pair with no socket: the response keeps what it would write. */
function exchange(target: string): { req: IncomingMessage; res: ServerResponse; written: () => string } {
  const req = new IncomingMessage(new Socket())
  req.method = "GET"
  req.url = target
  req.headers = { host: "localhost" }
  const res = new ServerResponse(req)
  const written = () =>
    (res as unknown as { outputData: Array<{ data: string }> }).outputData.map((chunk) => String(chunk.data)).join("")
  return { req, res, written }
}

describe("NodeHandler", () => {
  it("answers a request with a synchronous handler before the listener returns", () => {
    const { req, res, written } = exchange("/now/7")
    NodeHandler(site)(req, res)
    expect(res.writableEnded).toBe(true)
    expect(written()).toMatch(/^HTTP\/1\.1 200 OK\r\n/)
    expect(written()).toContain("X-Content-Type-Options: nosniff\r\n")
    expect(written().endsWith('\r\n\r\n{"id":7}')).toBe(true)
    const missing = exchange("/nowhere")
    NodeHandler(site)(missing.req, missing.res)
    expect(missing.res.writableEnded).toBe(true)
    expect(missing.res.statusCode).toBe(404)
  })
  it("answers an awaiting handler once it settles", async () => {
    const { req, res, written } = exchange("/later")
    NodeHandler(site)(req, res)
    expect(res.writableEnded).toBe(false)
    for (let turn = 0; turn < 20 && !res.writableEnded; turn++) await new Promise((resolve) => setImmediate(resolve))
    expect(res.writableEnded).toBe(true)
    expect(written().endsWith("\r\n\r\nlater")).toBe(true)
  })
  it("gives handlers the env option as ctx.Env", () => {
    const { req, res, written } = exchange("/env")
    NodeHandler(site, { env: { pool: "db" } as never })(req, res)
    expect(written().endsWith('\r\n\r\n{"pool":"db"}')).toBe(true)
  })
})

describe("hasRepeatedHost", () => {
  it("finds a second Host in the raw header list, in any case, and nothing else", () => {
    expect(hasRepeatedHost(["Host", "a.example", "host", "b.example"])).toBe(true)
    expect(hasRepeatedHost(["HOST", "a", "Accept", "*/*", "hOsT", "b"])).toBe(true)
    expect(hasRepeatedHost(["Host", "a.example", "Accept", "*/*"])).toBe(false)
    expect(hasRepeatedHost(["Hosts", "x", "Host", "y", "Post", "z", "Hist", "w"])).toBe(false)
    expect(hasRepeatedHost([])).toBe(false)
  })
})
