/**
 * `ExportStatic(site, options)`: a sitelet's GET answers written as files
 * a static host serves — the pages of every route without parameters, the
 * endpoint values the caller lists, and the files of its `Sitelet.Files`
 * directories — each fetched through the site's own Fetch host, so a file
 * is exactly what the live site answers under the same base path.
 */
import { lstat, mkdir, readdir, writeFile } from "node:fs/promises"
import { join, relative, resolve, sep } from "node:path"
import type { Linkable } from "../../descriptor/request-only.js"
import { describeRoutes } from "../../router/describe.js"
import type { Sitelet } from "../../sitelet/sitelet.js"
import { extensionOfType } from "../../sitelet/http/media-types.js"
import { exportMessages, planExport, reaches, routeLabel, type SkippedRoute } from "./export-plan.js"
import { Handler } from "../fetch/fetch-handler.js"
import { resolveHostOptions, type HostOptions } from "../host-options.js"

/**
 * Options of {@link ExportStatic}.
 *
 * @example
 * ```ts
 * const options: ExportOptions<Endpoint> = { outDir: "dist", basePath: "/docs", endpoints: posts.map((p) => ({ $: "Post", id: p.id })) }
 * ```
 */
export interface ExportOptions<Endpoint> {
  /** The directory to write into (created when missing; files already there are overwritten, never deleted). */
  readonly outDir: string
  /** The path the static host serves `outDir` under (`"/docs"` on a project page): every `ctx.Link` starts with it. */
  readonly basePath?: string
  /** Endpoint values to export beside the routes without parameters (every article, every tag page). */
  readonly endpoints?: Iterable<Linkable<Endpoint>> | AsyncIterable<Linkable<Endpoint>>
  /** `"file"` (default): `/blog/1` → `blog/1.html`; `"directory"`: → `blog/1/index.html`. `/` is `index.html` in both. */
  readonly layout?: "file" | "directory"
  /** The origin handlers see in `ctx.Request` (default `http://localhost`; of a URL, its origin alone). */
  readonly origin?: string
  /** How long one answer may take, in milliseconds (default 30,000). */
  readonly timeoutMs?: number
  /** The other host options the handlers need (`session`, `env`, …); `basePath` is the one above. */
  readonly host?: Omit<HostOptions<Endpoint>, "basePath">
}

/**
 * One file written: the URL it answers, its path under `outDir` (with `/`),
 * and its media type.
 *
 * @example
 * ```ts
 * const file: ExportedFile = { url: "/blog/1", file: "blog/1.html", contentType: "text/html; charset=utf-8" }
 * ```
 */
export interface ExportedFile {
  readonly url: string
  readonly file: string
  readonly contentType: string
}

/**
 * What {@link ExportStatic} did: the files it wrote, the routes it could not
 * export (and why), and the URLs whose answer could not become a file.
 *
 * @example
 * ```ts
 * const report = await ExportStatic(site, { outDir: "dist" })
 * for (const { route, detail } of report.skipped) console.warn(`${route}: ${detail}`)
 * ```
 */
export interface ExportReport {
  readonly written: readonly ExportedFile[]
  readonly skipped: readonly SkippedRoute[]
  readonly failed: readonly { readonly url: string; readonly detail: string }[]
}

/**
 * Renders a sitelet's GET endpoints to files for a static host (GitHub
 * Pages, any CDN): see the README's "Static export" for the file layout.
 *
 * @example
 * ```ts
 * import { ExportStatic } from "sitelets/node"
 * const report = await ExportStatic(site, {
 *   outDir: "dist",
 *   basePath: "/blog",
 *   endpoints: articles.map((a) => ({ $: "Article", id: a.id })),
 * })
 * ```
 */
