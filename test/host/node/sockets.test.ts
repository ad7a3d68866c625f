/**
 * Issue 27, items 1 and 3, on node:http: a WebSocket case with typed
 * messages, served through `NodeHandler(site).upgrade` and `ws`. Echo of
 * typed values; 1007 for a message that does not decode (or the handler's
 * callback); 1009 over the size limit; 1008 over the rate; 426 without an
 * upgrade; 400 for an upgrade to a page; 403 from another origin (unless
 * allowed); Protect refusing the upgrade with 401; the handler's end and
 * throw (1000, 1011); hostile frames over a raw socket (unmasked, invalid
 * UTF-8, an oversized fragmented flood) close the connection, and the
 * server keeps serving.
 */
import { createServer, type Server } from "node:http"
import { connect } from "node:net"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { WebSocket as Client } from "ws"
import { Sitelet } from "../../../src/api/sitelet-namespace.js"
import { Auth } from "../../../src/sitelet/auth/auth.js"
import { t } from "../../../src/descriptor/t.js"
import { Bytes, WebSocket } from "../../../src/descriptor/web-socket.js"
import { NodeHandler } from "../../../src/host/node/index.js"
import { Router as ClientRouter } from "../../../src/client/index.js"
import { Content } from "../../../src/sitelet/content/content.js"
import { socketMessages } from "../../../src/sitelet/sockets/socket-messages.js"
import { JsonError } from "../../../src/json/json-error.js"
import { type Handshake, handshakes, sendHandshake, sendUnmasked } from "../../runtimes/handshakes.js"
import { SocketSite, socketSite, VersionedSocket } from "../../runtimes/socket-site.js"
import { expressHost, type HostUnderTest, nodeHost } from "../support.js"

const Said = t.union({ Say: t.case({ text: t.string }), Shout: t.case({ text: t.string, times: t.int }) })
const Heard = t.union({ Echo: t.case({ room: t.string, text: t.string }), Bye: t.case({}) })
const Chat = WebSocket({ FromClient: Said, FromServer: Heard })
const Raw = WebSocket({ FromClient: Bytes, FromServer: Bytes })

const Site = t.union({
  Room: t.case("GET /chat/<room>", {}, Chat),
  Lenient: t.case("GET /lenient", {}, Chat),
  Open: t.case("GET /open", {}, Chat),
  Quiet: t.case("GET /quiet", {}, Chat),
  Broken: t.case("GET /broken", {}, Chat),
  Flaky: t.case("GET /flaky", {}, Chat),
  Slow: t.case("GET /slow", {}, Chat),
  Binary: t.case("GET /binary", {}, Raw),
  Flood: t.case("GET /flood", {}, Chat),
  Crowd: t.case("GET /crowd", {}, Chat),
  Home: "GET /",
})
const Admin = t.union({ Secret: t.case("GET /secret", {}, Chat) })

const errors: unknown[] = []
let flakyConnections = 0
const slowRead: string[] = []
const floodClosed: number[] = []
const invalid: string[] = []
// The broadcast room of docs/websockets.md: every message to every member, awaited as a whole.
const crowd = new Set<{ Send(heard: { $: "Echo"; room: string; text: string }): Promise<void> }>()
const crowdClosed: number[] = []
const echo = (room: string) =>
  Content.WebSocket(
    Chat,
    async (socket) => {
      for await (const said of socket) {
        if (said.$ === "Say" && said.text === "bye") {
          await socket.Send({ $: "Bye" })
          return
        }
        const text = said.$ === "Say" ? said.text : said.text.repeat(said.times)
        await socket.Send({ $: "Echo", room, text })
      }
    },
    { MaxMessageBytes: 1024, MaxMessagesPerSecond: 5 },
  )

