import { describe, expect, it } from "vitest"
import { drainBytes, drainIdleMs, readFetchBody } from "../../../src/host/fetch/fetch-body.js"
import { hostMessages } from "../../../src/host/host-errors.js"

/** A request whose body is `chunks` chunks of `size` bytes, counting what was read and whether it was cancelled. */
function counted(chunks: number, size: number, contentLength?: number) {
  const seen = { read: 0, cancelled: false }
  let left = chunks
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (left-- <= 0) return controller.close()
      seen.read += size
      controller.enqueue(new Uint8Array(size))
    },
    cancel() {
      seen.cancelled = true
    },
  })
  const headers = contentLength === undefined ? undefined : { "content-length": String(contentLength) }
  const request = new Request("http://x/", { method: "POST", body, headers, duplex: "half" } as RequestInit)
  return { request, seen }
}

describe("readFetchBody", () => {
  const limit = 100 * 1024

  it("reads a body up to the limit", async () => {
    const { request } = counted(10, 10 * 1024)
    expect((await readFetchBody(request, limit)).byteLength).toBe(limit)
  })

  it("reads off an over-limit body within the drain cap before the 413 (a runtime that resets unread bodies still delivers it)", async () => {
    const { request, seen } = counted(15, 10 * 1024)
    await expect(readFetchBody(request, limit)).rejects.toThrow(hostMessages.bodyTooLarge(limit))
    expect(seen.read).toBe(150 * 1024)
    expect(seen.cancelled).toBe(false)
  })

  it("stops reading past the cap: bounded work for any body", async () => {
    const { request, seen } = counted(1_000, 10 * 1024)
    await expect(readFetchBody(request, limit)).rejects.toThrow(hostMessages.bodyTooLarge(limit))
    expect(seen.read).toBeLessThanOrEqual(limit + drainBytes(limit) + 2 * 10 * 1024)
    expect(seen.cancelled).toBe(true)
  })

  it("a declared length over the cap is refused without reading", async () => {
    const big = counted(1_000, 10 * 1024, 1_000 * 10 * 1024)
    await expect(readFetchBody(big.request, limit)).rejects.toThrow(hostMessages.bodyTooLarge(limit))
    expect(big.seen.read).toBeLessThanOrEqual(10 * 1024)
    const within = counted(15, 10 * 1024, 150 * 1024)
    await expect(readFetchBody(within.request, limit)).rejects.toThrow(hostMessages.bodyTooLarge(limit))
    expect(within.seen.read).toBe(150 * 1024)
  })

  it("answers a body that passes the limit and then stalls, without waiting for the rest (issue 35)", async () => {
    let cancelled = false
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        // A little over the limit, and then nothing more: the client stalls.
        controller.enqueue(new Uint8Array(1100))
      },
      cancel() {
        cancelled = true
      },
    })
    const request = new Request("http://x/", { method: "POST", body, duplex: "half" } as RequestInit)
    const started = Date.now()
    await expect(readFetchBody(request, 1024)).rejects.toThrow(hostMessages.bodyTooLarge(1024))
    expect(Date.now() - started).toBeGreaterThanOrEqual(drainIdleMs - 5)
    expect(cancelled).toBe(true)
  })

  it("gives back the bytes of a body trickled a byte at a time, kept in one buffer", async () => {
    const text = '{"title":"trickled","n":1}'
    // Each byte a view of its own large buffer, as Deno hands a trickled body.
    const chunks = [...new TextEncoder().encode(text)].map((byte) =>
      new Uint8Array(new ArrayBuffer(65536), 7, 1).fill(byte),
    )
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift()
        if (next === undefined) controller.close()
        else controller.enqueue(next)
      },
    })
    const request = new Request("http://x/", { method: "POST", body, duplex: "half" } as RequestInit)
    const bytes = await readFetchBody(request, 1024)
    expect(new TextDecoder().decode(bytes)).toBe(text)
    // One buffer of its own, within the limit: none of the 64 KiB buffers the bytes came in.
    expect(bytes.buffer.byteLength).toBeLessThanOrEqual(4096)
  })
})
