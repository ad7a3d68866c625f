/**
 * `Content.File(path, options?)`: one file from disk, streamed (never read
 * whole), with its media type, `ETag` and `Last-Modified` (so the host
 * answers `If-None-Match`/`If-Modified-Since` with 304), one byte range
 * (206, 416), and a precompressed `.br`/`.gz` sibling when the client
 * accepts it.
 */
import type { RouteHeaders } from "../../router/request/request.js"
import { type Encoding, negotiate } from "../http/accept-encoding.js"
import { byteRange } from "../http/byte-range.js"
import {
  type DeferredContent,
  type ContentHeader,
  deferred,
  header,
  type StaticContent,
  staticContent,
} from "../content-model.js"
import { checkFileSystem, type FileStats, type FileSystem, fileSystem } from "./file-system.js"
import { Status } from "../http/http-status.js"
import { isCompressible, mediaTypeOfPath } from "../http/media-types.js"
import { notModified } from "./validators.js"

/**
 * The options of `Content.File` (and of each file `Sitelet.Files` serves).
 *
 * @example
 * ```ts
 * const options: FileOptions = { CacheControl: "public, max-age=31536000, immutable" }
 * ```
 */
export interface FileOptions {
  /** The media type; default from the extension (mime-db), `application/octet-stream` when unknown. */
  readonly ContentType?: string
  /** A `Cache-Control` value; default none (the client revalidates with the ETag). */
  readonly CacheControl?: string
  /** Serve `file.br` / `file.gz` instead when the client accepts that coding and the sibling exists. Default `true`. */
  readonly Precompressed?: boolean
  /** Send it as a download (`Content-Disposition: attachment`), with this file name, or the file's own with `true`. */
  readonly Download?: string | true
}

// The codings a precompressed sibling may have, in the server's order of preference, and their file suffixes.
const siblings: ReadonlyArray<readonly [Encoding, string]> = [
  ["br", ".br"],
  ["gzip", ".gz"],
]

/** A strong validator from what identifies this version of the file: size, modification time and inode. */
const fileETag = (stats: FileStats, suffix: string): string =>
  `"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}-${stats.ino.toString(16)}${suffix}"`

