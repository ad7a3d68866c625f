import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Client as McpClient } from "@modelcontextprotocol/sdk/client/index.js"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js"
import { WebSocket as WebSocketClient } from "ws"
import { hostMessages } from "../../src/host/host-errors.js"
import { mcpMessages } from "../../src/mcp/mcp-messages.js"
import { sessionMessages } from "../../src/sitelet/auth/session-messages.js"
import { contentMessages } from "../../src/sitelet/content/content-messages.js"
import { socketMessages } from "../../src/sitelet/sockets/socket-messages.js"
import { cases as hostileCases } from "../hardening/cases.js"
import { hostCases } from "../host/host-site.js"
import { checkRoundTrip } from "../host/round-trip-check.js"
import {
  expressHost,
  nodeHost,
  sendRaw,
  type HostUnderTest,
  type WireRequest,
  type WireResponse,
} from "../host/support.js"
import { allowedOrigin } from "./app-site.js"
import { articles } from "./http-site.js"
import { brotliDecompressSync, gunzipSync } from "node:zlib"
import { bundleSites, startBare, startRuntime, startSnippet, type StartedRuntime } from "./launch.js"
import { flood, stall, trickle } from "./slow-client.js"
import { type Handshake, handshakes, sendHandshake, sendUnmasked } from "./handshakes.js"
import { matrixSecret, optionsFor, siteNames, siteOf, type SiteName } from "./sites.js"

const numRuns = Number(process.env.FC_NUM_RUNS ?? 100)
// The in-process hosts' file site reads public/ by its absolute path (the runtimes run inside test/runtimes).
;(globalThis as { SITELETS_MATRIX_FILES?: string }).SITELETS_MATRIX_FILES = new URL(
  "./public",
  import.meta.url,
).pathname

/** A runtime under test: a way to send a request to each site. */
interface Runtime {
  readonly name: RuntimeName
  readonly version: string
  send(site: SiteName, request: WireRequest): Promise<WireResponse>
  /** The loopback port serving a site (for WebSocket clients). */
  port(site: SiteName): number
  /** What the runtime process wrote to stderr (child processes only). */
  stderr(): string
  /** The resident memory of the process serving (this one, for node and Express), in bytes. */
  rss(): number
  close(): Promise<void>
}
type RuntimeName = "node" | "express" | "bun" | "deno" | "workerd"
const runtimeNames: readonly RuntimeName[] = ["node", "express", "bun", "deno", "workerd"]
/**
 * The runtimes whose `Request.url` is the WHATWG-resolved URL (dot
 * segments removed, `\` read as `/`) rather than the raw target: the
 * hostile table's `fetch` column applies to them. Deno and workerd keep
 * the raw target, so they answer exactly as node:http does.
 */
const resolvesTargets: ReadonlySet<RuntimeName> = new Set(["bun"])

/**
 * Where a runtime's own HTTP layer answers a hostile case before any
 * handler runs, differently from the table: the status it gives (0: the
 * connection is closed without an answer) and why. Each is in the README's
 * runtime table; none lets a request past the guard.
 */
const runtimeDifferences: Partial<
  Record<RuntimeName, Readonly<Record<string, { readonly status: number; readonly why: string }>>>
> = {
  bun: {
    "malformed absolute-form": {
      status: 307,
      why: "Bun rebuilds an absolute-form target from the Host header and the path, so http://h:bad/admin/x reaches the router as /admin/x, where the guard redirects",
    },
    "method CONSTRUCTOR": { status: 0, why: "Bun's HTTP parser closes the connection on a method it does not know" },
    "raw NUL in the target": {
      status: 505,
      why: "Bun's HTTP parser answers 505 HTTP Version Not Supported to a request line with a NUL byte, before the handler",
    },
  },
  deno: {
    "method CONSTRUCTOR": {
      status: 404,
      why: "Deno's HTTP layer accepts any token as a method, so the handler sees CONSTRUCTOR, which no case has (node:http refuses it with 400)",
    },
  },
  workerd: {
    "malformed absolute-form": {
      status: 307,
      why: "workerd rebuilds an absolute-form target from the Host header and the path, so http://h:bad/admin/x reaches the router as /admin/x, where the guard redirects",
    },
    "method CONSTRUCTOR": { status: 501, why: "workerd answers 501 to a method it does not know, before the worker" },
  },
}

/** A response, or status 0 when the server closed the connection without one. */
async function answerOf(sent: Promise<WireResponse>): Promise<WireResponse> {
  try {
    return await sent
  } catch (error) {
    if (error instanceof Error && error.message.startsWith("no response"))
      return { status: 0, headers: new Map(), body: "" }
    throw error
  }
}