const site = Sitelet.Sum(
  Sitelet.Infer(Site, {
    Room: (_ctx, e) => echo(e.room),
    Lenient: () =>
      Content.WebSocket(
        Chat,
        async (socket) => {
          for await (const said of socket) await socket.Send({ $: "Echo", room: "lenient", text: said.$ })
        },
        { OnInvalid: (_error, text) => invalid.push(text) },
      ),
    Open: () =>
      Content.WebSocket(Chat, (socket) => void socket.Send({ $: "Bye" }), {
        AllowedOrigins: ["https://friend.example"],
      }),
    Quiet: () => Content.WebSocket(Chat, () => undefined),
    Broken: () =>
      Content.WebSocket(Chat, (socket) => {
        // A code no application may send is refused before the socket changes; the throw then closes with 1011.
        socket.Close(1005)
      }),
    Flaky: () =>
      Content.WebSocket(Chat, async (socket) => {
        // The first connection is dropped; the client's reconnection gets the answer.
        if (++flakyConnections === 1) return socket.Close(4001, "try again")
        for await (const said of socket) await socket.Send({ $: "Echo", room: "flaky", text: said.$ })
      }),
    Slow: () =>
      Content.WebSocket(Chat, async (socket) => {
        // Reads only after the client has closed: what it sent before is still there.
        const signal = socket.Signal
        await socket.Closed
        // The signal read before the close is aborted by it; one read after it is aborted already.
        slowRead.push(`${signal.aborted} ${socket.Signal.aborted}`)
        for await (const said of socket) slowRead.push(said.$)
      }),
    Flood: () =>
      Content.WebSocket(
        Chat,
        async (socket) => {
          // A handler that does not await Send, to a client that does not read: the buffer bound closes it.
          const text = "x".repeat(10_000)
          for (let i = 0; i < 4_000 && !socket.Signal.aborted; i++) {
            void socket.Send({ $: "Echo", room: "flood", text })
            if (i % 100 === 0) await new Promise((done) => setTimeout(done, 1))
          }
          floodClosed.push((await socket.Closed).code)
        },
        { MaxBufferedBytes: 256 * 1024 },
      ),
    Crowd: () =>
      Content.WebSocket(
        Chat,
        async (socket) => {
          crowd.add(socket)
          try {
            for await (const said of socket) {
              const text = said.$ === "Shout" ? said.text.repeat(said.times) : said.text
              await Promise.all([...crowd].map((member) => member.Send({ $: "Echo", room: "crowd", text })))
            }
          } finally {
            crowd.delete(socket)
          }
          crowdClosed.push((await socket.Closed).code)
        },
        { MaxMessagesPerSecond: 100_000, MaxBufferedBytes: 256 * 1024 },
      ),
    Binary: () =>
      Content.WebSocket(Raw, async (socket) => {
        for await (const bytes of socket) await socket.Send(bytes.slice().reverse())
      }),
    Home: () => Content.Text("a page"),
  }),
  Sitelet.Protect(
    { Credentials: [Auth.Bearer()], VerifyUser: () => true },
    Sitelet.Infer(Admin, { Secret: () => Content.WebSocket(Chat, (socket) => void socket.Send({ $: "Bye" })) }),
  ),
)

let server: Server
let port = 0
beforeAll(async () => {
  const handler = NodeHandler(site, { onError: (error) => errors.push(error) })
  server = createServer(handler)
  server.on("upgrade", handler.upgrade)
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done))
  port = (server.address() as AddressInfo).port
})
afterAll(() => new Promise<void>((done) => server.close(() => done())))

interface Session {
  readonly messages: unknown[]
  readonly closed: Promise<{ code: number; reason: string }>
  readonly client: Client
}

function open(path: string, headers: Record<string, string> = {}): Promise<Session> {
  const client = new Client(`ws://127.0.0.1:${port}${path}`, { headers })
  const messages: unknown[] = []
  client.on("message", (data) => messages.push(JSON.parse(String(data))))
  const closed = new Promise<{ code: number; reason: string }>((done) =>
    client.on("close", (code, reason) => done({ code, reason: reason.toString() })),
  )
  return new Promise((resolve, reject) => {
    client.on("open", () => resolve({ messages, closed, client }))
    client.on("unexpected-response", (_request, response) => reject(new Error(`HTTP ${response.statusCode}`)))
    client.on("error", reject)
  })
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((done) => setTimeout(done, 5))
}

