import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { t } from "../../../src/descriptor/t.js"
import { Json } from "../../../src/descriptor/attributes.js"
import { Sitelet } from "../../../src/api/sitelet-namespace.js"
import { Content } from "../../../src/sitelet/content/content.js"
import { contentMessages } from "../../../src/sitelet/content/content-messages.js"
import { NodeHandler } from "../../../src/host/node/index.js"
import { Router } from "../../../src/client/client-router.js"
import { parseEventStream } from "../../../src/client/events.js"
import { FetchError } from "../../../src/client/fetch-error.js"

const Tick = t.record({ n: t.int, at: t.datetime })
const Filter = t.record({ from: t.int })

const Api = t.union({
  Ticks: "GET /ticks",
  Plain: "GET /plain",
  Named: "GET /named",
  Quiet: "GET /quiet",
  Resume: "GET /resume",
  Filtered: t.case("POST /filtered", { filter: Json(Filter) }),
  Forever: "GET /forever",
  Gone: "GET /gone",
  Text: "GET /text",
})

const log: string[] = []
const at = new Date("2026-11-25T12:00:00Z")

const site = Sitelet.Infer(Api, {
  Ticks: () =>
    Content.EventStream(
      (async function* () {
        for (let n = 1; n <= 3; n++) yield { n, at }
      })(),
      Tick,
    ),
  Plain: () =>
    Content.EventStream(
      (async function* () {
        yield { ok: true }
        yield [1, 2]
      })(),
    ),
  Named: () =>
    Content.EventStream(
      (async function* () {
        yield Content.Event({ data: { n: 1, at }, event: "tick", id: "a1", retry: 1500 })
      })(),
      Tick,
    ),
  Quiet: () =>
    Content.EventStream(
      (async function* () {
        await new Promise((resolve) => setTimeout(resolve, 80))
        yield 1
      })(),
      undefined,
      { Heartbeat: 20 },
    ),
  // Each connection sends the events after the client's Last-Event-ID, then ends: the client reconnects.
  Resume: (ctx) => {
    const last = Number(ctx.Request.headers.get("last-event-id") ?? "0")
    log.push(`resume after ${last}`)
    return Content.EventStream(
      (async function* () {
        if (last >= 4) return
        yield Content.Event({ data: { n: last + 1, at }, id: String(last + 1), retry: 10 })
        yield Content.Event({ data: { n: last + 2, at }, id: String(last + 2) })
      })(),
      Tick,
    )
  },
  Filtered: (ctx, e) =>
    Content.EventStream(
      (async function* () {
        yield { n: e.filter.from, at }
        yield { n: Number(ctx.Request.headers.get("x-scale") ?? 0), at }
      })(),
      Tick,
    ),
  Forever: () =>
    Content.EventStream(
      (async function* () {
        try {
          for (let n = 0; ; n++) {
            yield { n, at }
            await new Promise((resolve) => setTimeout(resolve, 5))
          }
        } finally {
          log.push("forever stopped")
        }
      })(),
      Tick,
    ),
  Gone: () => Content.NotFound(),
  Text: () => Content.Text("not events"),
})