async function inProcess(name: "node" | "express"): Promise<Runtime> {
  const hosts = new Map<SiteName, HostUnderTest>()
  for (const site of siteNames) {
    const options = optionsFor(site, matrixSecret)
    hosts.set(site, name === "node" ? await nodeHost(siteOf(site), options) : await expressHost(siteOf(site), options))
  }
  return {
    name,
    version: `Node ${process.versions.node}`,
    send: (site, request) => hosts.get(site)!.send(request),
    port: (site) => hosts.get(site)!.port!,
    stderr: () => "",
    rss: () => process.memoryUsage().rss,
    close: async () => {
      for (const host of hosts.values()) await host.close()
    },
  }
}

function child(started: StartedRuntime): Runtime {
  return {
    name: started.name,
    version: started.version,
    send: (site, request) => sendRaw(started.ports[site], request),
    port: (site) => started.ports[site],
    stderr: () => started.stderr(),
    rss: () => started.rss(),
    close: () => started.close(),
  }
}

const runtimes = new Map<RuntimeName, Runtime>()

beforeAll(async () => {
  await bundleSites()
  runtimes.set("node", await inProcess("node"))
  runtimes.set("express", await inProcess("express"))
  for (const name of ["bun", "deno", "workerd"] as const) runtimes.set(name, child(await startRuntime(name)))
}, 120_000)

afterAll(async () => {
  for (const runtime of runtimes.values()) await runtime.close()
})

const runtime = (name: RuntimeName) => runtimes.get(name)!
/**
 * What a client's unmasked frame gets (RFC 6455 §5.1: the server closes the
 * connection; 1002 is the protocol error's code). Deno and workerd parse
 * frames in the runtime, out of the handler's reach, and take it as a
 * message: the handler reads the `Bye` and closes with 4000
 * (docs/websockets.md's handshake table).
 */
const unmaskedClose: Record<RuntimeName, number | "open"> = {
  node: 1002,
  express: 1002,
  bun: 1002,
  deno: 4000,
  workerd: 4000,
}
const cookieOf = (response: WireResponse) => (response.headers.get("set-cookie") ?? "").split(";")[0]!
const form = { "content-type": "application/x-www-form-urlencoded" }

/** A socket to the matrix's socket site: its messages, its close, or the HTTP status refusing it. */
function socketTo(port: number, path: string, headers: Record<string, string> = {}) {
  const client = new WebSocketClient(`ws://127.0.0.1:${port}${path}`, { headers })
  const messages: unknown[] = []
  client.on("message", (data, binary) => void (binary || messages.push(JSON.parse(String(data)))))
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    client.on("close", (code, reason) => resolve({ code, reason: reason.toString() })),
  )
  const opened = new Promise<number>((resolve) => {
    client.on("open", () => resolve(101))
    client.on("unexpected-response", (_request, response) => resolve(response.statusCode ?? 0))
    client.on("error", () => resolve(0))
  })
  return { client, messages, closed, opened }
}

