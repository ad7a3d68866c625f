/**
 * Checks on request bodies that every host applies the same way, on the
 * bytes it actually read (added with the hardening suite, issue 5):
 * - a text body (JSON, `*+json`, urlencoded, `text/*`) with a charset other
 *   than UTF-8 → 415 `charset.unsupported`; with invalid UTF-8 → 400
 *   `encoding.invalid` (a fatal decoder, never U+FFFD);
 * - an urlencoded body with more fields, or a multipart body with more
 *   parts, than the limit → 413 `parameters.too.many` (counted with an
 *   early exit, never truncated);
 * - a body read by a matching case that then no case accepted → 415 for an
 *   absent Content-Type or a media type no case reads, else 400
 *   `entity.parse.failed`. Such a request cannot fall through: its body
 *   stream is already consumed.
 */
import { isJsonType } from "../router/body/media-type.js"
import { boundaryOf, hasTooManyParts } from "../router/body/multipart.js"
import { HostError, hostMessages } from "./host-errors.js"

/** A Content-Type split once: media type and charset, both lower-case. */
export interface MediaType {
  readonly type: string
  readonly charset: string | undefined
}

/**
 * Parses a Content-Type header (RFC 9110 media type; linear, no regex):
 * `Application/JSON ; charset="UTF-8"` → `{ type: "application/json", charset: "utf-8" }`.
 *
 * @example
 * ```ts
 * parseMediaType("text/plain;charset=latin1") //=> { type: "text/plain", charset: "latin1" }
 * ```
 */
export function parseMediaType(header: string | null): MediaType {
  if (header === null) return { type: "", charset: undefined }
  const parts = header.split(";")
  const type = (parts[0] ?? "").trim().toLowerCase()
  let charset: string | undefined
  for (let i = 1; i < parts.length; i++) {
    const part = parts[i] as string
    const eq = part.indexOf("=")
    if (eq < 0 || part.slice(0, eq).trim().toLowerCase() !== "charset") continue
    let value = part.slice(eq + 1).trim()
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1)
    charset = value.toLowerCase()
  }
  return { type, charset }
}

const isForm = (type: string) => type === "application/x-www-form-urlencoded"
const isText = (type: string) => isJsonType(type) || isForm(type) || type.startsWith("text/")
const fatal = new TextDecoder("utf-8", { fatal: true })

function countFields(bytes: Uint8Array, limit: number): boolean {
  let count = 0
  let start = 0
  for (let i = 0; i <= bytes.length; i++) {
    if (i === bytes.length || bytes[i] === 0x26) {
      if (i > start && ++count > limit) return false
      start = i + 1
    }
  }
  return true
}

/**
 * Throws the host error a body deserves (charset, UTF-8, form field or
 * multipart part count), or returns the bytes unchanged.
 *
 * @example
 * ```ts
 * checkBody(bytes, request.headers.get("content-type"), 1000)
 * ```
 */
export function checkBody(bytes: Uint8Array, contentType: string | null, fieldLimit: number): Uint8Array {
  const media = parseMediaType(contentType)
  if (media.type === "multipart/form-data") {
    const boundary = boundaryOf(contentType ?? "")
    if (boundary !== undefined && hasTooManyParts(bytes, boundary, fieldLimit)) {
      throw new HostError(413, "parameters.too.many", hostMessages.tooManyFormFields(fieldLimit))
    }
    return bytes
  }
  if (!isText(media.type)) return bytes
  if (media.charset !== undefined && media.charset !== "utf-8" && media.charset !== "utf8") {
    throw new HostError(415, "charset.unsupported", hostMessages.unsupportedCharset(media.charset))
  }
  try {
    fatal.decode(bytes)
  } catch {
    throw new HostError(400, "encoding.invalid", hostMessages.invalidUtf8)
  }
  if (isForm(media.type) && !countFields(bytes, fieldLimit)) {
    throw new HostError(413, "parameters.too.many", hostMessages.tooManyFormFields(fieldLimit))
  }
  return bytes
}

/**
 * The error for a request whose body a matching case read but no case
 * accepted: 415 when the Content-Type is absent (a `Json` case never reads
 * such a body as JSON) or no case reads that media type, else 400.
 *
 * @example
 * ```ts
 * unreadBodyError("text/plain").status //=> 415
 * unreadBodyError(null).status //=> 415
 * ```
 */
export function unreadBodyError(contentType: string | null): HostError {
  const { type } = parseMediaType(contentType)
  if (type === "") return new HostError(415, "unsupported.media.type", hostMessages.missingContentType)
  if (!isJsonType(type) && !isForm(type) && type !== "multipart/form-data") {
    return new HostError(415, "unsupported.media.type", hostMessages.unsupportedMediaType(type))
  }
  return new HostError(400, "entity.parse.failed", hostMessages.unreadableBody)
}
