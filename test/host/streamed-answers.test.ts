import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { connect } from "node:net"
import { gunzipSync } from "node:zlib"
import { t } from "../../src/descriptor/t.js"
import { Sitelet } from "../../src/api/sitelet-namespace.js"
import { Content } from "../../src/sitelet/content/content.js"
import type { RequestRecord } from "../../src/host/request-record.js"
import { Fetch } from "../../src/host/fetch/fetch-handler.js"
import { expressHost, fetchHost, nodeHost, type HostUnderTest } from "./support.js"

const Pages = t.union({
  Csv: "GET /csv",
  Bytes: "GET /bytes",
  Web: "GET /web",
  Huge: "GET /huge",
  Broken: "GET /broken",
  Flushed: "GET /flushed",
  Head: "GET /head",
})

const state = { produced: 0, stopped: false, started: false, flushWait: undefined as Promise<void> | undefined }
const chunk = new Uint8Array(64 * 1024).fill(120)

const site = Sitelet.Infer(Pages, {
  Csv: () =>
    Content.Stream(
      (async function* () {
        yield "id,name\n"
        for (let id = 1; id <= 3; id++) yield `${id},name ${id}\n`
      })(),
      { ContentType: "text/csv; charset=utf-8" },
    ),
  Bytes: () =>
    Content.Stream(
      (async function* () {
        yield new Uint8Array([104, 105])
        yield "!"
      })(),
    ),
  Web: () =>
    Content.Stream(
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode("from a "))
          controller.enqueue(new TextEncoder().encode("ReadableStream"))
          controller.close()
        },
      }),
      { ContentType: "text/plain" },
    ),
  // 2,000 chunks of 64 KB (125 MB): only a bounded window may be produced ahead of a client that stops reading.
  Huge: () =>
    Content.Stream(
      (async function* () {
        state.produced = 0
        state.stopped = false
        try {
          for (let i = 0; i < 2000; i++) {
            state.produced++
            yield chunk
          }
        } finally {
          state.stopped = true
        }
      })(),
    ),
  Broken: () =>
    Content.Stream(
      (async function* () {
        yield "part one,"
        throw new Error("producer failure (expected in tests)")
      })(),
      { ContentType: "text/plain" },
    ),
  // Waits until the client has the first chunk: only a host that flushes each chunk gets past it.
  Flushed: () =>
    Content.Stream(
      (async function* () {
        yield "first;"
        const outcome = await Promise.race([
          state.flushWait?.then(() => "flushed"),
          new Promise((resolve) => setTimeout(() => resolve("never flushed"), 2000)),
        ])
        yield `${String(outcome)};`
      })(),
      { ContentType: "text/plain" },
    ),
  Head: () =>
    Content.Stream(
      (async function* () {
        state.started = true
        yield "x"
      })(),
      { ContentType: "text/plain" },
    ),
})

const errors: unknown[] = []
const records: RequestRecord[] = []
const options = {
  onError: (error: unknown) => errors.push(error),
  observe: (record: RequestRecord) => records.push(record),
}
const hosts: HostUnderTest[] = []
let nodePort = 0
beforeAll(async () => {
  hosts.push(fetchHost(site, options), await nodeHost(site, options), await expressHost(site, options))
})
afterAll(async () => {
  for (const host of hosts) await host.close()
})

const until = async (done: () => boolean, tries = 200) => {
  for (let i = 0; i < tries && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10))
}

