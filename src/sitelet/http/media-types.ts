/**
 * Media types from mime-db, the table the jshttp projects and
 * `@fastify/compress` maintain: a file's type by its extension, and whether
 * a type is worth compressing.
 */
import mimeDb from "mime-db"

type MimeEntry = { readonly compressible?: boolean; readonly extensions?: readonly string[]; readonly charset?: string }
const mimeTable = mimeDb as unknown as Readonly<Record<string, MimeEntry>>

/**
 * Whether a media type is worth compressing: mime-db's `compressible`
 * flag (the table `compression` and `@fastify/compress` use), else any
 * `text/*` or `+json`/`+xml`/`+text` type. Never `text/event-stream`,
 * which must reach the client event by event.
 *
 * @example
 * ```ts
 * isCompressible("application/json; charset=utf-8") //=> true
 * isCompressible("image/png") //=> false
 * ```
 */
export function isCompressible(contentType: string | undefined): boolean {
  if (contentType === undefined) return false
  const semicolon = contentType.indexOf(";")
  const type = (semicolon < 0 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase()
  if (type === "text/event-stream") return false
  const entry = Object.hasOwn(mimeTable, type) ? mimeTable[type] : undefined
  if (entry?.compressible !== undefined) return entry.compressible
  return /^text\/|\+(?:json|text|xml)$/.test(type)
}

let byExtension: Map<string, string> | undefined

/**
 * The media type of a file name by its extension (lower-cased), with
 * `; charset=utf-8` for text types; `application/octet-stream` when the
 * table has none. When several types claim an extension, the one mime-db
 * marks as from IANA wins, as in `mime-types`.
 *
 * @example
 * ```ts
 * mediaTypeOfPath("css/site.css") //=> "text/css; charset=utf-8"
 * mediaTypeOfPath("logo.PNG") //=> "image/png"
 * ```
 */
export function mediaTypeOfPath(path: string): string {
  byExtension ??= extensionTable()
  const slash = path.lastIndexOf("/")
  const dot = path.lastIndexOf(".")
  const extension = dot > slash + 1 ? path.slice(dot + 1).toLowerCase() : ""
  const type = byExtension.get(extension)
  if (type === undefined) return "application/octet-stream"
  const entry = mimeTable[type]
  return entry?.charset?.toUpperCase() === "UTF-8" || type.startsWith("text/") ? `${type}; charset=utf-8` : type
}

// Source preference of mime-types: IANA over Apache over nginx over none.
const sourceRank = (type: string): number => {
  const source = (mimeTable[type] as { source?: string } | undefined)?.source
  return source === "iana" ? 3 : source === "apache" ? 2 : source === "nginx" ? 1 : 0
}

function extensionTable(): Map<string, string> {
  const table = new Map<string, string>()
  for (const type of Object.keys(mimeTable)) {
    for (const extension of mimeTable[type]?.extensions ?? []) {
      const known = table.get(extension)
      if (known === undefined || sourceRank(type) > sourceRank(known)) table.set(extension, type)
    }
  }
  return table
}

/**
 * The usual file extension of a media type (mime-db's first), without the
 * dot; undefined for a type it does not know or gives none.
 *
 * @example
 * ```ts
 * extensionOfType("application/json; charset=utf-8") //=> "json"
 * extensionOfType("application/x-unknown") //=> undefined
 * ```
 */
export function extensionOfType(contentType: string): string | undefined {
  const semicolon = contentType.indexOf(";")
  const type = (semicolon < 0 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase()
  return Object.hasOwn(mimeTable, type) ? mimeTable[type]?.extensions?.[0] : undefined
}
