import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { connect } from "node:net"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { t } from "../../src/descriptor/t.js"
import { Sitelet } from "../../src/api/sitelet-namespace.js"
import { Content } from "../../src/sitelet/content/content.js"
import { NodeHandler } from "../../src/host/node/index.js"
import { Fetch } from "../../src/host/fetch/fetch-handler.js"
import { hostMessages } from "../../src/host/host-errors.js"
import { resolveDeadline } from "../../src/host/host-options.js"
import { expressHost, fetchHost, nodeHost, type HostUnderTest } from "./support.js"

const Pages = t.union({ Slow: "GET /slow", Stuck: "GET /stuck", Fast: "GET /fast", Wait: "GET /wait" })

const aborted: string[] = []
let started: (() => void) | undefined
const site = Sitelet.Infer(Pages, {
  // Stops when its signal says so, as a well-behaved handler does.
  Slow: (ctx) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => resolve(Content.Text("too late")), 5_000)
      ctx.Signal.addEventListener("abort", () => {
        clearTimeout(timer)
        aborted.push((ctx.Signal.reason as DOMException).name)
        reject(ctx.Signal.reason)
      })
    }),
  // Ignores its signal; its late answer must be dropped.
  Stuck: () => new Promise((resolve) => setTimeout(() => resolve(Content.Text("dropped")), 300)),
  Fast: async () => Content.Text("fast"),
  Wait: (ctx) =>
    new Promise((resolve) => {
      ctx.Signal.addEventListener("abort", () => {
        aborted.push(`gone:${(ctx.Signal.reason as DOMException).name}`)
        resolve(Content.Text("nobody reads this"))
      })
      started?.()
    }),
})

const errors: unknown[] = []
const hosts: HostUnderTest[] = []
beforeAll(async () => {
  const options = { deadline: 100, onError: (error: unknown) => errors.push(error) }
  hosts.push(fetchHost(site, options), await nodeHost(site, options), await expressHost(site, options))
})
afterAll(async () => {
  for (const host of hosts) await host.close()
})

describe("host option deadline", () => {
  it("answers 503 when the handler runs past it, aborts ctx.Signal, and keeps serving", async () => {
    for (const host of hosts) {
      aborted.length = 0
      const response = await host.send({ target: "/slow" })
      expect(response.status, host.name).toBe(503)
      if (host.name !== "express") expect(response.body, host.name).toBe(hostMessages.deadlinePassed(100))
      expect(aborted, host.name).toEqual(["TimeoutError"])
      expect((await host.send({ target: "/fast" })).body, host.name).toBe("fast")
    }
  })

  it("drops the late answer of a handler that ignores its signal", async () => {
    for (const host of hosts) {
      const response = await host.send({ target: "/stuck" })
      expect([response.status, response.body.includes("dropped")], host.name).toEqual([503, false])
    }
    await new Promise((resolve) => setTimeout(resolve, 350))
    expect(errors).toEqual([])
  })

  it("is checked when the host is built", () => {
    for (const bad of [0, -1, 1.5, Number.NaN, 2 ** 31])
      expect(() => NodeHandler(site, { deadline: bad })).toThrow(hostMessages.badDeadline(bad))
    expect(resolveDeadline(undefined)).toBeUndefined()
  })
})

describe("ctx.Signal when the client goes away", () => {
  let server: Server
  let port = 0
  beforeAll(async () => {
    server = createServer(NodeHandler(site, { onError: () => undefined }))
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()))
    port = (server.address() as AddressInfo).port
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })

  it("aborts on the node host when the socket closes mid-request", async () => {
    aborted.length = 0
    const running = new Promise<void>((resolve) => (started = resolve))
    const socket = connect(port, "127.0.0.1")
    socket.write("GET /wait HTTP/1.1\r\nHost: x\r\n\r\n")
    await running
    socket.destroy()
    for (let i = 0; i < 100 && aborted.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10))
    expect(aborted).toEqual(["gone:AbortError"])
  })

  it("follows the request's own signal on the Fetch host", async () => {
    aborted.length = 0
    const controller = new AbortController()
    const running = new Promise<void>((resolve) => (started = resolve))
    const answer = Fetch.Handler(site).fetch(new Request("http://x/wait", { signal: controller.signal }))
    await running
    controller.abort()
    await answer
    expect(aborted).toEqual(["gone:AbortError"])
  })

  it("answers a handler that finishes before its deadline, and one that never reads its signal", async () => {
    const host = fetchHost(site, { deadline: 50 })
    expect((await host.send({ target: "/fast" })).body).toBe("fast")
    const node = await nodeHost(site)
    expect((await node.send({ target: "/fast" })).status).toBe(200)
    await node.close()
  })
})
