/**
 * `Sitelet.Files(directory, options?)`: the files under a directory as a
 * sitelet whose endpoint is the file's path, `{ $: "File", path:
 * "css/site.css" }`, so pages link to assets with typed links. Security
 * first: no request ever reads outside `directory`.
 */
import { Router } from "../../router/router.js"
import type { RouteRequest } from "../../router/request/request.js"
import { markSources } from "../../router/route-source.js"
import { t } from "../../descriptor/t.js"
import { resolveContent } from "../content-model.js"
import type { Context } from "../context.js"
import { fileAnswer, type FileOptions } from "./file-content.js"
import { checkFileSystem, type FileSystem, fileSystem } from "./file-system.js"
import { contentMessages } from "./content-messages.js"
import { mediaTypeOfPath } from "../http/media-types.js"
import { makeSitelet, type Sitelet } from "../sitelet.js"

/**
 * The endpoint of `Sitelet.Files`: a path under its directory, segments
 * joined by `/`.
 *
 * @example
 * ```ts
 * const css: FileEndpoint = { $: "File", path: "css/site.css" }
 * ```
 */
export interface FileEndpoint {
  readonly $: "File"
  readonly path: string
}

/**
 * The options of `Sitelet.Files`: those of each file (`Content.File`'s),
 * plus what the directory allows.
 *
 * @example
 * ```ts
 * Sitelet.Files("./public", { CacheControl: (path) => (/\.[0-9a-f]{8}\./.test(path) ? "public, max-age=31536000, immutable" : "no-cache") })
 * ```
 */
export interface FilesOptions extends Omit<FileOptions, "CacheControl" | "Download"> {
  /** A `Cache-Control` value, or one per file path (`immutable` for hashed names). */
  readonly CacheControl?: string | ((path: string) => string | undefined)
  /** Serve files and directories whose name starts with `.`. Default `false`: they fall through. */
  readonly Dotfiles?: boolean
  /** Follow symbolic links that lead outside the directory. Default `false` (links inside it are followed). */
  readonly FollowSymlinksOut?: boolean
}

const Files_ = t.union({ File: "GET /<...path>" })

/** Whether a decoded path segment may name a file: no separator, NUL, dot segment, or (by default) dotfile. */
function usableSegment(segment: string, dotfiles: boolean): boolean {
  if (segment === "" || segment === "." || segment === "..") return false
  if (segment.includes("/") || segment.includes("\\") || segment.includes("\0")) return false
  // A drive letter or a stream name (C:, file::$DATA) means something else than a name on some systems.
  if (segment.includes(":")) return false
  return dotfiles || !segment.startsWith(".")
}

/**
 * A sitelet serving the files under `directory` (relative to the working
 * directory, or absolute): `GET`/`HEAD` of `/css/site.css` answers the file
 * `directory/css/site.css` as `Content.File` does (media type, ETag and 304,
 * ranges, precompressed siblings). Mount it with `Sitelet.Shift("static",
 * Sitelet.Files("./public"))`; its router links `{ $: "File", path }` back
 * to the URL. A request that names no file (missing, a directory, a
 * dotfile, a `..`, `%2F` or backslash in a segment, NUL, a trailing slash,
 * a symbolic link leading out of the directory) falls through, so the next part or the
 * host's 404 answers; directories are never listed. Node, Bun and Deno; on
 * Workers it throws a `TypeError` when built (no file system: use the
 * platform's static assets).
 *
 * @example
 * ```ts
 * const assets = Sitelet.Shift("static", Sitelet.Files("./public", { CacheControl: "public, max-age=3600" }))
 * const site = Sitelet.Sum(pages, assets)
 * // in a page: ctx.Link({ $: "Static", file: { $: "File", path: "css/site.css" } })
 * ```
 */
export function Files(directory: string, options: FilesOptions = {}): Sitelet<FileEndpoint> {
  checkFileSystem("Sitelet.Files")
  if (typeof directory !== "string" || directory === "" || directory.includes("\0"))
    throw new TypeError(contentMessages.badFilesDirectory(String(directory)))
  const router = Router.Infer(Files_) as Router<FileEndpoint>
  const dotfiles = options.Dotfiles === true
  // The directory's real path, found once (a link to it is followed once, here).
  let root: Promise<{ fs: FileSystem; real: string }> | undefined
  const rootOf = () =>
    (root ??= fileSystem().then(async (fs) => ({ fs, real: await fs.realpath(fs.resolve(directory)) })))
  const find = async (request: RouteRequest, offset: number) => {
    // A trailing slash names a directory, never the file (routing itself ignores the empty segment).
    if (request.path.endsWith("/")) return undefined
    const segments = request.segments.slice(offset)
    if (segments.length === 0 || !segments.every((segment) => usableSegment(segment, dotfiles))) return undefined
    const { fs, real } = await rootOf()
    const inside = (path: string) => path.startsWith(real.endsWith(fs.separator) ? real : real + fs.separator)
    const candidate = fs.resolve(real, ...segments)
    if (!inside(candidate)) return undefined
    let resolved: string
    try {
      resolved = await fs.realpath(candidate)
    } catch {
      return undefined
    }
    // A symbolic link that leads out of the directory: refused unless asked for.
    if (!inside(resolved) && options.FollowSymlinksOut !== true) return undefined
    let stats
    try {
      stats = await fs.stat(resolved)
    } catch {
      return undefined
    }
    // Read through the resolved path: the one that was checked.
    return stats.isFile() ? { fs, path: resolved, stats, relative: segments.join("/"), inside } : undefined
  }
  const allowedIn = (fs: FileSystem, inside: (path: string) => boolean) => async (path: string) => {
    try {
      return options.FollowSymlinksOut === true || inside(await fs.realpath(path))
    } catch {
      return false
    }
  }
  return makeSitelet<FileEndpoint>(
    // Marked for documents: OpenApi.Document lists a file's answers (200, 206, 304, 416, 404).
    markSources(router, { files: { directory } }),
    (request, offset, lenient) => {
      if (lenient || router.route(request, offset, false) === undefined) return undefined
      return find(request, offset).then((found) => {
        if (found === undefined) return undefined
        const endpoint: FileEndpoint = { $: "File", path: found.relative }
        const cacheControl =
          typeof options.CacheControl === "function" ? options.CacheControl(found.relative) : options.CacheControl
        // The type comes from the name asked for, not from where a link leads.
        const fileOptions: FileOptions = {
          ...options,
          CacheControl: cacheControl,
          ContentType: options.ContentType ?? mediaTypeOfPath(found.relative),
        }
        return {
          endpoint,
          serve: (ctx: Context<FileEndpoint>) =>
            resolveContent(
              fileAnswer(
                found.fs,
                found.path,
                found.stats,
                ctx.Request.method,
                ctx.Request.headers,
                fileOptions,
                allowedIn(found.fs, found.inside),
              ),
              ctx,
            ),
        }
      })
    },
    false,
  )
}