/** A file name for `Content-Disposition`: ASCII fallback plus the RFC 8187 UTF-8 form. */
function disposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, "_")
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`
}

async function statOrUndefined(fs: FileSystem, path: string): Promise<FileStats | undefined> {
  try {
    const stats = await fs.stat(path)
    return stats.isFile() ? stats : undefined
  } catch {
    return undefined
  }
}

/**
 * The answer for a file already found: `stats` of `path`. Used by
 * `Content.File` and `Sitelet.Files`; `allowed` vets a precompressed
 * sibling's path (`Sitelet.Files`: inside its directory).
 *
 * @example
 * ```ts
 * const content = await fileAnswer(fs, "/srv/www/site.css", stats, "GET", request.headers, {})
 * ```
 */
export async function fileAnswer(
  fs: FileSystem,
  path: string,
  stats: FileStats,
  method: string,
  headers: RouteHeaders,
  options: FileOptions,
  allowed: (path: string) => Promise<boolean> = allowAll,
): Promise<StaticContent> {
  const type = options.ContentType ?? mediaTypeOfPath(path)
  let served = path
  let servedStats = stats
  let encoding: Encoding | undefined
  if (options.Precompressed !== false && isCompressible(type)) {
    const accepted = negotiate(
      headers.get("accept-encoding"),
      siblings.map(([coding]) => coding),
    )
    const suffix = siblings.find(([coding]) => coding === accepted)?.[1]
    const sibling =
      suffix === undefined || !(await allowed(path + suffix)) ? undefined : await statOrUndefined(fs, path + suffix)
    if (sibling !== undefined && suffix !== undefined) {
      served = path + suffix
      servedStats = sibling
      encoding = accepted
    }
  }
  const list: ContentHeader[] = [
    header("Content-Type", type),
    header("ETag", fileETag(servedStats, encoding === undefined ? "" : `-${encoding}`)),
    header("Last-Modified", new Date(servedStats.mtimeMs).toUTCString()),
    header("Accept-Ranges", "bytes"),
  ]
  if (encoding !== undefined) list.push(header("Content-Encoding", encoding))
  // Whether a sibling exists depends on Accept-Encoding: caches must keep the variants apart.
  if (options.Precompressed !== false && isCompressible(type)) list.push(header("Vary", "Accept-Encoding"))
  if (options.CacheControl !== undefined) list.push(header("Cache-Control", options.CacheControl))
  if (options.Download !== undefined)
    list.push(header("Content-Disposition", disposition(options.Download === true ? baseName(path) : options.Download)))
  const size = servedStats.size
  const whole = staticContent(Status.Ok, list, fileBody(fs, served, 0, size - 1, size, encoding === undefined))
  // A client that has this version gets a 304 from the host: no range is cut for it.
  if (notModified(whole, method, headers) !== undefined) return whole
  const ifRange = headers.get("if-range")
  const etag = list[1]?.[1] as string
  const rangeApplies = ifRange === null || ifRange === etag || ifRange === list[2]?.[1]
  const range = rangeApplies && method === "GET" ? byteRange(headers.get("range"), size) : ({ kind: "all" } as const)
  if (range.kind === "all") return whole
  if (range.kind === "unsatisfiable")
    return staticContent(Status.Custom(416), [...list, header("Content-Range", `bytes */${size}`)], undefined)
  const partial = [...list, header("Content-Range", `bytes ${range.start}-${range.end}/${size}`)]
  // A range of the bytes as stored: never compressed again by the host.
  return staticContent(Status.Custom(206), partial, fileBody(fs, served, range.start, range.end, size, false))
}

const allowAll = async (): Promise<boolean> => true

const baseName = (path: string): string => path.slice(Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\")) + 1)

/** The bytes `start..end` of a file, opened only when written. */
function fileBody(fs: FileSystem, path: string, start: number, end: number, size: number, compressible: boolean) {
  const length = size === 0 ? 0 : end - start + 1
  return Object.freeze({
    kind: "stream" as const,
    // An empty file has no byte to read: createReadStream with end -1 would read it all.
    open: (): AsyncIterable<Uint8Array> => (length === 0 ? empty() : fs.open(path, start, end)),
    length,
    compressible,
  })
}

async function* empty(): AsyncGenerator<Uint8Array> {}

/**
 * One file from disk, streamed with backpressure: its media type (from
 * the extension, mime-db), a strong `ETag` (size, modification time,
 * inode) and `Last-Modified`, so the host answers a matching
 * `If-None-Match`/`If-Modified-Since` with 304; one `Range` as a 206 (with
 * `If-Range`), several as the whole file (200), an unsatisfiable one as 416;
 * `HEAD` without opening the file; a `.br`/`.gz` sibling instead when the
 * client accepts it. A path that is not a file answers 404. Node, Bun and
 * Deno; on Workers it throws a `TypeError` (no file system).
 *
 * @example
 * ```ts
 * Sitelet.Content("/robots.txt", { $: "Robots" }, () => Content.File("./public/robots.txt"))
 * Content.File(`./exports/${id}.csv`, { Download: `report-${id}.csv` })
 * ```
 */
export function File(path: string, options: FileOptions = {}): DeferredContent<never> {
  checkFileSystem("Content.File")
  return deferred(async (ctx) => {
    const fs = await fileSystem()
    const absolute = fs.resolve(path)
    const stats = await statOrUndefined(fs, absolute)
    if (stats === undefined)
      return staticContent(Status.NotFound, [header("Content-Type", "text/plain; charset=utf-8")], "Not Found")
    return fileAnswer(fs, absolute, stats, ctx.Request.method, ctx.Request.headers, options)
  })
}
