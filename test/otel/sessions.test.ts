/**
 * Issue 38, item 3: a WebSocket session is one span — from the upgrade to
 * the close, a child of the upgrade request's span — with the close code
 * and the messages and bytes each way counted on it (never a span per
 * message); the socket's handler runs inside it; a handler's exception is
 * its error (1011). An event stream is its request's span, ended with the
 * stream, with the events and bytes sent.
 */
import { trace } from "@opentelemetry/api"
import { afterAll, beforeEach, describe, expect, it } from "vitest"
import { WebSocket as Client } from "ws"
import { Content, Fetch, Sitelet, t, WebSocket } from "../../src/index.js"
import { Router as ClientRouter } from "../../src/client/index.js"
import { OpenTelemetry } from "../../src/otel/index.js"
import { expressHost, fetchHost, type HostUnderTest, nodeHost } from "../host/support.js"
import { finished, spanWhere, spans } from "./sdk.js"

const Chat = WebSocket({ FromClient: t.record({ text: t.string }), FromServer: t.record({ text: t.string }) })
const Site = t.union({
  Room: t.case("GET /chat/<room>", {}, Chat),
  Crash: t.case("GET /crash", {}, Chat),
  Ticks: "GET /ticks",
})
const site = Sitelet.Infer(Site, {
  Room: (_ctx, e) =>
    Content.WebSocket(Chat, async (socket) => {
      for await (const said of socket) {
        // A span the handler makes: its parent is the session's.
        trace.getTracer("test").startSpan("room.say").end()
        if (said.text === "bye") return socket.Close(1000, "bye")
        await socket.Send({ text: `${e.room}: ${said.text}` })
      }
    }),
  Crash: () =>
    Content.WebSocket(Chat, async (socket) => {
      for await (const _said of socket) throw new RangeError("the room's bug")
    }),
  Ticks: () =>
    Content.EventStream(
      (async function* () {
        for (let tick = 1; tick <= 3; tick++) {
          await new Promise((resolve) => setTimeout(resolve, 2))
          // The stream's producer runs inside the request's context: its spans are the request's children.
          trace.getTracer("test").startSpan("tick").end()
          yield { tick }
        }
      })(),
      t.record({ tick: t.int }),
    ),
})

const opened: HostUnderTest[] = []
afterAll(async () => {
  for (const host of opened) await host.close()
})
beforeEach(() => spans.reset())

// Opens a socket, sends the texts, reads an answer to each but the last, and waits for the close.
async function converse(port: number, path: string, texts: readonly string[], answers: number) {
  const client = new Client(`ws://127.0.0.1:${port}${path}`)
  const heard: string[] = []
  const closed = new Promise<number>((resolve) => client.on("close", (code) => resolve(code)))
  client.on("message", (data) => heard.push((JSON.parse(String(data)) as { text: string }).text))
  await new Promise((resolve, reject) => client.on("open", resolve).on("error", reject))
  for (const text of texts) {
    client.send(JSON.stringify({ text }))
    for (let waited = 0; heard.length < Math.min(answers, texts.indexOf(text) + 1) && waited < 2000; waited += 5)
      await new Promise((resolve) => setTimeout(resolve, 5))
  }
  return { heard, code: await closed }
}

describe.each([
  ["node:http", () => nodeHost(site, { telemetry: OpenTelemetry(), onError: () => undefined })],
  ["Express", () => expressHost(site, { telemetry: OpenTelemetry(), onError: () => undefined })],
])("WebSocket sessions on %s", (_name, make) => {
  const open = async () => {
    const host = await make()
    opened.push(host)
    return host.port!
  }

  it("makes one session span, child of the upgrade's, with the close and the messages counted", async () => {
    const { heard, code } = await converse(await open(), "/chat/lobby", ["hi", "héllo", "bye"], 2)
    expect(heard).toEqual(["lobby: hi", "lobby: héllo"])
    expect(code).toBe(1000)
    const all = await finished(5)
    const request = all.find((span) => span.name === "GET /chat/{room}")!
    const session = all.find((span) => span.name === "WebSocket /chat/{room}")!
    expect(request.attributes["http.response.status_code"]).toBe(101)
    expect(session.parentSpanContext?.spanId).toBe(request.spanContext().spanId)
    expect(session.attributes).toMatchObject({
      "http.route": "/chat/{room}",
      "sitelets.endpoint": "Room",
      "sitelets.websocket.close_code": 1000,
      "sitelets.websocket.close_reason": "bye",
      "sitelets.websocket.messages_received": 3,
      "sitelets.websocket.messages_sent": 2,
      // {"text":"hi"} 13, {"text":"héllo"} 17 (é is 2 bytes), {"text":"bye"} 14; answers 20 and 24.
      "sitelets.websocket.bytes_received": 44,
      "sitelets.websocket.bytes_sent": 44,
    })
    expect(session.attributes["error.type"]).toBeUndefined()
    // Three messages, three handler spans, each inside the session: no span per message of ours.
    const said = all.filter((span) => span.name === "room.say")
    expect(said).toHaveLength(3)
    for (const span of said) expect(span.parentSpanContext?.spanId).toBe(session.spanContext().spanId)
    expect(session.endTime[0] * 1e9 + session.endTime[1]).toBeGreaterThanOrEqual(
      request.endTime[0] * 1e9 + request.endTime[1],
    )
  })

  it("records a handler's exception on the session: 1011, status error, error.type its class", async () => {
    const { code } = await converse(await open(), "/crash", ["x"], 0)
    expect(code).toBe(1011)
    const session = (await finished(2)).find((span) => span.name === "WebSocket /crash")!
    expect(session.attributes).toMatchObject({
      "sitelets.websocket.close_code": 1011,
      "sitelets.websocket.messages_received": 1,
      "error.type": "RangeError",
    })
    expect(session.status.code).toBe(2) // ERROR
    expect(session.events.map((event) => event.name)).toContain("exception")
  })
})

