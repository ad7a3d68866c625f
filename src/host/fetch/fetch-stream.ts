/**
 * The Fetch host's writer for stream bodies: a pull-based `ReadableStream`
 * over the producer, so the runtime reads a chunk only when the client
 * takes one (backpressure), its cancellation (the client went away) stops
 * the producer, and a producer that throws errors the stream: the runtime
 * closes the connection and the error goes to `onError`.
 */
import type { StreamBody } from "../../sitelet/content-model.js"
import type { Encoding } from "../compression.js"
import { compressionFormat } from "../platform.js"

const encoder = new TextEncoder()

interface Pull {
  next(): Promise<IteratorResult<string | Uint8Array>>
  stop(reason: unknown): Promise<unknown> | undefined
}

function pullOf(source: ReadableStream<Uint8Array> | AsyncIterable<string | Uint8Array>): Pull {
  if (typeof (source as Partial<ReadableStream>).getReader === "function") {
    const reader = (source as ReadableStream<Uint8Array>).getReader()
    return {
      next: () => reader.read() as Promise<IteratorResult<Uint8Array>>,
      stop: (reason) => reader.cancel(reason),
    }
  }
  const iterator = (source as AsyncIterable<string | Uint8Array>)[Symbol.asyncIterator]()
  return { next: () => iterator.next(), stop: () => iterator.return?.() }
}

/**
 * The stream a `Response` is made with, compressed with `encoding` when
 * given; `ended` gets the bytes the producer gave once it has finished,
 * failed or been cancelled.
 *
 * @example
 * ```ts
 * new Response(webStreamOf(body, undefined, console.error, (bytes) => log(bytes)))
 * ```
 */
export function webStreamOf(
  body: StreamBody,
  encoding: Encoding | undefined,
  onError: (error: unknown) => void,
  ended: (bytes: number) => void,
): ReadableStream<Uint8Array> {
  let pull: Pull | undefined
  let bytes = 0
  let finished = false
  // Cancelled by the reader (the client went away) while a chunk was awaited: the controller is closed already.
  let cancelled = false
  const finish = () => {
    if (finished) return
    finished = true
    ended(bytes)
  }
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          pull ??= pullOf(body.open())
          const { value, done } = await pull.next()
          if (cancelled) return
          if (done) {
            controller.close()
            return finish()
          }
          const chunk = typeof value === "string" ? encoder.encode(value) : value
          bytes += chunk.byteLength
          controller.enqueue(chunk)
        } catch (error) {
          if (cancelled) return
          onError(error)
          controller.error(error)
          finish()
        }
      },
      async cancel(reason) {
        cancelled = true
        finish()
        await Promise.resolve(pull?.stop(reason)).catch(() => undefined)
      },
    },
    // Pull one chunk at a time: nothing is produced ahead of what the client reads.
    { highWaterMark: 0 },
  )
  if (encoding === undefined) return stream
  const codec = new CompressionStream(compressionFormat(encoding)) as unknown as ReadableWritablePair<
    Uint8Array,
    Uint8Array
  >
  return stream.pipeThrough(codec)
}
