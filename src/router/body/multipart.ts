/**
 * A small, linear multipart/form-data reader over bytes already in memory:
 * text fields as text, file parts (those with a `filename`) as `File`s. Returns
 * undefined for a malformed body. Part count and header sizes are bounded;
 * {@link hasTooManyParts} tells a host when the count is the reason.
 */
import type { UploadedFile } from "../../descriptor/descriptor.js"
import { isHttpToken } from "../../internal/http-token.js"

/**
 * A value of a query or form field: text, or an uploaded file (multipart only).
 *
 * @example
 * ```ts
 * const values: FormValue[] = ["ann", new File(["…"], "me.png")]
 * ```
 */
export type FormValue = string | UploadedFile

const defaultMaxParts = 1000
const maxHeaderBytes = 16 * 1024
const encoder = new TextEncoder()
const separator = encoder.encode("\r\n\r\n")
const countOnly = () => true

function indexOf(bytes: Uint8Array, pattern: Uint8Array, from: number): number {
  const first = pattern[0]
  const last = bytes.length - pattern.length
  outer: for (
    let i = bytes.indexOf(first as number, from);
    i >= 0 && i <= last;
    i = bytes.indexOf(first as number, i + 1)
  ) {
    for (let j = 1; j < pattern.length; j++) if (bytes[i + j] !== pattern[j]) continue outer
    return i
  }
  return -1
}

function textOf(decoder: TextDecoder, bytes: Uint8Array): string | undefined {
  try {
    return decoder.decode(bytes)
  } catch {
    return undefined
  }
}

/**
 * The `boundary` parameter of a multipart Content-Type, unquoted (1 to 70
 * characters), or undefined.
 *
 * @example
 * ```ts
 * boundaryOf('multipart/form-data; boundary="XyZ"') //=> "XyZ"
 * ```
 */
export function boundaryOf(contentType: string): string | undefined {
  for (const param of contentType.split(";").slice(1)) {
    const eq = param.indexOf("=")
    if (eq < 0 || param.slice(0, eq).trim().toLowerCase() !== "boundary") continue
    let value = param.slice(eq + 1).trim()
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1)
    return value.length > 0 && value.length <= 70 ? value : undefined
  }
  return undefined
}

/**
 * The quoted string starting after the `"` at `start`: RFC 7578 allows
 * backslash escapes, but browsers and undici (the HTML standard's encoding)
 * send a backslash as itself and a quote as `%22`. An escape-aware read
 * that finds no closing quote (`filename="C:\\dir\\"`) is read again with
 * backslashes as plain characters.
 */
function quotedString(value: string, start: number): { text: string; end: number } | undefined {
  let text = ""
  for (let at = start; at < value.length; at++) {
    const char = value[at] as string
    if (char === '"') return { text, end: at }
    if (char === "\\" && at + 1 < value.length) text += value[++at]
    else text += char
  }
  const close = value.indexOf('"', start)
  return close < 0 || !value.slice(start, close).includes("\\")
    ? undefined
    : { text: value.slice(start, close), end: close }
}

/**
 * The parameters of a `Content-Disposition` value (`form-data; name="a";
 * filename="b"`), names lower-cased; quoted values may hold `;`, `=` and
 * escaped quotes (RFC 7578 §4.2, RFC 6266); the first of a repeated name
 * wins. Undefined for a value that does not parse.
 *
 * @example
 * ```ts
 * dispositionParameters('form-data; name="a"; filename="x;name=b"')?.get("name") //=> "a"
 * ```
 */
export function dispositionParameters(value: string): Map<string, string> | undefined {
  const parameters = new Map<string, string>()
  let at = value.indexOf(";")
  if (at < 0) return parameters
  while (at < value.length) {
    // At a ";": skip it and the spaces after it.
    at++
    while (value[at] === " " || value[at] === "\t") at++
    if (at >= value.length) break
    const eq = value.indexOf("=", at)
    if (eq < 0) return undefined
    const name = value.slice(at, eq).trim().toLowerCase()
    if (!isHttpToken(name)) return undefined
    at = eq + 1
    while (value[at] === " " || value[at] === "\t") at++
    let parsed = ""
    if (value[at] === '"') {
      const quoted = quotedString(value, at + 1)
      if (quoted === undefined) return undefined
      parsed = quoted.text
      at = quoted.end + 1
      while (value[at] === " " || value[at] === "\t") at++
      if (at < value.length && value[at] !== ";") return undefined
    } else {
      const end = value.indexOf(";", at)
      parsed = value.slice(at, end < 0 ? value.length : end).trim()
      at = end < 0 ? value.length : end
    }
    if (!parameters.has(name)) parameters.set(name, parsed)
  }
  return parameters
}

/** The `Content-Disposition` parameters of a part's headers, or undefined when it has none that parse. */
function dispositionOf(headers: string): Map<string, string> | undefined {
  for (const line of headers.split("\r\n")) {
    const colon = line.indexOf(":")
    if (colon < 0 || line.slice(0, colon).trim().toLowerCase() !== "content-disposition") continue
    return dispositionParameters(line.slice(colon + 1))
  }
  return undefined
}