describe.each([
  ["node:http", () => nodeHost(site, { telemetry: OpenTelemetry() })],
  ["Express", () => expressHost(site, { telemetry: OpenTelemetry() })],
  ["the Fetch host", () => fetchHost(site, { telemetry: OpenTelemetry() })],
])("event streams on %s", (_name, make) => {
  it("end the request's span with the stream, with the events and bytes sent", async () => {
    const host = await make()
    opened.push(host)
    const response = await host.send({ target: "/ticks" })
    expect(response.body).toContain('data: {"tick":3}')
    const all = await finished(4)
    const request = all.find((span) => span.name === "GET /ticks")!
    expect(request.attributes).toMatchObject({
      "sitelets.event_stream.events": 3,
      "http.response.body.size": Buffer.byteLength(response.body),
    })
    const ticks = all.filter((span) => span.name === "tick")
    expect(ticks).toHaveLength(3)
    for (const tick of ticks) expect(tick.parentSpanContext?.spanId).toBe(request.spanContext().spanId)
  })
})

describe("the typed client's sessions", () => {
  const telemetry = OpenTelemetry()
  const api = ClientRouter.Infer(Site)
  const serve = async () => {
    const host = await nodeHost(site, { telemetry })
    opened.push(host)
    return `http://127.0.0.1:${host.port}`
  }

  it("Router.Events: a client span per connection, the server's span its child, with the events received", async () => {
    const base = await serve()
    const ticks: number[] = []
    for await (const tick of ClientRouter.Events(api, { $: "Ticks" }, t.record({ tick: t.int }), {
      base,
      reconnect: false,
      telemetry,
    }))
      ticks.push(tick.tick)
    expect(ticks).toEqual([1, 2, 3])
    const all = await spanWhere((span) => span.kind === 2)
    const client = all.find((span) => span.kind === 2)!
    expect(client.name).toBe("GET /ticks")
    expect(client.attributes).toMatchObject({ "url.template": "/ticks", "sitelets.event_stream.events": 3 })
    // The server continued the client's trace (traceparent): its span is the client's child.
    const server = all.find((span) => span.kind === 1 && span.name === "GET /ticks")
    expect(server?.parentSpanContext?.spanId).toBe(client.spanContext().spanId)
  })

  it("Router.Events: leaving the loop early ends the client span, with the events read so far", async () => {
    const base = await serve()
    for await (const tick of ClientRouter.Events(api, { $: "Ticks" }, t.record({ tick: t.int }), { base, telemetry }))
      if (tick.tick === 1) break
    const client = (await spanWhere((span) => span.kind === 2)).find((span) => span.kind === 2)!
    expect(client.attributes["sitelets.event_stream.events"]).toBe(1)
    expect(client.attributes["error.type"]).toBeUndefined()
  })

  it("Router.Socket: a client span per connection, 101 and the close, with the messages each way", async () => {
    const base = await serve()
    const room = ClientRouter.Socket(api, { $: "Room", room: "hall" }, Chat, { base, WebSocket: Client, telemetry })
    room.Send({ text: "hi" })
    const heard = await room[Symbol.asyncIterator]().next()
    expect(heard.value).toEqual({ text: "hall: hi" })
    room.Send({ text: "bye" })
    expect((await room.Closed).code).toBe(1000)
    const client = (await spanWhere((span) => span.kind === 2)).find((span) => span.kind === 2)!
    expect(client.name).toBe("GET /chat/{room}")
    expect(client.attributes).toMatchObject({
      "http.response.status_code": 101,
      "sitelets.websocket.close_code": 1000,
      "sitelets.websocket.messages_received": 1,
      "sitelets.websocket.messages_sent": 2,
    })
    expect(client.attributes["error.type"]).toBeUndefined()
  })
})

describe("WebSocket upgrades a runtime cannot make", () => {
  it("end the request's span with the 501, and open no session", async () => {
    // Node's Fetch has no server sockets: the Fetch host answers 501 (Bun, Deno and workerd upgrade).
    const handler = Fetch.Handler(site, { telemetry: OpenTelemetry() })
    const request = new Request("http://127.0.0.1/chat/lobby", {
      headers: {
        upgrade: "websocket",
        connection: "Upgrade",
        "sec-websocket-version": "13",
        "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==",
      },
    })
    expect((await handler.fetch(request)).status).toBe(501)
    await finished(1)
    // Spans of the tests before may still be ending: this request's are told by the 501.
    const span = spans.getFinishedSpans().find((each) => each.attributes["http.response.status_code"] === 501)
    expect(span?.name).toBe("GET /chat/{room}")
    await new Promise((resolve) => setTimeout(resolve, 20))
    const children = spans
      .getFinishedSpans()
      .filter((each) => each.parentSpanContext?.spanId === span!.spanContext().spanId)
    expect(children).toEqual([])
  })
})
