/**
 * `Content.Stream`: a response body produced over time, from a
 * `ReadableStream` or an async iterable of text and bytes. Every host writes
 * it with backpressure (a slow client never makes the server buffer the
 * whole body), flushes each chunk, and stops the producer when the client
 * goes away.
 */
import { type ContentHeader, header, type StaticContent, type StreamBody, staticContent } from "../content-model.js"
import { type HttpStatus, Status } from "../http/http-status.js"

/**
 * What `Content.Stream` streams.
 *
 * @example
 * ```ts
 * const body: StreamSource = (async function* () { yield "a,b\n"; yield "1,2\n" })()
 * ```
 */
export type StreamSource = ReadableStream<Uint8Array> | AsyncIterable<string | Uint8Array>

/**
 * The options of `Content.Stream`.
 *
 * @example
 * ```ts
 * const options: StreamOptions = { ContentType: "text/csv; charset=utf-8" }
 * ```
 */
export interface StreamOptions {
  /** Default `application/octet-stream`. */
  readonly ContentType?: string
  /** Default 200. */
  readonly Status?: HttpStatus
  /** Extra headers (checked: no response splitting). */
  readonly Headers?: Readonly<Record<string, string>>
}

const isReadableStream = (source: StreamSource): source is ReadableStream<Uint8Array> =>
  typeof (source as Partial<ReadableStream>).getReader === "function"

/**
 * The stream body of a source: opened once, by the host writing it; a body
 * never written (HEAD, 304) is cancelled, so its producer is released.
 *
 * @example
 * ```ts
 * streamBody(rows(), true).open()
 * ```
 */
export function streamBody(source: StreamSource, compressible: boolean): StreamBody {
  return Object.freeze({
    kind: "stream",
    open: () => source,
    discard: () => {
      if (isReadableStream(source)) void source.cancel().catch(() => undefined)
      else
        void (source as AsyncIterable<unknown>)
          [Symbol.asyncIterator]()
          .return?.()
          ?.catch?.(() => undefined)
    },
    compressible,
  })
}

/**
 * A streamed response: each chunk is written as it comes (text as UTF-8),
 * with backpressure; the producer is stopped (`return()`, `cancel()`) when
 * the client goes away. A producer that throws ends the response with the
 * connection closed (the client sees a truncated body, never a hang), and
 * the error goes to the host's `onError`. With the `compress` option it is
 * compressed as a stream.
 *
 * @example
 * ```ts
 * Content.Stream(
 *   (async function* () {
 *     for await (const row of db.rows()) yield `${row.id},${row.name}\n`
 *   })(),
 *   { ContentType: "text/csv; charset=utf-8" },
 * )
 * ```
 */
export function Stream(source: StreamSource, options?: StreamOptions): StaticContent {
  const headers: ContentHeader[] = [header("Content-Type", options?.ContentType ?? "application/octet-stream")]
  for (const [name, value] of Object.entries(options?.Headers ?? {})) headers.push(header(name, value))
  return staticContent(options?.Status ?? Status.Ok, headers, streamBody(source, true))
}
