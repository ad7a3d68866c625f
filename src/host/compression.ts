/**
 * Response compression (host option `compress`), the part every host
 * shares: which answers may be compressed, `Accept-Encoding` negotiation
 * with q-values (RFC 9110 §12.5.3), and the headers a compressed answer
 * carries (`Vary: Accept-Encoding`, a weak `ETag`). The bytes are
 * compressed by each host's writer with the platform's own codecs
 * (`node:zlib`, `CompressionStream`).
 */
import { type ContentHeader, header, isStreamBody, type StaticContent } from "../sitelet/content-model.js"
import { isSocketBody } from "../sitelet/socket-body.js"
import { withVary } from "../sitelet/content/vary.js"
import { hostMessages } from "./host-errors.js"
import { type Encoding, negotiate } from "../sitelet/http/accept-encoding.js"
import { isCompressible } from "../sitelet/http/media-types.js"

export type { Encoding } from "../sitelet/http/accept-encoding.js"
export { acceptedEncodings, negotiate } from "../sitelet/http/accept-encoding.js"
export { isCompressible } from "../sitelet/http/media-types.js"

/**
 * The `compress` host option's settings.
 *
 * @example
 * ```ts
 * NodeHandler(site, { compress: { threshold: 256, encodings: ["gzip"] } })
 * ```
 */
export interface CompressOptions {
  /** Smallest body, in bytes, worth compressing. Default 1024. */
  readonly threshold?: number
  /** The codings offered, in the server's order of preference (a tie in q-values goes to the first). Default `["br", "zstd", "gzip"]`; a host drops those its runtime lacks. */
  readonly encodings?: readonly Encoding[]
}

/**
 * The option with defaults applied.
 *
 * @example
 * ```ts
 * resolveCompress(true) //=> { threshold: 1024, encodings: ["br", "zstd", "gzip"] }
 * ```
 */
export interface ResolvedCompress {
  readonly threshold: number
  readonly encodings: readonly Encoding[]
}

const allEncodings: readonly Encoding[] = Object.freeze(["br", "zstd", "gzip"])

/**
 * Checks the `compress` option when the host is built (a `TypeError` for
 * a bad threshold or an unknown coding); undefined when off.
 *
 * @example
 * ```ts
 * resolveCompress({ threshold: 0 })?.threshold //=> 0
 * ```
 */
export function resolveCompress(option: boolean | CompressOptions | undefined): ResolvedCompress | undefined {
  if (option === undefined || option === false) return undefined
  const settings = option === true ? {} : option
  const threshold = settings.threshold ?? 1024
  if (!Number.isSafeInteger(threshold) || threshold < 0) throw new TypeError(hostMessages.badThreshold(threshold))
  const encodings = settings.encodings ?? allEncodings
  for (const encoding of encodings)
    if (!allEncodings.includes(encoding)) throw new TypeError(hostMessages.badEncoding(String(encoding)))
  return Object.freeze({ threshold, encodings: Object.freeze([...encodings]) })
}

/** UTF-8 length of a string without encoding it, stopping once `enough` is reached. */
function utf8LengthAtLeast(text: string, enough: number): boolean {
  if (text.length >= enough) return true
  if (text.length * 3 < enough) return false
  let bytes = 0
  for (let i = 0; i < text.length && bytes < enough; i++) {
    const code = text.charCodeAt(i)
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code >= 0xd800 && code <= 0xdbff ? (i++, 4) : 3
  }
  return bytes >= enough
}

/**
 * A compression decision for one answer: the content with the headers a
 * compressed (or compressible) answer carries, and the coding to write
 * it with, or undefined to write it as it is.
 *
 * @example
 * ```ts
 * const plan = planCompression(content, "GET", "gzip", resolved, ["gzip"])
 * if (plan?.encoding) write(gzip(plan.content.body), plan.content.headers)
 * ```
 */
export interface CompressionPlan {
  readonly content: StaticContent
  readonly encoding: Encoding | undefined
}

/**
 * Decides how to send an answer when compression is on. Answers that may
 * be compressed (a body of at least `threshold` bytes, a compressible
 * type, no `Content-Encoding` or `Cache-Control: no-transform`, not 204 or
 * 304) get `Vary: Accept-Encoding` whatever the client accepts; when a
 * coding is chosen (never for HEAD), a strong `ETag` becomes weak, since
 * the compressed bytes differ. Undefined: nothing changes.
 *
 * @example
 * ```ts
 * planCompression(Content.Text("x".repeat(2000)), "GET", "br, gzip", resolveCompress(true)!, ["gzip"])?.encoding //=> "gzip"
 * ```
 */
export function planCompression(
  content: StaticContent,
  method: string,
  acceptEncoding: string | null,
  options: ResolvedCompress,
  available: readonly Encoding[],
): CompressionPlan | undefined {
  const body = content.body
  const code = content.status.code
  if (body === undefined || code === 204 || code === 304 || code < 200 || isSocketBody(body)) return undefined
  if (isStreamBody(body)) {
    // A stream of unknown length is compressed as it flows; one of known length (a file) only from the threshold.
    if (!body.compressible || (body.length !== undefined && body.length < options.threshold)) return undefined
  } else if (
    typeof body === "string" ? !utf8LengthAtLeast(body, options.threshold) : body.byteLength < options.threshold
  )
    return undefined
  let contentType: string | undefined
  for (const [name, value] of content.headers) {
    const lower = name.toLowerCase()
    if (lower === "content-type") contentType ??= value
    else if (lower === "content-encoding") return undefined
    else if (lower === "cache-control" && /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(value)) return undefined
  }
  if (!isCompressible(contentType)) return undefined
  const offered = options.encodings.filter((encoding) => available.includes(encoding))
  const encoding = method === "HEAD" ? undefined : negotiate(acceptEncoding, offered)
  const varied = withVary(content.headers, "Accept-Encoding")
  const headers: ContentHeader[] =
    encoding === undefined
      ? varied
      : varied.map((entry) => (isStrongETag(entry) ? header("ETag", `W/${entry[1]}`) : entry))
  return { content: { kind: "static", status: content.status, headers, body }, encoding }
}

const isStrongETag = ([name, value]: ContentHeader): boolean =>
  name.length === 4 && name.toLowerCase() === "etag" && value.startsWith('"')
