/**
 * A small, linear multipart/form-data reader over bytes already in memory:
 * text fields only (a file part's content is read as UTF-8 text). Returns
 * undefined for a malformed body. Part count and header sizes are bounded.
 */

const maxParts = 1000
const maxHeaderBytes = 16 * 1024

function indexOf(bytes: Uint8Array, pattern: Uint8Array, from: number): number {
  const first = pattern[0]
  const last = bytes.length - pattern.length
  outer: for (let i = bytes.indexOf(first as number, from); i >= 0 && i <= last; i = bytes.indexOf(first as number, i + 1)) {
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

function nameOf(headers: string): string | undefined {
  for (const line of headers.split("\r\n")) {
    const colon = line.indexOf(":")
    if (colon < 0 || line.slice(0, colon).trim().toLowerCase() !== "content-disposition") continue
    for (const param of line.slice(colon + 1).split(";")) {
      const eq = param.indexOf("=")
      if (eq < 0 || param.slice(0, eq).trim().toLowerCase() !== "name") continue
      const value = param.slice(eq + 1).trim()
      return value.startsWith('"') && value.endsWith('"') && value.length >= 2 ? value.slice(1, -1) : value
    }
  }
  return undefined
}

/**
 * Reads the text fields of a multipart body.
 *
 * @example
 * ```ts
 * parseMultipart(bytes, "XyZ")?.get("user") //=> ["ann"]
 * ```
 */
export function parseMultipart(bytes: Uint8Array, boundary: string): Map<string, string[]> | undefined {
  const encoder = new TextEncoder()
  const decoder = new TextDecoder("utf-8", { fatal: true })
  const delimiter = encoder.encode("--" + boundary)
  const separator = encoder.encode("\r\n\r\n")
  const fields = new Map<string, string[]>()
  let at = indexOf(bytes, delimiter, 0)
  if (at < 0) return undefined
  try {
    for (let parts = 0; ; parts++) {
      at += delimiter.length
      // "--" after a delimiter closes the body.
      if (bytes[at] === 45 && bytes[at + 1] === 45) return fields
      if (bytes[at] !== 13 || bytes[at + 1] !== 10 || parts >= maxParts) return undefined
      const headerEnd = indexOf(bytes, separator, at + 2)
      if (headerEnd < 0 || headerEnd - at > maxHeaderBytes) return undefined
      const headers = decoder.decode(bytes.subarray(at + 2, headerEnd))
      const next = indexOf(bytes, encoder.encode("\r\n--" + boundary), headerEnd + 4)
      if (next < 0) return undefined
      const name = nameOf(headers)
      const value = name === undefined ? undefined : textOf(decoder, bytes.subarray(headerEnd + 4, next))
      // A part that is not UTF-8 text (a binary file) is skipped; the other fields still count.
      if (name !== undefined && value !== undefined) {
        const values = fields.get(name)
        if (values) values.push(value)
        else fields.set(name, [value])
      }
      at = next + 2
    }
  } catch {
    return undefined
  }
}