describe("Content.Stream on every host", () => {
  it("streams text and bytes, chunked, with the content type given", async () => {
    for (const host of hosts.slice(0, 3)) {
      const csv = await host.send({ target: "/csv" })
      expect([csv.status, csv.body, csv.headers.get("content-type")], host.name).toEqual([
        200,
        "id,name\n1,name 1\n2,name 2\n3,name 3\n",
        "text/csv; charset=utf-8",
      ])
      expect(csv.headers.has("content-length"), host.name).toBe(false)
      expect((await host.send({ target: "/bytes" })).body, host.name).toBe("hi!")
      expect((await host.send({ target: "/web" })).body, host.name).toBe("from a ReadableStream")
    }
  })

  it("records a streamed answer when it has ended, with its bytes", async () => {
    for (const host of hosts.slice(0, 3)) {
      records.length = 0
      await host.send({ target: "/csv" })
      await until(() => records.length > 0)
      expect([records[0]?.status, records[0]?.bytes], host.name).toEqual([200, 35])
    }
  })

  it("compresses a stream as it flows when asked", async () => {
    const compressing = [
      fetchHost(site, { compress: { threshold: 0 } }),
      await nodeHost(site, { compress: { threshold: 0 } }),
    ]
    for (const host of compressing) {
      const response = await host.send({ target: "/csv", headers: { "accept-encoding": "gzip" } })
      expect(response.headers.get("content-encoding"), host.name).toBe("gzip")
      expect(gunzipSync(response.raw as Buffer).toString(), host.name).toBe("id,name\n1,name 1\n2,name 2\n3,name 3\n")
      await host.close()
    }
  })

  it("never opens the stream of an answer to HEAD", async () => {
    for (const host of hosts.slice(0, 3)) {
      state.started = false
      const response = await host.send({ method: "HEAD", target: "/head" })
      expect([response.status, response.body, state.started], host.name).toEqual([200, "", false])
    }
  })

  it("ends the response with the connection closed when the producer throws, and reports it", async () => {
    for (const host of hosts.slice(0, 3)) {
      errors.length = 0
      const response = await host.send({ target: "/broken" }).catch((error: Error) => error)
      if (response instanceof Error) expect(host.name).toBe("fetch")
      else {
        expect(response.body, host.name).toBe("part one,")
        // A chunked body without its last chunk: the client can tell it was cut.
        expect((response.raw as Buffer).toString().endsWith("0\r\n\r\n"), host.name).toBe(false)
      }
      await until(() => errors.length > 0)
      expect((errors[0] as Error).message, host.name).toBe("producer failure (expected in tests)")
    }
  })
})

describe("backpressure and disconnects on the node host", () => {
  it("flushes each chunk as it comes", async () => {
    const port = await portOf()
    const received = await new Promise<string>((resolve) => {
      let text = ""
      let signal: (() => void) | undefined
      state.flushWait = new Promise((done) => (signal = done))
      const socket = connect(port, "127.0.0.1")
      socket.on("data", (data: Buffer) => {
        text += data.toString()
        if (text.includes("first;")) signal?.()
      })
      socket.on("close", () => resolve(text))
      socket.write("GET /flushed HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    })
    expect(received).toContain("flushed;")
    expect(received).not.toContain("never flushed")
  })

  it("holds the producer back while the client does not read, and stops it when the client goes away", async () => {
    const port = await portOf()
    const socket = connect(port, "127.0.0.1")
    await new Promise<void>((resolve) => {
      socket.once("data", () => {
        socket.pause()
        resolve()
      })
      socket.write("GET /huge HTTP/1.1\r\nHost: x\r\n\r\n")
    })
    // Wait until production stops growing: the response's buffers are full.
    let last = -1
    for (let i = 0; i < 100 && state.produced !== last; i++) {
      last = state.produced
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const aheadBytes = state.produced * chunk.byteLength
    expect(state.produced).toBeLessThan(2000)
    // The kernel's socket buffers and the stream's high-water marks: a few MB at most, never the 125 MB body.
    expect(aheadBytes).toBeLessThan(16 * 1024 * 1024)
    socket.destroy()
    await until(() => state.stopped)
    expect(state.stopped).toBe(true)
  })
})

describe("backpressure and disconnects on the Fetch host", () => {
  it("produces only what the reader takes, and cancelling stops the producer", async () => {
    const response = await Fetch.Handler(site).fetch(new Request("http://x/huge"))
    const reader = (response.body as ReadableStream<Uint8Array>).getReader()
    await reader.read()
    await reader.read()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(state.produced).toBeLessThanOrEqual(3)
    await reader.cancel()
    await until(() => state.stopped)
    expect(state.stopped).toBe(true)
  })
})

// The raw node host's port, from a request it answers (the support's hosts keep theirs private).
async function portOf(): Promise<number> {
  if (nodePort !== 0) return nodePort
  const { createServer } = await import("node:http")
  const { NodeHandler } = await import("../../src/host/node/index.js")
  const server = createServer(NodeHandler(site, options))
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()))
  nodePort = (server.address() as import("node:net").AddressInfo).port
  hosts.push({
    name: "raw",
    send: async () => Promise.reject(new Error("unused")),
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  })
  return nodePort
}
