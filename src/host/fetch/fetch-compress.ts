/**
 * The Fetch host's compression of a whole body: the runtime's
 * `CompressionStream` in the format of the coding (the codings it accepts
 * are the web platform's, `platform.ts`).
 */
import type { Encoding } from "../compression.js"
import { compressionFormat } from "../platform.js"

/**
 * A body compressed with `encoding`, whole (so the answer has a length).
 *
 * @example
 * ```ts
 * const gzipped = await compressBody("x".repeat(2000), "gzip")
 * ```
 */
export async function compressBody(body: string | Uint8Array, encoding: Encoding): Promise<Uint8Array> {
  const stream = new Blob([body as BlobPart]).stream().pipeThrough(new CompressionStream(compressionFormat(encoding)))
  return new Uint8Array(await new Response(stream).arrayBuffer())
}
