/**
 * The node host's compression writer: `node:zlib` one-shot codecs. Small
 * bodies are compressed synchronously (a thread-pool round trip costs more
 * than the work); larger ones on the thread pool, so the event loop keeps
 * serving while they compress.
 */
import * as nodeCrypto from "node:crypto"
import type { ServerResponse } from "node:http"
import * as zlib from "node:zlib"
import type { StaticContent } from "../../sitelet/content-model.js"
import type { Encoding } from "../compression.js"
import type { HostPlatform } from "../platform.js"
import { writeNodeResponse } from "./node-write.js"

// zstd arrived in node:zlib with Node 22.15; on Node 20 it is simply not offered.
const zstd = zlib as unknown as {
  zstdCompressSync?: (input: Uint8Array) => Buffer
  zstdCompress?: (input: Uint8Array, callback: (error: Error | null, output: Buffer) => void) => void
}

// Quality 4: the usual setting for answers compressed as they are served (11, the default, is for files built once).
const brotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }
// Above this, the thread pool: a synchronous gzip of 16 KB takes ~0.2 ms of the event loop.
const syncLimit = 16 * 1024

// The one-shot `crypto.hash` (Node 20.12+) is about twice as fast as a Hash object on small bodies.
const oneShot = (
  nodeCrypto as { hash?: (algorithm: string, data: string | Uint8Array, encoding: "base64url") => string }
).hash

/**
 * The node host's runtime: `node:crypto` for `etag`, and the codings `node:zlib` has.
 *
 * @example
 * ```ts
 * resolveHostOptions(options, nodePlatform)
 * ```
 */
export const nodePlatform: HostPlatform = Object.freeze({
  digest:
    oneShot === undefined
      ? (body: string | Uint8Array): string => nodeCrypto.createHash("sha1").update(body).digest("base64url")
      : (body: string | Uint8Array): string => oneShot("sha1", body, "base64url"),
  encodings: Object.freeze(
    typeof zstd.zstdCompressSync === "function" ? (["br", "zstd", "gzip"] as const) : (["br", "gzip"] as const),
  ),
})

function compressSync(encoding: Encoding, input: Uint8Array): Buffer {
  if (encoding === "br") return zlib.brotliCompressSync(input, brotliOptions)
  if (encoding === "zstd" && zstd.zstdCompressSync) return zstd.zstdCompressSync(input)
  return zlib.gzipSync(input)
}

function compressAsync(encoding: Encoding, input: Uint8Array, done: (error: Error | null, output: Buffer) => void) {
  if (encoding === "br") zlib.brotliCompress(input, brotliOptions, done)
  else if (encoding === "zstd" && zstd.zstdCompress) zstd.zstdCompress(input, done)
  else zlib.gzip(input, done)
}

/**
 * Writes a content compressed with `encoding` (`Content-Encoding` and the
 * compressed length set), then calls `written` with the bytes sent. A
 * codec failure is reported to `onError` and the body goes uncompressed.
 *
 * @example
 * ```ts
 * writeNodeCompressed(res, plan.content, "GET", "gzip", false, onError, (bytes) => log(bytes))
 * ```
 */
export function writeNodeCompressed(
  res: ServerResponse,
  content: StaticContent,
  method: string,
  encoding: Encoding,
  close: boolean,
  onError: (error: unknown) => void,
  written: (bytes: number) => void,
): void {
  // Stream bodies are compressed by writeNodeStream: here a body is text or bytes.
  const body = (content.body ?? "") as string | Uint8Array
  const input = typeof body === "string" ? Buffer.from(body) : body
  const send = (error: Error | null, output: Buffer | undefined) => {
    if (error !== null || output === undefined) {
      onError(error)
      return written(writeNodeResponse(res, content, method, close))
    }
    const headers = [...content.headers, ["Content-Encoding", encoding] as const]
    written(writeNodeResponse(res, { kind: "static", status: content.status, headers, body: output }, method, close))
  }
  if (input.byteLength > syncLimit) return compressAsync(encoding, input, send)
  let output: Buffer
  try {
    output = compressSync(encoding, input)
  } catch (error) {
    return send(error as Error, undefined)
  }
  send(null, output)
}
