/**
 * What a host brings from its runtime (`HostPlatform`): how it hashes a
 * body for `etag`, and which codings it can compress with. The web
 * platform's own (WebCrypto, `CompressionStream`, detected once) is the
 * default; the node host brings `node:zlib`'s. Plain data the pipeline
 * reads: nothing here imports a host.
 */
import type { BodyDigest } from "../internal/digest.js"
import { webDigest } from "../internal/digest.js"
import type { Encoding } from "./compression.js"

/**
 * What a host brings from its runtime: how it hashes a body for `etag`,
 * and which codings it can compress with.
 *
 * @example
 * ```ts
 * const node: HostPlatform = { digest: nodeDigest, encodings: ["br", "gzip"] }
 * ```
 */
export interface HostPlatform {
  readonly digest: BodyDigest
  /** The codings the runtime can write; read when a request needs them (it may be a getter that detects them once). */
  readonly encodings: readonly Encoding[]
}

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
 * The web platform's: WebCrypto for `etag`, and the codings its
 * `CompressionStream` accepts — what the Fetch host runs on, and the
 * platform of options resolved without one.
 *
 * @example
 * ```ts
 * webPlatform.encodings //=> ["gzip"] on Node, ["br", "zstd", "gzip"] on Bun
 * ```
 */
export const webPlatform: HostPlatform = Object.freeze({
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
