/**
 * The Fetch host's stream writer when the reader cancels while a chunk is
 * awaited (an event stream whose client leaves while it waits for the next
 * event): the producer is stopped and its end is not written into the
 * closed stream — no "Controller is already closed" reported as an error.
 */
import { describe, expect, it } from "vitest"
import { webStreamOf } from "../../../src/host/fetch/fetch-stream.js"

describe("webStreamOf", () => {
  it("stops the producer on cancel, and reports nothing when the producer then ends", async () => {
    let release: (() => void) | undefined
    let stopped = false
    const producer: AsyncIterable<string> = {
      [Symbol.asyncIterator]: () => ({
        next: () =>
          new Promise<IteratorResult<string>>((resolve) => {
            release = () => resolve({ value: undefined, done: true })
          }),
        return: async () => {
          stopped = true
          release?.()
          return { value: undefined, done: true }
        },
      }),
    }
    const errors: unknown[] = []
    const ended: number[] = []
    const stream = webStreamOf(
      { kind: "stream", open: () => producer, compressible: false },
      undefined,
      (error) => errors.push(error),
      (bytes) => ended.push(bytes),
    )
    const reader = stream.getReader()
    const read = reader.read()
    await new Promise((resolve) => setTimeout(resolve, 10))
    await reader.cancel("client gone")
    expect(await read).toEqual({ value: undefined, done: true })
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(stopped).toBe(true)
    expect(errors).toEqual([])
    expect(ended).toEqual([0])
  })
})
