/**
 * The Fetch host's compression: the runtime's `CompressionStream` (gzip
 * everywhere; `brotli` on Bun and Deno, `zstd` on Bun), detected once.
 */
import type { Encoding } from "./compression.js"
import type { HostPlatform } from "./host-options.js"
import { webDigest } from "../internal/digest.js"

// The Compression Streams names of the codings (the HTTP token `br` is the format "brotli").
const formats: ReadonlyMap<Encoding, string> = new Map([
  ["br", "brotli"],
  ["zstd", "zstd"],
  ["gzip", "gzip"],
])

function supported(format: string): boolean {
  try {
    new CompressionStream(format as CompressionFormat)
    return true
  } catch {
    return false
  }
}

let detected: readonly Encoding[] | undefined

/**
 * The Fetch host's runtime: WebCrypto for `etag`, and the codings its
 * `CompressionStream` accepts.
 *
 * @example
 * ```ts
 * fetchPlatform.encodings //=> ["gzip"] on Node, ["br", "zstd", "gzip"] on Bun
 * ```
 */
export const fetchPlatform: HostPlatform = Object.freeze({
  digest: webDigest,
  // Detected on first use, inside a request: Workers refuse to make a stream at startup (global scope).
  get encodings(): readonly Encoding[] {
    return (detected ??= Object.freeze(
      typeof CompressionStream === "function"
        ? [...formats].filter(([, format]) => supported(format)).map(([encoding]) => encoding)
        : [],
    ))
  },
})

/**
 * The Compression Streams format of a coding (`br` is `"brotli"`).
 *
 * @example
 * ```ts
 * compressionFormat("br") //=> "brotli"
 * ```
 */
export function compressionFormat(encoding: Encoding): CompressionFormat {
  return formats.get(encoding) as CompressionFormat
}

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
