/**
 * The node host's writer for stream bodies (`Content.Stream`,
 * `Content.EventStream`, `Content.File`): `stream.pipeline` from the
 * producer to the response, so a slow client holds the producer back
 * (backpressure), a client that goes away stops it (`return()` or
 * `cancel()`), and a producer that throws closes the connection (the client
 * sees a truncated body, never a hang) and is reported to `onError`.
 */
import type { ServerResponse } from "node:http"
import { pipeline, Readable, Transform } from "node:stream"
import * as zlib from "node:zlib"
import type { ContentHeader, StaticContent, StreamBody } from "../../sitelet/content-model.js"
import type { Encoding } from "../compression.js"

/** Text chunks as UTF-8 bytes, so the response and a codec get bytes only. */
async function* asBytes(source: AsyncIterable<string | Uint8Array>): AsyncGenerator<Uint8Array> {
  for await (const chunk of source) yield typeof chunk === "string" ? Buffer.from(chunk) : chunk
}

// Each chunk flushed through the codec: a streamed answer reaches the client as it is produced.
function codec(encoding: Encoding): Transform {
  if (encoding === "br")
    return zlib.createBrotliCompress({
      flush: zlib.constants.BROTLI_OPERATION_FLUSH,
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 },
    })
  const stream = zlib as unknown as { createZstdCompress?: (options: object) => Transform }
  if (encoding === "zstd" && stream.createZstdCompress) return stream.createZstdCompress({})
  return zlib.createGzip({ flush: zlib.constants.Z_SYNC_FLUSH })
}

/** The client went away: not a failure of the producer. */
const isPrematureClose = (error: NodeJS.ErrnoException): boolean =>
  error.code === "ERR_STREAM_PREMATURE_CLOSE" || error.code === "ECONNRESET" || error.code === "EPIPE"

/**
 * Writes a content whose body is a stream: the head at once (its length
 * when the body has one and is not compressed, else chunked), then the
 * chunks with backpressure. `written` gets the body bytes sent, when the
 * body has ended (or at once for HEAD, 204 and 304, whose body is discarded
 * unopened).
 *
 * @example
 * ```ts
 * writeNodeStream(res, Content.Stream(rows()), "GET", undefined, console.error, (bytes) => log(bytes))
 * ```
 */
export function writeNodeStream(
  res: ServerResponse,
  content: StaticContent,
  method: string,
  encoding: Encoding | undefined,
  onError: (error: unknown) => void,
  written: (bytes: number) => void,
): void {
  const body = content.body as StreamBody
  const code = content.status.code
  const bodyless = method === "HEAD" || code === 204 || code === 304
  if (res.headersSent || res.destroyed) {
    body.discard?.()
    return written(0)
  }
  const fields: Array<string | number> = []
  for (const [name, value] of content.headers as readonly ContentHeader[]) {
    if (name.length === 14 && name.toLowerCase() === "content-length") continue
    fields.push(name, value)
  }
  if (encoding !== undefined) fields.push("Content-Encoding", encoding)
  else if (body.length !== undefined && code !== 204 && code !== 304) fields.push("Content-Length", body.length)
  if (content.status.text === "") res.writeHead(code, fields)
  else res.writeHead(code, content.status.text, fields)
  if (bodyless) {
    body.discard?.()
    res.end()
    return written(0)
  }
  let bytes = 0
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.byteLength
      done(null, chunk)
    },
  })
  let source: Readable
  try {
    const opened = body.open()
    source = Readable.from(asBytes(opened as AsyncIterable<string | Uint8Array>), { objectMode: false })
  } catch (error) {
    onError(error)
    res.destroy()
    return written(0)
  }
  const done = (error: NodeJS.ErrnoException | null) => {
    if (error && !isPrematureClose(error)) onError(error)
    // A producer that failed: the connection is closed, so the client sees a truncated body, never a hang.
    if (error && !res.destroyed) res.destroy()
    written(bytes)
  }
  if (encoding === undefined) pipeline(source, counter, res, done)
  else pipeline(source, codec(encoding), counter, res, done)
}