describe("WebSocket cases on node:http", () => {
  it("decodes the client's messages and sends typed answers, in order; the handler's return closes with 1000", async () => {
    const session = await open("/chat/lobby")
    session.client.send(JSON.stringify({ $: "Say", text: "hi" }))
    session.client.send(JSON.stringify({ $: "Shout", text: "ab", times: 2 }))
    session.client.send(JSON.stringify({ $: "Say", text: "bye" }))
    expect(await session.closed).toEqual({ code: 1000, reason: "" })
    expect(session.messages).toEqual([
      { $: "Echo", room: "lobby", text: "hi" },
      { $: "Echo", room: "lobby", text: "abab" },
      { $: "Bye" },
    ])
  })

  it("closes with 1007 and the decoder's sentence for a message that does not decode", async () => {
    const session = await open("/chat/a")
    session.client.send(JSON.stringify({ $: "Say", text: 3 }))
    const closed = await session.closed
    expect(closed.code).toBe(1007)
    expect(closed.reason).toMatch(/text/)
  })

  it("hands a message that does not decode to OnInvalid instead, and stays open", async () => {
    const session = await open("/lenient")
    session.client.send("not json")
    session.client.send(JSON.stringify({ $: "Say", text: "ok" }))
    await until(() => session.messages.length > 0)
    expect(invalid).toEqual(["not json"])
    expect(session.messages).toEqual([{ $: "Echo", room: "lenient", text: "Say" }])
    session.client.close()
  })

  it("closes with 1009 over the size limit and 1008 over the rate", async () => {
    const big = await open("/chat/a")
    big.client.send(JSON.stringify({ $: "Say", text: "x".repeat(2000) }))
    expect((await big.closed).code).toBe(1009)
    const fast = await open("/chat/a")
    for (let i = 0; i < 20; i++) fast.client.send(JSON.stringify({ $: "Say", text: String(i) }))
    const closed = await fast.closed
    expect(closed.code).toBe(1008)
    expect(closed.reason).toBe(socketMessages.tooManyMessages(5))
  })

  it("answers 426 with Upgrade: websocket to a request that is no upgrade", async () => {
    const response = await fetch(`http://127.0.0.1:${port}/chat/a`)
    expect(response.status).toBe(426)
    expect(response.headers.get("upgrade")).toBe("websocket")
    expect(await response.text()).toBe(socketMessages.upgradeRequired)
    // A client that asked to close gets its connection closed (the 426's own Connection: Upgrade kept it open).
    const raw = connect(port, "127.0.0.1")
    let answer = ""
    raw.on("data", (chunk: Buffer) => (answer += chunk.toString("latin1")))
    const closed = new Promise<boolean>((done) => {
      raw.on("close", () => done(true))
      setTimeout(() => done(false), 2000)
    })
    raw.write("GET /chat/a HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    expect(await closed).toBe(true)
    raw.destroy()
    expect(answer).toMatch(/^HTTP\/1\.1 426 /)
    expect(answer.toLowerCase()).toContain("connection: upgrade, close")
  })

  it("refuses an upgrade to a page (400), to no case (404), and from another site's page (403)", async () => {
    await expect(open("/")).rejects.toThrow("HTTP 400")
    await expect(open("/nowhere")).rejects.toThrow("HTTP 404")
    await expect(open("/chat/a", { Origin: "https://evil.example" })).rejects.toThrow("HTTP 403")
    // Its own origin, and an origin the case allows, may connect.
    const own = await open("/chat/a", { Origin: `http://127.0.0.1:${port}` })
    own.client.close()
    const friend = await open("/open", { Origin: "https://friend.example" })
    await friend.closed
    expect(friend.messages).toEqual([{ $: "Bye" }])
    // Same-origin by the browser's own account (a TLS-terminating proxy makes the Host's scheme differ).
    const proxied = await open("/chat/a", { Origin: "https://public.example", "Sec-Fetch-Site": "same-origin" })
    proxied.client.close()
    await expect(open("/chat/a", { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" })).rejects.toThrow(
      "HTTP 403",
    )
    // The browser's own verdict decides, as for the cross-site request check: cross-site is refused, whatever Origin.
    await expect(
      open("/chat/a", { Origin: `http://127.0.0.1:${port}`, "Sec-Fetch-Site": "cross-site" }),
    ).rejects.toThrow("HTTP 403")
  })

  it("applies Protect to the upgrade: 401 without a token", async () => {
    await expect(open("/secret")).rejects.toThrow("HTTP 401")
  })

  it("carries binary frames for a Bytes side, and refuses text there with 1003", async () => {
    const client = new Client(`ws://127.0.0.1:${port}/binary`)
    const received: Buffer[] = []
    client.on("message", (data) => received.push(data as Buffer))
    const closed = new Promise<number>((done) => client.on("close", (code) => done(code)))
    await new Promise((done) => client.on("open", done))
    client.send(new Uint8Array([1, 2, 3]))
    await until(() => received.length === 1)
    expect([...(received[0] as Buffer)]).toEqual([3, 2, 1])
    client.send("text")
    expect(await closed).toBe(1003)
    // The typed client: bytes in, bytes out.
    const raw = ClientRouter.Socket(ClientRouter.Infer(Site), { $: "Binary" }, Raw, {
      base: `http://127.0.0.1:${port}`,
      WebSocket: Client,
    })
    raw.Send(new Uint8Array([9, 8]))
    const first = await raw[Symbol.asyncIterator]().next()
    expect(first.value).toEqual(new Uint8Array([8, 9]))
    raw.Close()
  })

  it("bounds a slow client by the send buffer, not by memory: 1008 past MaxBufferedBytes", async () => {
    const client = new Client(`ws://127.0.0.1:${port}/flood`)
    let received = 0
    client.on("message", () => received++)
    const closed = new Promise<{ code: number; reason: string }>((done) =>
      client.on("close", (code, reason) => done({ code, reason: reason.toString() })),
    )
    await new Promise((done) => client.on("open", done))
    // The client stops reading: the kernel's buffers fill, then the server's, past the bound.
    const raw = (client as unknown as { _socket: { pause(): void; resume(): void } })._socket
    raw.pause()
    await new Promise((done) => setTimeout(done, 1500))
    raw.resume()
    // Reading again, it gets what was sent before the bound was passed, then the server's close.
    expect(await closed).toEqual({ code: 1008, reason: socketMessages.slowReader })
    expect(received).toBeLessThan(4_000)
    await until(() => floodClosed.length > 0)
    expect(floodClosed).toEqual([1008])
  })

  it("keeps a room delivering when one member stops reading: that member alone is closed with 1008", async () => {
    const stuck = await open("/crowd")
    // Stops reading at once: the kernel's buffers fill, then the server's, past MaxBufferedBytes.
    ;(stuck.client as unknown as { _socket: { pause(): void } })._socket.pause()
    const reader = await open("/crowd")
    const sender = await open("/crowd")
    // 2,000 answers of 10 KB to each member, the sender waiting for each to come back before the next:
    // 20 MB to the one that does not read, more than loopback buffers hold.
    const count = 2000
    for (let i = 0; i < count; i++) {
      sender.client.send(JSON.stringify({ $: "Shout", text: "x".repeat(100), times: 100 }))
      for (let wait = 0; wait < 500 && sender.messages.length <= i; wait++)
        await new Promise((done) => setImmediate(done))
      if (sender.messages.length <= i) break
    }
    for (let wait = 0; wait < 200 && reader.messages.length < count; wait++)
      await new Promise((done) => setTimeout(done, 5))
    expect(sender.messages.length).toBe(count)
    expect(reader.messages.length).toBe(count)
    // Out of the room at once; its connection dropped after a moment to take the close frame it does not read.
    expect(crowd.size).toBe(2)
    for (let wait = 0; wait < 100 && crowdClosed.length === 0; wait++) await new Promise((done) => setTimeout(done, 50))
    expect(crowdClosed).toEqual([1008])
    reader.client.close()
    sender.client.close()
    stuck.client.terminate()
    expect((await sender.closed).code).toBe(1005)
  })

  it("keeps the messages received before the close readable", async () => {
    const session = await open("/slow")
    session.client.send(JSON.stringify({ $: "Say", text: "one" }))
    session.client.send(JSON.stringify({ $: "Shout", text: "two", times: 1 }))
    session.client.close()
    await session.closed
    await until(() => slowRead.length === 3)
    expect(slowRead).toEqual(["true true", "Say", "Shout"])
  })

  it("closes with 1000 when the handler returns and 1011 when it throws (reported to onError)", async () => {
    expect((await (await open("/quiet")).closed).code).toBe(1000)
    expect((await (await open("/broken")).closed).code).toBe(1011)
    await until(() => errors.length > 0)
    expect(errors.map(String)).toContain(`RangeError: ${socketMessages.badCloseCode(1005)}`)
  })

  it("closes on hostile frames over a raw socket, and keeps serving", async () => {
    const handshake = [
      "GET /chat/raw HTTP/1.1",
      "Host: 127.0.0.1",
      "Upgrade: websocket",
      "Connection: Upgrade",
      "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
      "Sec-WebSocket-Version: 13",
      "",
      "",
    ].join("\r\n")
    const frames = {
      // A text frame a client sent unmasked: a protocol error (1002).
      unmasked: Buffer.from([0x81, 0x02, 0x68, 0x69]),
      // A masked text frame of invalid UTF-8 (0xff): 1007.
      invalidUtf8: Buffer.from([0x81, 0x81, 0, 0, 0, 0, 0xff]),
      // A flood of continuation fragments past the size limit: 1009.
      flood: Buffer.concat([
        Buffer.from([0x01, 0xfe, 0x01, 0x90, 0, 0, 0, 0]),
        Buffer.alloc(400, 0x61),
        ...Array.from({ length: 5 }, () =>
          Buffer.concat([Buffer.from([0x00, 0xfe, 0x01, 0x90, 0, 0, 0, 0]), Buffer.alloc(400, 0x61)]),
        ),
      ]),
    }
    for (const [name, frame] of Object.entries(frames)) {
      const received = await new Promise<Buffer>((resolve) => {
        const socket = connect(port, "127.0.0.1")
        const chunks: Buffer[] = []
        socket.on("data", (chunk) => {
          chunks.push(chunk)
          if (chunks.length === 1) socket.write(frame)
        })
        socket.on("close", () => resolve(Buffer.concat(chunks)))
        socket.on("error", () => undefined)
        socket.write(handshake)
        setTimeout(() => socket.destroy(), 3000)
      })
      const text = received.toString("latin1")
      expect(text, name).toMatch(/^HTTP\/1\.1 101 /)
      const close = received.subarray(received.indexOf("\r\n\r\n") + 4)
      // The server's close frame (0x88) and its code.
      expect(close[0], name).toBe(0x88)
      const code = close.readUInt16BE(2)
      expect(code, name).toBe({ unmasked: 1002, invalidUtf8: 1007, flood: 1009 }[name])
    }
    const after = await open("/chat/still")
    after.client.send(JSON.stringify({ $: "Say", text: "bye" }))
    expect((await after.closed).code).toBe(1000)
  })

  describe("the typed client, Router.Socket", () => {
    const api = ClientRouter.Infer(Site)
    const init = () => ({ base: `http://127.0.0.1:${port}`, WebSocket: Client })

    it("sends and receives typed values", async () => {
      const room = api.Socket({ $: "Room", room: "typed" }, Chat, init())
      room.Send({ $: "Say", text: "hello" })
      room.Send({ $: "Say", text: "bye" })
      const heard = []
      for await (const message of room) heard.push(message)
      expect(heard).toEqual([{ $: "Echo", room: "typed", text: "hello" }, { $: "Bye" }])
      expect(await room.Closed).toEqual({ code: 1000, reason: "" })
    })

    it("reconnects with backoff after a close it did not ask for, and keeps its queue", async () => {
      flakyConnections = 0
      const flaky = ClientRouter.Socket(api, { $: "Flaky" }, Chat, { ...init(), reconnect: { initialDelayMs: 20 } })
      await flaky.Opened
      await until(() => flakyConnections === 1)
      flaky.Send({ $: "Shout", text: "again", times: 1 })
      const first = await flaky[Symbol.asyncIterator]().next()
      expect(first.value).toEqual({ $: "Echo", room: "flaky", text: "Shout" })
      expect(flakyConnections).toBe(2)
      flaky.Close()
      expect(await flaky.Closed).toEqual({ code: 1000, reason: "" })
    })

    it("refuses a message of the wrong type: at compile time, and with JsonError from JavaScript", () => {
      const room = api.Socket({ $: "Room", room: "types" }, Chat, init())
      // @ts-expect-error -- a server message is not what the client sends
      expect(() => room.Send({ $: "Bye" })).toThrow(JsonError)
      room.Close()
    })
  })
})

describe("the handshake table on node:http and Express (issue 51; every runtime in the matrix)", () => {
  const hosts: HostUnderTest[] = []
  beforeAll(async () => {
    hosts.push(await nodeHost(socketSite), await expressHost(socketSite))
  })
  afterAll(async () => {
    for (const host of hosts) await host.close()
  })

  it("answers each upgrade by RFC 6455: keys, versions, the declared subprotocols only, unmasked frames closed", async () => {
    for (const host of hosts)
      for (const handshake of handshakes) {
        const answer = await sendHandshake(host.port as number, handshake)
        answer.socket.destroy()
        const about = `${host.name}: ${handshake.name}`
        expect(answer.status, about).toBe(handshake.status)
        if (handshake.protocol !== undefined)
          expect(answer.headers.get("sec-websocket-protocol") ?? null, about).toBe(handshake.protocol)
        for (const [header, value] of Object.entries(handshake.answerHeaders ?? {}))
          expect(answer.headers.get(header), about).toBe(value)
      }
    for (const host of hosts)
      expect(await sendUnmasked(await sendHandshake(host.port as number, handshakes[0] as Handshake))).toBe(1002)
  })

  it("offers the declared subprotocols from the typed client, and the server selects its preference", async () => {
    const host = hosts[0] as HostUnderTest
    const router = ClientRouter.Infer(SocketSite)
    const socket = router.Socket({ $: "Versioned" }, VersionedSocket, {
      base: `http://127.0.0.1:${host.port}`,
      WebSocket: Client as never,
    })
    await socket.Opened
    socket.Send({ $: "Bye" })
    expect(await socket.Closed).toEqual({ code: 4000, reason: "bye" })
  })

  it("refuses a Protocols list that is not of tokens, once each", () => {
    expect(() => WebSocket({ FromClient: Bytes, FromServer: Bytes, Protocols: ["chat v1"] })).toThrow(
      /each of Protocols must be a token/,
    )
    expect(() => WebSocket({ FromClient: Bytes, FromServer: Bytes, Protocols: ["a", "a"] })).toThrow(/once/)
    expect(WebSocket({ FromClient: Bytes, FromServer: Bytes, Protocols: ["chat.v1"] }).protocols).toEqual(["chat.v1"])
  })
})