describe.each(runtimeNames)("%s", (name) => {
  it("serves a WebSocket case: typed echo both ways, close codes, 426 without an upgrade, 403 from another origin", async () => {
    const port = runtime(name).port("socket")
    const room = socketTo(port, "/rooms/r1")
    expect(await room.opened).toBe(101)
    room.client.send(JSON.stringify({ $: "Say", text: "hi" }))
    room.client.send(JSON.stringify({ $: "Bye" }))
    expect(await room.closed).toEqual({ code: 4000, reason: "bye" })
    expect(room.messages).toEqual([{ $: "Echo", room: "r1", text: "hi", at: "2026-01-02T00:00:00.000Z" }])

    const bad = socketTo(port, "/rooms/r2")
    expect(await bad.opened).toBe(101)
    bad.client.send(JSON.stringify({ $: "Say", text: 7 }))
    expect((await bad.closed).code).toBe(1007)

    const big = socketTo(port, "/rooms/r3")
    expect(await big.opened).toBe(101)
    big.client.send(JSON.stringify({ $: "Say", text: "x".repeat(2000) }))
    expect((await big.closed).code).toBe(1009)

    // A flood over the rate (50 a second by default) is closed with 1008 and its reason, on every runtime.
    const flooding = socketTo(port, "/rooms/r4")
    expect(await flooding.opened).toBe(101)
    for (let i = 0; i < 200 && flooding.client.readyState === 1; i++)
      flooding.client.send(JSON.stringify({ $: "Say", text: "again" }))
    // Deno drops the connection when a frame follows its own close frame (denoland/deno#21642): a client still
    // sending sees 1006 there (docs/websockets.md).
    const flooded = await flooding.closed
    if (name === "deno" && flooded.code === 1006) expect(flooded.reason).toBe("")
    else expect(flooded).toEqual({ code: 1008, reason: socketMessages.tooManyMessages(50) })

    // Binary frames both ways (a Bytes side), and text refused there with 1003.
    const raw = socketTo(port, "/raw")
    const bytes: number[][] = []
    raw.client.on("message", (data) => bytes.push([...(data as Buffer)]))
    expect(await raw.opened).toBe(101)
    raw.client.send(new Uint8Array([1, 2, 250]))
    for (let i = 0; i < 200 && bytes.length === 0; i++) await new Promise((done) => setTimeout(done, 5))
    expect(bytes).toEqual([[250, 2, 1]])
    raw.client.send("text")
    expect((await raw.closed).code).toBe(1003)

    const plain = await fetch(`http://127.0.0.1:${port}/rooms/r1`)
    expect(plain.status).toBe(426)
    // workerd removes hop-by-hop headers (Upgrade, Connection) from a worker's response; the status says it all.
    expect(plain.headers.get("upgrade")).toBe(name === "workerd" ? null : "websocket")
    expect(await socketTo(port, "/rooms/r1", { Origin: "https://evil.example" }).opened).toBe(403)
  })

  it("answers the WebSocket handshake table by RFC 6455: keys, versions, subprotocols, unmasked frames", async () => {
    const port = runtime(name).port("socket")
    for (const handshake of handshakes) {
      const answer = await sendHandshake(port, handshake)
      answer.socket.destroy()
      expect(answer.status, handshake.name).toBe(handshake.status)
      if (handshake.protocol !== undefined)
        expect(answer.headers.get("sec-websocket-protocol") ?? null, handshake.name).toBe(handshake.protocol)
      for (const [header, value] of Object.entries(handshake.answerHeaders ?? {}))
        expect(answer.headers.get(header), `${handshake.name}: ${header}`).toBe(value)
    }
    const upgraded = await sendHandshake(port, handshakes[0] as Handshake)
    expect(await sendUnmasked(upgraded)).toBe(unmaskedClose[name])
  })

  it("broadcasts to a room where the runtime allows it, and a member that stops reading holds up no one", async () => {
    const port = runtime(name).port("socket")
    const waitFor = async (check: () => boolean, rounds = 400) => {
      for (let i = 0; i < rounds && !check(); i++) await new Promise((done) => setTimeout(done, 5))
    }
    const a = socketTo(port, "/crowd/talk")
    const b = socketTo(port, "/crowd/talk")
    expect([await a.opened, await b.opened]).toEqual([101, 101])
    a.client.send(JSON.stringify({ $: "Say", text: "one" }))
    await waitFor(() => a.messages.length > 0 && (name === "workerd" || b.messages.length > 0))
    const heard = { $: "Echo", room: "talk", text: "one", at: "2026-01-02T00:00:00.000Z" }
    expect(a.messages).toEqual([heard])
    // workerd refuses I/O on a socket another request opened: Send rejects, and the sender goes on.
    expect(b.messages).toEqual(name === "workerd" ? [] : [heard])
    a.client.send(JSON.stringify({ $: "Bye" }))
    expect(await a.closed).toEqual({ code: 4000, reason: "bye" })
    b.client.close()
    if (name === "workerd") return

    // One member never reads; another sends 600 messages of 20 KB, each after the last came back (12 MB).
    const stuck = socketTo(port, "/crowd/slow")
    expect(await stuck.opened).toBe(101)
    ;(stuck.client as unknown as { _socket: { pause(): void } })._socket.pause()
    const sender = socketTo(port, "/crowd/slow")
    expect(await sender.opened).toBe(101)
    const text = "x".repeat(20_000)
    for (let i = 0; i < 600; i++) {
      sender.client.send(JSON.stringify({ $: "Say", text }))
      const started = Date.now()
      while (sender.messages.length <= i && Date.now() - started < 2000)
        await new Promise((done) => setTimeout(done, 1))
      if (sender.messages.length <= i) break
    }
    expect(sender.messages.length).toBe(600)
    sender.client.send(JSON.stringify({ $: "Bye" }))
    expect(await sender.closed).toEqual({ code: 4000, reason: "bye" })
    // The one that did not read was closed for it (1008), or dropped before it read the close frame (1006).
    ;(stuck.client as unknown as { _socket: { resume(): void } })._socket.resume()
    expect([1008, 1006]).toContain((await stuck.closed).code)
  })

  it("keeps memory bounded by the body limit while 20 clients trickle their bodies a byte at a time", async () => {
    const port = runtime(name).port("hardening")
    const body = JSON.stringify({ title: "x".repeat(982), n: 1 })
    expect(body.length).toBe(1000)
    const before = runtime(name).rss()
    let peak = before
    const sampler = setInterval(() => (peak = Math.max(peak, runtime(name).rss())), 100)
    const answers = await Promise.all(Array.from({ length: 20 }, () => trickle(port, "/small", body, 2)))
    clearInterval(sampler)
    peak = Math.max(peak, runtime(name).rss())
    expect(answers).toEqual(Array.from({ length: 20 }, () => ({ status: 200, body: "small:982" })))
    // 20 bodies of 1,000 bytes: before issue 35, Deno kept a large buffer per byte (+866 MB). Measured since: node
    // +16 MB (the test runner's own process), Express +3, Bun +7, Deno +52, workerd +62 (their connections' own).
    const grown = (peak - before) / 2 ** 20
    expect(grown, `${name}: +${grown.toFixed(0)} MB`).toBeLessThan(160)
  })

  it.runIf(name === "deno" || name === "workerd")(
    "gives 200 trickled bodies no more memory than a bare server of the runtime, and keeps no more after",
    async () => {
      const body = JSON.stringify({ title: "x".repeat(982), n: 1 })
      const bare = await startBare(name as "deno" | "workerd")
      try {
        // Each server warmed by one request first: the growth measured is the slow clients', not a first compile.
        const grows = async (port: number, rss: () => number) => {
          await trickle(port, "/small", body, 0)
          const before = rss()
          let peak = before
          const sampler = setInterval(() => (peak = Math.max(peak, rss())), 50)
          const answers = await Promise.all(Array.from({ length: 200 }, () => trickle(port, "/small", body, 2)))
          clearInterval(sampler)
          expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([200]))
          await new Promise((resolve) => setTimeout(resolve, 3_000))
          return { peak: (Math.max(peak, rss()) - before) / 2 ** 20, kept: (rss() - before) / 2 ** 20 }
        }
        const library = await grows(runtime(name).port("hardening"), () => runtime(name).rss())
        const baseline = await grows(bare.port, () => bare.rss())
        // Measured (2026-12-02): Deno +8 MB peak and kept (bare +8), workerd +5 (bare +11); before this issue the
        // host read the body in a JavaScript step per chunk: Deno +28 MB kept, workerd +20.
        const about = `${name}: sitelets +${library.peak.toFixed(1)} MB (kept +${library.kept.toFixed(1)}), bare +${baseline.peak.toFixed(1)} MB`
        expect(library.peak, about).toBeLessThan(2 * baseline.peak + 8)
        expect(library.kept, about).toBeLessThan(2 * baseline.kept + 8)
      } finally {
        await bare.close()
      }
    },
  )

  it("answers a chunked body that passes the limit and then stalls, without waiting for more", async () => {
    const { status, ms } = await stall(runtime(name).port("hardening"), "/small", 1100)
    expect(status).toBe(413)
    expect(ms, `${name}: ${ms} ms`).toBeLessThan(2000)
  })

  it("answers a declared body over the limit with 413 at once; what the runtime reads after it is the documented", async () => {
    const before = runtime(name).rss()
    const declared = 64 * 2 ** 20
    const answer = await flood(runtime(name).port("hardening"), "/small", declared, 1500)
    // workerd closes the connection with the client's bytes unread: its kernel may reset the connection before the
    // client reads the 413 (behind Cloudflare's edge no client sees that reset).
    expect(name === "workerd" ? [413, 0] : [413]).toContain(answer.status)
    // node:http, Express and workerd close the connection; Bun (below its maxRequestBodySize) and Deno read off
    // and drop the rest of the declared body, which the Fetch host cannot stop (docs/hosting.md).
    if (name === "bun" || name === "deno") expect(answer.taken).toBe(declared)
    else expect([answer.closed, answer.taken < 16 * 2 ** 20]).toEqual([true, true])
    const grown = (runtime(name).rss() - before) / 2 ** 20
    expect(grown, `${name}: +${grown.toFixed(0)} MB`).toBeLessThan(64)
  })

  it("serves the host table", async () => {
    for (const row of hostCases) {
      const response = await runtime(name).send("host", row.request)
      const seen = { row: row.name, status: response.status, body: row.body === undefined ? undefined : response.body }
      const body = name === "express" ? (row.expressBody ?? row.body) : row.body
      expect(seen).toEqual({ row: row.name, status: row.status, body })
      if (row.contentType !== undefined) expect(response.headers.get("content-type"), row.name).toBe(row.contentType)
      if (response.status < 300) expect(response.headers.get("x-content-type-options"), row.name).toBe("nosniff")
    }
  })

  it("answers the hostile table and keeps serving", async () => {
    for (const c of hostileCases) {
      const label = `${c.ids} ${c.name}`
      const response = await answerOf(runtime(name).send("hardening", c))
      const differs = runtimeDifferences[name]?.[c.name]
      const expected = differs?.status ?? (resolvesTargets.has(name) && c.fetch !== undefined ? c.fetch : c.status)
      expect({ label, status: response.status }).toEqual({ label, status: expected })
      if (c.answer !== undefined && expected === c.status) expect(response.body, label).toBe(c.answer)
      if (c.never !== undefined) expect(response.body, label).not.toContain(c.never)
      expect((await runtime(name).send("hardening", { target: "/item/7" })).body, `after ${label}`).toBe("item:7")
    }
  })

  it(`gives back every linked value: Parse(Link(x)) over the fixture union (${numRuns} runs)`, async () => {
    const host = { name, send: (request: WireRequest) => runtime(name).send("echo", request) }
    expect(await checkRoundTrip([host], numRuns)).toBeGreaterThan(numRuns / 2)
  })

  it("reads form and multipart bodies", async () => {
    const boundary = "MaTrIxBoUnDaRy"
    const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nT é\r\n--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nN\r\n--${boundary}--\r\n`
    const a = await runtime(name).send("app", {
      method: "POST",
      target: "/upload",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      body: multipart,
    })
    expect(a.body).toBe("upload T é N")
    const b = await runtime(name).send("app", {
      method: "POST",
      target: "/upload",
      headers: form,
      body: "title=T+%C3%A9",
    })
    expect(b.body).toBe("upload T é -")
  })

  it("logs in, serves the protected page, refuses a tampered cookie, logs out", async () => {
    const send = (request: WireRequest) => runtime(name).send("app", request)
    expect((await send({ target: "/admin/x" })).status).toBe(307)
    const login = await send({ method: "POST", target: "/login", headers: form, body: "user=root" })
    expect(login.body).toBe("logged in root")
    const cookie = cookieOf(login)
    expect(cookie).toMatch(/^sitelets_session=v1\./)
    const page = await send({ target: "/admin/x", headers: { cookie } })
    expect({ status: page.status, body: page.body }).toEqual({ status: 200, body: "admin x for root" })
    // One character of the MAC changed: anonymous, so the guard redirects (never a 500).
    const last = cookie.at(-1) === "A" ? "B" : "A"
    const tampered = await send({ target: "/admin/x", headers: { cookie: cookie.slice(0, -1) + last } })
    expect({ status: tampered.status, location: tampered.headers.get("location") }).toEqual({
      status: 307,
      location: "/",
    })
    const logout = await send({ method: "POST", target: "/logout", headers: { cookie } })
    expect(logout.headers.get("set-cookie")).toContain("Max-Age=0")
  })

  it("accepts a session cookie signed by every other runtime (one secret, stateless sessions)", async () => {
    for (const other of runtimeNames) {
      const login = await runtime(other).send("app", {
        method: "POST",
        target: "/login",
        headers: form,
        body: `user=root`,
      })
      const page = await runtime(name).send("app", { target: "/admin/y", headers: { cookie: cookieOf(login) } })
      expect({ from: other, body: page.body }).toEqual({ from: other, body: "admin y for root" })
    }
  })

  it("without a secret: a session is a 500 naming the fix, unless developing; the environment is never needed", async () => {
    const refused = await runtime(name).send("strict", { method: "POST", target: "/login/bob" })
    expect({ status: refused.status, body: refused.body, cookie: refused.headers.get("set-cookie") ?? null }).toEqual({
      status: 500,
      body: hostMessages.internalError,
      cookie: null,
    })
    // Deno refuses to read the environment (--allow-net only): the message says so.
    if (name === "deno") expect(runtime(name).stderr()).not.toContain("random per-process key")
    // Developing (session: { development: true }): the per-process key, with its one warning.
    const login = await runtime(name).send("host", { method: "POST", target: "/login/bob" })
    expect(login.body).toBe("logged in")
    expect((await runtime(name).send("host", { target: "/me", headers: { cookie: cookieOf(login) } })).body).toBe(
      "me=bob",
    )
    if (name === "deno") expect(runtime(name).stderr()).toContain(sessionMessages.randomKeyWarning(true))
    if (name === "bun" || name === "workerd")
      expect(runtime(name).stderr()).toContain(sessionMessages.randomKeyWarning(false))
  })

  it("answers a CORS preflight before the guard, and the actual request with its headers", async () => {
    const preflight = await runtime(name).send("app", {
      method: "OPTIONS",
      target: "/api/ping",
      headers: { origin: allowedOrigin, "access-control-request-method": "GET" },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get("access-control-allow-origin")).toBe(allowedOrigin)
    expect(preflight.headers.get("access-control-allow-credentials")).toBe("true")
    expect(preflight.headers.get("vary")).toContain("Origin")
    const actual = await runtime(name).send("app", { target: "/api/ping", headers: { origin: allowedOrigin } })
    expect({ body: actual.body, origin: actual.headers.get("access-control-allow-origin") }).toEqual({
      body: "pong",
      origin: allowedOrigin,
    })
    const foreign = await runtime(name).send("app", {
      target: "/api/ping",
      headers: { origin: "https://evil.example" },
    })
    expect({ body: foreign.body, origin: foreign.headers.get("access-control-allow-origin") ?? null }).toEqual({
      body: "pong",
      origin: null,
    })
  })

  it("answers a throwing handler with a generic 500, reports the error once, and keeps serving", async () => {
    const errors = async () => JSON.parse((await runtime(name).send("app", { target: "/errors" })).body) as string[]
    const before = (await errors()).filter((message) => message.startsWith("handler failure")).length
    const boom = await runtime(name).send("app", { target: "/boom" })
    expect({ status: boom.status, body: boom.body }).toEqual({ status: 500, body: hostMessages.internalError })
    expect((await errors()).filter((message) => message.startsWith("handler failure")).length).toBe(before + 1)
    expect((await runtime(name).send("app", { target: "/" })).body).toBe("home")
  })

  it("writes a declared answer with its descriptor, by status", async () => {
    const found = await runtime(name).send("app", { target: "/answer/7" })
    expect({ status: found.status, body: found.body }).toEqual({
      status: 200,
      body: '{"id":7,"big":"18446744073709551623","day":"2026-11-25"}',
    })
    const missing = await runtime(name).send("app", { target: "/answer/0" })
    expect({ status: missing.status, body: missing.body }).toEqual({ status: 404, body: '{"error":"no answer 0"}' })
    const forgotten = await runtime(name).send("app", { method: "DELETE", target: "/answer/7" })
    expect({
      status: forgotten.status,
      body: forgotten.body,
      type: forgotten.headers.get("content-type"),
      length: forgotten.headers.get("content-length"),
    }).toEqual({ status: 204, body: "", type: undefined, length: undefined })
  })

  it("serves its API to the MCP SDK's client at /mcp: tools, calls, the same refusals, hostile JSON-RPC", async () => {
    const url = `http://127.0.0.1:${runtime(name).port("mcp")}/mcp`
    const connect = async (headers: Record<string, string> = {}) => {
      const client = new McpClient({ name: "matrix", version: "1.0.0" })
      await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }))
      return client
    }
    const text = (result: Record<string, unknown>) => (result.content as Array<{ text: string }>)[0]?.text
    const client = await connect()
    const tools = (await client.listTools()).tools.map((tool) => tool.name).sort()
    expect(tools).toEqual(["CreateUser", "GetUser", "ListUsers", "Token"])
    expect((await client.callTool({ name: "GetUser", arguments: { id: 1 } })).structuredContent).toEqual({
      id: 1,
      name: "Ada",
    })
    const missing = await client.callTool({ name: "GetUser", arguments: { id: 9 } })
    expect([missing.isError, text(missing)]).toEqual([true, '404 Not Found: {"error":"no user 9"}'])
    const listed = await client.callTool({ name: "ListUsers", arguments: { limit: 1, "X-Tenant": "acme" } })
    expect(JSON.parse(text(listed)!)).toEqual([{ id: 1, name: "acme/Ada" }])
    // A write behind Protect: refused without the bearer token the Token tool issues, made with it.
    const refused = await client.callTool({ name: "CreateUser", arguments: { body: { name: "Cy" } } })
    expect([refused.isError, text(refused)?.slice(0, 16)]).toEqual([true, "401 Unauthorized"])
    const issued = await client.callTool({ name: "Token", arguments: { user: "ada", password: "secret" } })
    const token = (issued.structuredContent as { token: string }).token
    const authorised = await connect({ authorization: `Bearer ${token}` })
    const created = await authorised.callTool({ name: "CreateUser", arguments: { body: { name: "Cy" } } })
    expect(created.structuredContent).toEqual({ id: 3, name: "Cy" })
    await Promise.all([client.close(), authorised.close()])
    // Hostile JSON-RPC: a JSON-RPC error and nothing else; other methods than POST a 405.
    const post = (body: string) =>
      runtime(name).send("mcp", {
        method: "POST",
        target: "/mcp",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
        body,
      })
    const notJson = await post("{ not json")
    expect([notJson.status, JSON.parse(notJson.body).error]).toEqual([
      400,
      { code: -32700, message: mcpMessages.notJson },
    ])
    const ping = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" })
    const flood = await post(`[${Array.from({ length: 11 }, () => ping).join(",")}]`)
    expect([flood.status, JSON.parse(flood.body).error.code]).toEqual([400, -32600])
    const get = await runtime(name).send("mcp", { target: "/mcp" })
    expect([get.status, get.headers.get("allow")]).toEqual([405, "POST"])
  })

  it("copies a shared header list into each in-process answer: a header set on one never reaches the next", async () => {
    // The Fetch host hands Node's and Bun's Response one Headers per shared list, and the runtime copies it.
    const isolated = await runtime(name).send("app", { target: "/isolated" })
    expect(JSON.parse(isolated.body)).toEqual(["1", null])
  })

  it("runs WaitUntil work after the answer and reports its failure", async () => {
    const later = await runtime(name).send("app", { target: "/later" })
    expect(later.body).toBe("answered first")
    let done = "0"
    for (let attempt = 0; attempt < 50 && done === "0"; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 20))
      done = (await runtime(name).send("app", { target: "/later/done" })).body
    }
    expect(Number(done)).toBeGreaterThanOrEqual(1)
    expect(JSON.parse((await runtime(name).send("app", { target: "/errors" })).body)).toContain(
      "background failure (expected by the matrix)",
    )
  })

  it("answers the HTTP behaviour options: 405/Allow, OPTIONS, compression, ETag/304, request ids, the deadline", async () => {
    const send = (request: WireRequest) => runtime(name).send("http", request)
    const refused = await send({ method: "DELETE", target: "/blog" })
    expect([refused.status, refused.headers.get("allow")]).toEqual([405, "GET, HEAD, POST, OPTIONS"])
    const options = await send({ method: "OPTIONS", target: "/blog" })
    expect([options.status, options.headers.get("allow"), options.body]).toEqual([204, "GET, HEAD, POST, OPTIONS", ""])
    expect((await send({ method: "DELETE", target: "/nowhere" })).status).toBe(404)
    const compressed = await send({ target: "/articles", headers: { "accept-encoding": "br, gzip" } })
    const encoding = compressed.headers.get("content-encoding")
    expect(encoding).toBe(name === "workerd" ? "gzip" : "br")
    const raw = compressed.raw as Buffer
    const text = (encoding === "br" ? brotliDecompressSync(raw) : gunzipSync(raw)).toString("utf8")
    expect(JSON.parse(text)).toEqual(articles)
    expect(compressed.headers.get("vary")).toBe("Accept-Encoding")
    const tag = compressed.headers.get("etag") as string
    expect(tag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/)
    const plain = await send({ target: "/articles" })
    expect([plain.headers.has("content-encoding"), plain.headers.get("etag")]).toEqual([false, tag.slice(2)])
    const unchanged = await send({ target: "/articles", headers: { "accept-encoding": "gzip", "if-none-match": tag } })
    expect([unchanged.status, unchanged.body, unchanged.headers.get("etag")]).toEqual([304, "", tag])
    expect((await send({ target: "/id", headers: { "x-request-id": "matrix-1" } })).body).toBe("matrix-1")
    const slow = await send({ target: "/slow" })
    expect([slow.status, slow.body]).toEqual([503, hostMessages.deadlinePassed(200)])
    expect((await send({ target: "/blog" })).body).toBe("blog")
  })

  it("streams, server-sent events, uploads, and files where the runtime has a file system", async () => {
    const send = (site: SiteName, request: WireRequest) => runtime(name).send(site, request)
    const stream = await send("http", { target: "/stream" })
    expect([stream.status, stream.body]).toEqual([200, "line 1\nline 2\nline 3\n"])
    const events = await send("http", { target: "/events" })
    expect(events.headers.get("content-type")).toBe("text/event-stream; charset=utf-8")
    expect(events.body).toBe(': sitelets\n\ndata: {"n":1}\n\nid: 2\ndata: {"n":2}\n\n')
    const form = new FormData()
    form.append("doc", new File(["x".repeat(300)], "../up.txt", { type: "text/plain" }))
    form.append("note", "hi")
    const packed = new Response(form)
    const body = new Uint8Array(await packed.arrayBuffer())
    const upload = await send("http", {
      method: "POST",
      target: "/upload",
      body,
      headers: { "content-type": packed.headers.get("content-type") as string },
    })
    expect([upload.status, upload.body]).toEqual([200, "up.txt 300 300 hi"])
    const css = await send("files", { target: "/css/site.css" })
    if (name === "workerd") {
      expect([css.status, css.body]).toEqual([501, contentMessages.noFileSystem("Sitelet.Files")])
      return
    }
    expect([css.status, css.headers.get("content-type"), css.body.length]).toEqual([
      200,
      "text/css; charset=utf-8",
      420,
    ])
    const etag = css.headers.get("etag") as string
    expect((await send("files", { target: "/css/site.css", headers: { "if-none-match": etag } })).status).toBe(304)
    const part = await send("files", { target: "/css/site.css", headers: { range: "bytes=0-3" } })
    expect([part.status, part.body, part.headers.get("content-range")]).toEqual([206, "body", "bytes 0-3/420"])
    const gz = await send("files", { target: "/app.js", headers: { "accept-encoding": "gzip" } })
    expect([gz.headers.get("content-encoding"), gunzipSync(gz.raw as Buffer).toString().length]).toEqual(["gzip", 880])
    for (const target of ["/..%2f..%2fpackage.json", "/%2e%2e/matrix.test.ts", "/css/../../package.json"])
      expect((await send("files", { target })).status, target).toBeGreaterThanOrEqual(400)
  })
})

