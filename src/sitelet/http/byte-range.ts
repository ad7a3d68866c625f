/**
 * `Range: bytes=…` (RFC 9110 §14): one range is served as a 206; several
 * are answered with the whole body (200), which the RFC allows and which
 * spares a multipart/byteranges body that few clients ask for.
 */

/**
 * What a `Range` header asks of a body of `size` bytes: `all` (no header,
 * a malformed one, another unit, or several ranges), `unsatisfiable`
 * (416), or one range `[start, end]` (inclusive, as in `Content-Range`).
 *
 * @example
 * ```ts
 * byteRange("bytes=0-99", 1000) //=> { kind: "range", start: 0, end: 99 }
 * byteRange("bytes=-100", 1000) //=> { kind: "range", start: 900, end: 999 }
 * byteRange("bytes=2000-", 1000) //=> { kind: "unsatisfiable" }
 * ```
 */
export function byteRange(
  value: string | null,
  size: number,
): { kind: "all" } | { kind: "unsatisfiable" } | { kind: "range"; start: number; end: number } {
  if (value === null) return all
  // Split by hand: "bytes", "=", digits, "-", digits (a regex with optional spaces around each backtracks).
  const eq = value.indexOf("=")
  if (eq < 0 || value.slice(0, eq).trim().toLowerCase() !== "bytes") return all
  const spec = value.slice(eq + 1)
  const dash = spec.indexOf("-")
  if (dash < 0) return all
  const first = spec.slice(0, dash).trim()
  const last = spec.slice(dash + 1).trim()
  if (!isDigits(first) || !isDigits(last)) return all
  if (first === "" && last === "") return all
  // Digits past 15 are past any file: such a start is unsatisfiable, such an end is the last byte.
  if (first === "") {
    const suffix = last.length > 15 ? size : Number(last)
    return suffix === 0 || size === 0
      ? unsatisfiable
      : { kind: "range", start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = first.length > 15 ? Number.POSITIVE_INFINITY : Number(first)
  const end = last === "" || last.length > 15 ? size - 1 : Math.min(Number(last), size - 1)
  if (start >= size) return unsatisfiable
  return start > end ? all : { kind: "range", start, end }
}

/** Empty, or ASCII digits only (a comma means several ranges: answered whole). */
function isDigits(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 48 || code > 57) return false
  }
  return true
}

const all = { kind: "all" } as const
const unsatisfiable = { kind: "unsatisfiable" } as const