export async function ExportStatic<Endpoint>(
  site: Sitelet<Endpoint>,
  options: ExportOptions<NoInfer<Endpoint>>,
): Promise<ExportReport> {
  if (typeof options.outDir !== "string" || options.outDir === "")
    throw new TypeError(exportMessages.badOutDir(options.outDir))
  const layout = options.layout ?? "file"
  if (layout !== "file" && layout !== "directory") throw new TypeError(exportMessages.badLayout(layout))
  const handler = Handler(site, { ...options.host, basePath: options.basePath ?? "" })
  // The base path as the host reads it (checked, trailing slashes dropped), and the origin alone.
  const base = resolveHostOptions({ basePath: options.basePath }).basePath
  const origin = new URL(options.origin ?? "http://localhost").origin
  const timeoutMs = options.timeoutMs ?? 30_000
  const outDir = resolve(options.outDir)

  const plan = planExport(describeRoutes(site.Router))
  const urls = new Set(plan.urls)
  const failed: { url: string; detail: string }[] = []
  const listed: string[] = []
  for await (const endpoint of options.endpoints ?? []) {
    try {
      listed.push(site.Router.Link(endpoint))
    } catch (error) {
      failed.push({
        url: JSON.stringify(endpoint) ?? String(endpoint),
        detail: exportMessages.linkFailed(String(error)),
      })
    }
  }
  // A listed value of a WebSocket route is reported with its route (skipped), not fetched for a 426.
  for (const url of listed) if (!plan.sockets.some((route) => reaches(route, segmentsOf(url)))) urls.add(url)
  const skipped = [...plan.skipped]
  for (const route of plan.parametric) {
    if (!listed.some((url) => reaches(route, segmentsOf(url))))
      skipped.push({ route: routeLabel(route), reason: "parameters", detail: exportMessages.parameters })
  }
  const fromFiles = new Set<string>()
  for (const { prefix, directory } of plan.directories) {
    for (const path of await filesUnder(resolve(directory))) {
      const url = `${prefix}/${path.map(encodeURIComponent).join("/")}`
      urls.add(url)
      fromFiles.add(url)
    }
  }

  const written: ExportedFile[] = []
  const owners = new Map<string, string>()
  for (const url of urls) {
    if (url.includes("?")) {
      failed.push({ url, detail: exportMessages.query })
      continue
    }
    const outcome = await fetchWithin(handler.fetch, `${origin}${base}${url}`, timeoutMs)
    if (typeof outcome === "string") {
      failed.push({ url, detail: outcome })
      continue
    }
    if (outcome.status === 404 && fromFiles.has(url)) {
      skipped.push({ route: `GET ${url}`, reason: "request", detail: exportMessages.notServed })
      continue
    }
    if (outcome.status !== 200) {
      failed.push({ url, detail: exportMessages.status(outcome.status) })
      continue
    }
    const file = fileOf(url, outcome.contentType, layout)
    if (typeof file !== "string") {
      failed.push({ url, detail: file.refused })
      continue
    }
    const target = resolve(outDir, ...file.split("/"))
    if (!target.startsWith(outDir + sep)) {
      failed.push({ url, detail: exportMessages.badFileName })
      continue
    }
    const owner = owners.get(file)
    if (owner !== undefined) {
      failed.push({ url, detail: exportMessages.sameFile(owner) })
      continue
    }
    owners.set(file, url)
    try {
      await mkdir(resolve(target, ".."), { recursive: true })
      await writeFile(target, outcome.body)
    } catch (error) {
      // One URL the file system refuses (a name too long for it, a file where a directory must be) is reported;
      // the export goes on.
      failed.push({ url, detail: exportMessages.writeFailed(error instanceof Error ? error.message : String(error)) })
      continue
    }
    written.push({ url, file, contentType: outcome.contentType })
  }
  return { written, skipped, failed }
}

const segmentsOf = (url: string): string[] =>
  url
    .split("?")[0]!
    .split("/")
    .filter((segment) => segment !== "")
    .map((segment) => {
      try {
        return decodeURIComponent(segment)
      } catch {
        return segment
      }
    })

// The longest file name most file systems take (ext4, APFS, NTFS: 255), in UTF-8 bytes.
const maxNameBytes = 255

/**
 * The file an answer at `url` is written to, relative to the output
 * directory, or why there is none: a segment that decodes to a separator, a
 * dot segment or NUL; a name too long for a file system; a root that is no
 * page.
 */
function fileOf(url: string, contentType: string, layout: "file" | "directory"): string | { readonly refused: string } {
  const segments = segmentsOf(url)
  const unsafe = (segment: string) =>
    segment === "." || segment === ".." || /[/\\\0]/.test(segment) || segment.trim() === ""
  if (segments.some(unsafe)) return { refused: exportMessages.badFileName }
  // The written name may gain `.html` or an extension: measured with room for it.
  if (segments.some((segment) => new TextEncoder().encode(segment).byteLength > maxNameBytes - 16))
    return { refused: exportMessages.nameTooLong(maxNameBytes - 16) }
  const html = /^text\/html\b/i.test(contentType)
  const last = segments.at(-1)
  if (last === undefined) return html ? "index.html" : { refused: exportMessages.rootNotHtml(contentType) }
  const dot = last.lastIndexOf(".")
  const hasExtension = dot > 0 && dot < last.length - 1 && /^[A-Za-z0-9]+$/.test(last.slice(dot + 1))
  if (html && !hasExtension)
    return layout === "directory" ? [...segments, "index.html"].join("/") : `${segments.join("/")}.html`
  if (hasExtension) return segments.join("/")
  // An answer without an extension in its URL gets its type's, so a static host serves it with that type.
  const extension = extensionOfType(contentType)
  return extension === undefined ? segments.join("/") : `${segments.join("/")}.${extension}`
}

interface Fetched {
  readonly status: number
  readonly contentType: string
  readonly body: Uint8Array
}

// One answer, read whole within the time limit; a stream of events is refused at once.
async function fetchWithin(
  fetch: (request: Request) => Promise<Response>,
  url: string,
  timeoutMs: number,
): Promise<Fetched | string> {
  const controller = new AbortController()
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<string>((done) => {
    timer = setTimeout(() => {
      controller.abort()
      done(exportMessages.timeout(timeoutMs))
    }, timeoutMs)
  })
  const read = (async (): Promise<Fetched | string> => {
    const response = await fetch(new Request(url, { signal: controller.signal }))
    const contentType = response.headers.get("content-type") ?? "application/octet-stream"
    if (/^text\/event-stream\b/i.test(contentType)) {
      await response.body?.cancel()
      return exportMessages.eventStream
    }
    return { status: response.status, contentType, body: new Uint8Array(await response.arrayBuffer()) }
  })()
  try {
    return await Promise.race([read, timeout])
  } finally {
    clearTimeout(timer)
  }
}

// Every regular file and symbolic link under a directory, as path segments; linked directories are not entered.
async function filesUnder(root: string): Promise<string[][]> {
  const found: string[][] = []
  const walk = async (directory: string): Promise<void> => {
    let entries
    try {
      entries = await readdir(directory, { withFileTypes: true })
    } catch {
      return
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(directory, entry.name)
      if (entry.isDirectory()) await walk(path)
      else if (entry.isFile() || (await lstat(path)).isSymbolicLink()) found.push(relative(root, path).split(sep))
    }
  }
  await walk(root)
  return found
}