/** A part's `Content-Type`, or undefined. */
function partTypeOf(headers: string): string | undefined {
  for (const line of headers.split("\r\n")) {
    const colon = line.indexOf(":")
    if (colon >= 0 && line.slice(0, colon).trim().toLowerCase() === "content-type") return line.slice(colon + 1).trim()
  }
  return undefined
}

const longestName = 255

/**
 * The name a client gave a file, made harmless to show: directory parts
 * removed (`../../etc/passwd` → `passwd`, `C:\\x\\y.txt` → `y.txt`),
 * controls dropped, at most 255 characters. It is never a path on the server.
 *
 * @example
 * ```ts
 * uploadName("../../etc/passwd") //=> "passwd"
 * ```
 */
export function uploadName(given: string): string {
  const base = given.slice(Math.max(given.lastIndexOf("/"), given.lastIndexOf("\\")) + 1)
  let clean = ""
  for (const char of base) {
    const code = char.codePointAt(0) as number
    if (code >= 0x20 && code !== 0x7f) clean += char
  }
  return [...clean].slice(0, longestName).join("")
}

/** How a walk over the parts ended. */
type WalkEnd = "closed" | "malformed" | "tooManyParts"

/**
 * Walks the parts of a multipart body: `visit(headersStart, headersEnd,
 * valueStart, valueEnd)` for each (false stops the walk as malformed).
 * Linear: every search starts where the last one ended.
 */
function walkParts(
  bytes: Uint8Array,
  boundary: string,
  maxParts: number,
  visit: (headersStart: number, headersEnd: number, valueStart: number, valueEnd: number) => boolean,
): WalkEnd {
  const delimiter = encoder.encode("--" + boundary)
  const nextDelimiter = encoder.encode("\r\n--" + boundary)
  let at = indexOf(bytes, delimiter, 0)
  if (at < 0) return "malformed"
  for (let parts = 0; ; parts++) {
    at += delimiter.length
    // "--" after a delimiter closes the body.
    if (bytes[at] === 45 && bytes[at + 1] === 45) return "closed"
    if (bytes[at] !== 13 || bytes[at + 1] !== 10) return "malformed"
    if (parts >= maxParts) return "tooManyParts"
    const headerEnd = indexOf(bytes, separator, at + 2)
    if (headerEnd < 0 || headerEnd - at > maxHeaderBytes) return "malformed"
    const next = indexOf(bytes, nextDelimiter, headerEnd + 4)
    if (next < 0) return "malformed"
    if (!visit(at + 2, headerEnd, headerEnd + 4, next)) return "malformed"
    at = next + 2
  }
}

/**
 * True when a multipart body has more than `maxParts` parts (counted with
 * an early exit, nothing decoded): hosts answer 413, as for too many
 * urlencoded fields. A malformed body is not "too many" (the parser
 * rejects it).
 *
 * @example
 * ```ts
 * hasTooManyParts(bytes, "XyZ", 1000) //=> false
 * ```
 */
export function hasTooManyParts(bytes: Uint8Array, boundary: string, maxParts: number): boolean {
  return walkParts(bytes, boundary, maxParts, countOnly) === "tooManyParts"
}

/**
 * Reads the text fields of a multipart body; undefined when it is
 * malformed or has more than `maxParts` parts (default 1000; hosts check
 * the count first and answer 413).
 *
 * @example
 * ```ts
 * parseMultipart(bytes, "XyZ")?.get("user") //=> ["ann"]
 * ```
 */
export function parseMultipart(
  bytes: Uint8Array,
  boundary: string,
  maxParts = defaultMaxParts,
): Map<string, FormValue[]> | undefined {
  const decoder = new TextDecoder("utf-8", { fatal: true })
  const fields = new Map<string, FormValue[]>()
  const end = walkParts(bytes, boundary, maxParts, (headersStart, headersEnd, valueStart, valueEnd) => {
    const headers = textOf(decoder, bytes.subarray(headersStart, headersEnd))
    if (headers === undefined) return false
    const disposition = dispositionOf(headers)
    // A part whose disposition does not parse makes the body malformed: no field is guessed from it.
    if (disposition === undefined) return false
    const name = disposition.get("name")
    const filename = disposition.get("filename")
    let value: FormValue | undefined
    if (name === undefined) value = undefined
    else if (filename !== undefined)
      // A file part: its bytes as they came (a view of the body already read and counted against its limit).
      value = new File([bytes.subarray(valueStart, valueEnd) as Uint8Array<ArrayBuffer>], uploadName(filename), {
        type: partTypeOf(headers) ?? "application/octet-stream",
      })
    else value = textOf(decoder, bytes.subarray(valueStart, valueEnd))
    // A text part that is not UTF-8 is skipped; the other fields still count.
    if (name !== undefined && value !== undefined) {
      const values = fields.get(name)
      if (values) values.push(value)
      else fields.set(name, [value])
    }
    return true
  })
  return end === "closed" ? fields : undefined
}