describe("workerd bindings", () => {
  it("reach the handler as ctx.Env, and the session secret comes from one", async () => {
    expect(JSON.parse((await runtime("workerd").send("app", { target: "/env" })).body)).toEqual([
      "SESSION_SECRET",
      "SITE",
    ])
    // Elsewhere the env option (none here) gives an empty object.
    expect((await runtime("node").send("app", { target: "/env" })).body).toBe("[]")
  })
})

describe("the README's deployment snippets (examples/deploy) on Bun, Deno and Workers", () => {
  const secrets = {
    SESSION_SECRET: "the deployment snippets' secret, 32+ bytes",
    SESSION_SECRET_OLD: "an older secret, still verifying, 32+ b",
  }
  it("serve the site with the configured secrets: a login on one is honoured by the others", async () => {
    const snippets = await Promise.all(
      (["bun", "deno", "workerd"] as const).map(async (name) => [name, await startSnippet(name, secrets)] as const),
    )
    try {
      for (const [name, snippet] of snippets) {
        const home = await sendRaw(snippet.port, { target: "/" })
        expect({ name, status: home.status }).toEqual({ name, status: 200 })
        const login = await sendRaw(snippet.port, {
          method: "POST",
          target: "/login",
          headers: form,
          body: `user=${name}-user`,
        })
        expect({ name, status: login.status, location: login.headers.get("location") }).toEqual({
          name,
          status: 303,
          location: "/me",
        })
        for (const [other, server] of snippets) {
          const me = await sendRaw(server.port, { target: "/me", headers: { cookie: cookieOf(login) } })
          expect({ from: name, to: other, body: me.body }).toEqual({
            from: name,
            to: other,
            body: `user: ${name}-user`,
          })
        }
        // The secrets were read (no per-process key, so no warning).
        expect(snippet.stderr()).not.toContain("random per-process key")
      }
    } finally {
      await Promise.all(snippets.map(([, snippet]) => snippet.close()))
    }
  })
})

describe("the matrix", () => {
  it("ran every runtime, at the versions the README's table gives", () => {
    const versions = Object.fromEntries(runtimeNames.map((name) => [name, runtime(name).version]))
    console.log(`runtime versions: ${JSON.stringify(versions)}`)
    expect(Object.values(versions).every((version) => version !== "")).toBe(true)
  })
})