let server: Server
let base = ""
beforeAll(async () => {
  server = createServer(NodeHandler(site, { compress: { threshold: 0 }, onError: () => undefined }))
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

const text = async (path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(base + path, { headers })
  return { response, body: await response.text() }
}

describe("Content.EventStream", () => {
  it("writes each item as a data line, with the codec of the descriptor", async () => {
    const { response, body } = await text("/ticks", { "accept-encoding": "gzip" })
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8")
    expect(response.headers.get("cache-control")).toBe("no-cache")
    // Never compressed, even with the compress option on.
    expect(response.headers.get("content-encoding")).toBeNull()
    expect(body).toBe(
      ": sitelets\n\n" + [1, 2, 3].map((n) => `data: {"n":${n},"at":"2026-11-25T12:00:00.000Z"}\n\n`).join(""),
    )
    expect((await text("/plain")).body).toBe(': sitelets\n\ndata: {"ok":true}\n\ndata: [1,2]\n\n')
  })

  it("writes Content.Event fields, and refuses a field that would split the event", async () => {
    expect((await text("/named")).body).toBe(
      ': sitelets\n\nevent: tick\nid: a1\nretry: 1500\ndata: {"n":1,"at":"2026-11-25T12:00:00.000Z"}\n\n',
    )
    expect(() => Content.Event({ data: 1, id: "a\nb" })).toThrow(contentMessages.badEventField("id"))
    expect(() => Content.Event({ data: 1, event: "a\rb" })).toThrow(contentMessages.badEventField("event"))
    expect(() => Content.Event({ data: 1, retry: -1 })).toThrow(contentMessages.badEventRetry(-1))
    expect(() => Content.EventStream((async function* () {})(), undefined, { Heartbeat: 0 })).toThrow(
      contentMessages.badHeartbeat(0),
    )
  })

  it("sends a heartbeat comment while no event comes", async () => {
    const { body } = await text("/quiet")
    expect(body.startsWith(": sitelets\n\n:\n\n")).toBe(true)
    expect(body.endsWith("data: 1\n\n")).toBe(true)
  })

  it("stops the generator when the client goes away", async () => {
    log.length = 0
    const controller = new AbortController()
    const response = await fetch(base + "/forever", { signal: controller.signal })
    const reader = response.body!.getReader()
    await reader.read()
    controller.abort()
    for (let i = 0; i < 200 && !log.includes("forever stopped"); i++)
      await new Promise((resolve) => setTimeout(resolve, 10))
    expect(log).toContain("forever stopped")
  })
})

describe("Router.Events (sitelets/client)", () => {
  const api = Router.Infer(Api)

  it("gives the decoded values of an endpoint's events", async () => {
    const values = []
    for await (const tick of Router.Events(api, { $: "Ticks" }, Tick, { base, reconnect: false })) values.push(tick)
    expect(values).toEqual([1, 2, 3].map((n) => ({ n, at })))
    expect(values[0]?.at).toBeInstanceOf(Date)
    // The same from the router made by the client's Router.Infer.
    const same = []
    for await (const tick of api.Events({ $: "Ticks" }, Tick, { base, reconnect: false })) same.push(tick)
    expect(same).toEqual(values)
  })

  it("reconnects after the server's retry, sending the last event id", async () => {
    log.length = 0
    const values: number[] = []
    for await (const tick of Router.Events(api, { $: "Resume" }, Tick, { base, retry: 5000 })) {
      values.push(tick.n)
      if (values.length === 4) break
    }
    expect(values).toEqual([1, 2, 3, 4])
    expect(log).toEqual(["resume after 0", "resume after 2"])
  })

  it("resumes from a given Last-Event-ID", async () => {
    log.length = 0
    const values: number[] = []
    for await (const tick of Router.Events(api, { $: "Resume" }, Tick, { base, lastEventId: "2", reconnect: false }))
      values.push(tick.n)
    expect([values, log]).toEqual([[3, 4], ["resume after 2"]])
  })

  it("sends the endpoint's own request: POST with a JSON body, custom headers", async () => {
    const values: number[] = []
    const init = { base, reconnect: false, headers: { "x-scale": "9" } }
    for await (const tick of Router.Events(api, { $: "Filtered", filter: { from: 5 } }, Tick, init)) values.push(tick.n)
    expect(values).toEqual([5, 9])
  })

  it("closes the connection on break, and stops on the signal", async () => {
    log.length = 0
    for await (const tick of Router.Events(api, { $: "Forever" }, Tick, { base })) if (tick.n === 2) break
    for (let i = 0; i < 200 && !log.includes("forever stopped"); i++)
      await new Promise((resolve) => setTimeout(resolve, 10))
    expect(log).toEqual(["forever stopped"])
    const controller = new AbortController()
    const seen: number[] = []
    for await (const tick of Router.Events(api, { $: "Forever" }, Tick, { base, signal: controller.signal })) {
      seen.push(tick.n)
      if (tick.n === 1) controller.abort()
    }
    expect(seen).toEqual([0, 1])
  })

  it("throws FetchError for a non-2xx answer or one that is not an event stream", async () => {
    const first = async (e: { $: "Gone" } | { $: "Text" }) => {
      for await (const _ of Router.Events(api, e, Tick, { base })) return "event"
      return "none"
    }
    await expect(first({ $: "Gone" })).rejects.toBeInstanceOf(FetchError)
    await expect(first({ $: "Text" })).rejects.toThrow("expected text/event-stream")
  })
})

describe("parseEventStream", () => {
  const parse = async (...chunks: string[]) => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk))
        controller.close()
      },
    })
    const events = []
    for await (const event of parseEventStream(body)) events.push(event)
    return events
  }
  it("follows the standard: CR, LF, CRLF split across chunks, comments, multi-line data, ids without NUL", async () => {
    expect(await parse("data: a\r", "\ndata:b\r\rid: 1\nda", "ta: c\n\n: comment\nid: x\0y\ndata: d\n\n")).toEqual([
      { data: "a\nb", event: undefined, id: undefined, retry: undefined },
      { data: "c", event: undefined, id: "1", retry: undefined },
      { data: "d", event: undefined, id: "1", retry: undefined },
    ])
    expect(await parse("retry: 20\n\nretry: x\nevent: e\ndata\n\n")).toEqual([
      { data: undefined, event: undefined, id: undefined, retry: 20 },
      { data: "", event: "e", id: undefined, retry: undefined },
    ])
  })
})
