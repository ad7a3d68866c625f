/**
 * Percent-encoding of path segments and query components. Decoding is strict
 * and happens exactly once: a malformed escape, an overlong UTF-8 sequence or
 * an encoded lone surrogate makes the whole target bad (hosts answer 400).
 */

// Characters that never need escaping in a segment or a query component:
// the set `encodeURIComponent` leaves alone, all of which WHATWG URL parsing
// also keeps as they are.
const plain = new Uint8Array(128)
for (const char of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()")
  plain[char.charCodeAt(0)] = 1

const hex = Array.from({ length: 256 }, (_, byte) => "%" + byte.toString(16).toUpperCase().padStart(2, "0"))

/** The UTF-8 escapes of a code point from U+0080 on. */
function escapesOf(code: number): string {
  if (code < 0x800) return (hex[0xc0 | (code >> 6)] as string) + hex[0x80 | (code & 63)]
  if (code < 0x10000)
    return (hex[0xe0 | (code >> 12)] as string) + hex[0x80 | ((code >> 6) & 63)] + hex[0x80 | (code & 63)]
  return (
    (hex[0xf0 | (code >> 18)] as string) +
    hex[0x80 | ((code >> 12) & 63)] +
    hex[0x80 | ((code >> 6) & 63)] +
    hex[0x80 | (code & 63)]
  )
}

// The escapes of each code from U+0080 to U+07FF, made on first use (at most 1,920 short strings). Allocated at
// full length so filling it never turns it into a sparse (dictionary) array.
const short = new Array<string | undefined>(0x800)
const shortEscape = (code: number): string => (short[code] ??= escapesOf(code))

/** The end of the run of plain characters that starts at `from` (`text.length` when the rest is plain). */
function plainEnd(text: string, from: number): number {
  let i = from
  while (i < text.length) {
    const code = text.charCodeAt(i)
    if (code >= 128 || plain[code] !== 1) return i
    i++
  }
  return i
}

/**
 * `out` followed by `text` from `from` on, percent-encoded, where the
 * character at `from` needs an escape; undefined at a lone surrogate. Each
 * escape is appended, then the run of plain characters after it as one slice.
 */
function escapeFrom(out: string, text: string, from: number): string | undefined {
  let i = from
  while (i < text.length) {
    const code = text.charCodeAt(i)
    if (code < 128) out += hex[code] as string
    else if (code < 0x800) out += shortEscape(code)
    else if (code < 0xd800 || code > 0xdfff) out += escapesOf(code)
    else {
      const low = text.charCodeAt(i + 1)
      if (code > 0xdbff || !(low >= 0xdc00 && low <= 0xdfff)) return undefined
      out += escapesOf(0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00))
      i++
    }
    const end = plainEnd(text, ++i)
    if (end > i) out += text.slice(i, end)
    i = end
  }
  return out
}

/**
 * Percent-encodes one path segment or query component, or returns undefined
 * when the text holds a lone surrogate (no UTF-8 form exists). The same
 * text as `encodeURIComponent`, written in JavaScript (faster on the short
 * texts URLs hold, where the native call costs more than the work): a plain
 * text is returned as is after one scan.
 *
 * @example
 * ```ts
 * encodeComponent("a b/c") //=> "a%20b%2Fc"
 * encodeComponent("abc")   //=> "abc" (no copy)
 * ```
 */
export function encodeComponent(text: string): string | undefined {
  const at = plainEnd(text, 0)
  return at === text.length ? text : escapeFrom(at === 0 ? "" : text.slice(0, at), text, at)
}

/**
 * `prefix` followed by `text` percent-encoded like {@link encodeComponent},
 * or undefined when the text holds a lone surrogate. Linking's hot path:
 * escapes are appended straight to the URL being written, which saves
 * building each encoded segment as a string of its own and copying it.
 *
 * @example
 * ```ts
 * appendComponent("/repos/", "a b") //=> "/repos/a%20b"
 * appendComponent("/repos/", "abc") //=> "/repos/abc"
 * ```
 */
export function appendComponent(prefix: string, text: string): string | undefined {
  const at = plainEnd(text, 0)
  if (at === text.length) return prefix + text
  return escapeFrom(at === 0 ? prefix : prefix + text.slice(0, at), text, at)
}

/**
 * Percent-encodes a query key or value like {@link encodeComponent}, plus
 * `'`, which WHATWG URL parsing escapes in the query of http(s) URLs: so a
 * link's query is the same text after `new URL(link, base)`.
 *
 * @example
 * ```ts
 * encodeQueryComponent("it's") //=> "it%27s"
 * ```
 */
export function encodeQueryComponent(text: string): string | undefined {
  const encoded = encodeComponent(text)
  return encoded?.includes("'") ? encoded.replaceAll("'", "%27") : encoded
}

// The value of each hex digit (ASCII), -1 for other characters.
const hexValue = new Int8Array(128).fill(-1)
for (let digit = 0; digit < 16; digit++) {
  hexValue["0123456789abcdef".charCodeAt(digit)] = digit
  hexValue["0123456789ABCDEF".charCodeAt(digit)] = digit
}

// Longer texts go to the native decoder: its call costs more than short work, but it copies long texts faster.
const shortDecode = 64

/** The byte of the escape `%XX` at `i`, or -1 when there is none there. */
function byteAt(text: string, i: number): number {
  if (text.charCodeAt(i) !== 37) return -1
  const high = text.charCodeAt(i + 1)
  const low = text.charCodeAt(i + 2)
  // Past the end charCodeAt gives NaN, which fails the comparisons.
  if (!(high < 128 && low < 128)) return -1
  const value = ((hexValue[high] as number) << 4) | (hexValue[low] as number)
  return value < 0 ? -1 : value
}

/**
 * The text with its escapes decoded from `first` (the first `%`) on, exactly
 * as `decodeURIComponent` decodes it: undefined where it throws (a malformed
 * escape, a byte that does not start UTF-8, an overlong form, a surrogate or
 * a code point past U+10FFFF, a truncated sequence).
 */
function decodeFrom(text: string, first: number): string | undefined {
  let out = text.slice(0, first)
  let i = first
  while (i < text.length) {
    if (text.charCodeAt(i) !== 37) {
      const next = text.indexOf("%", i)
      const end = next < 0 ? text.length : next
      out += text.slice(i, end)
      i = end
      continue
    }
    const lead = byteAt(text, i)
    if (lead < 0) return undefined
    i += 3
    if (lead < 0x80) {
      out += String.fromCharCode(lead)
      continue
    }
    // The continuation count, the lead's bits, and the range of the first continuation byte (RFC 3629's table).
    let more: number
    let code: number
    let min = 0x80
    let max = 0xbf
    if (lead >= 0xc2 && lead <= 0xdf) {
      more = 1
      code = lead & 0x1f
    } else if (lead >= 0xe0 && lead <= 0xef) {
      more = 2
      code = lead & 0x0f
      if (lead === 0xe0) min = 0xa0
      else if (lead === 0xed) max = 0x9f
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      more = 3
      code = lead & 0x07
      if (lead === 0xf0) min = 0x90
      else if (lead === 0xf4) max = 0x8f
    } else return undefined
    for (let k = 0; k < more; k++) {
      const byte = byteAt(text, i)
      if (byte < min || byte > max) return undefined
      code = (code << 6) | (byte & 0x3f)
      min = 0x80
      max = 0xbf
      i += 3
    }
    out +=
      code < 0x10000 ? String.fromCharCode(code) : String.fromCharCode(0xd7c0 + (code >> 10), 0xdc00 | (code & 0x3ff))
  }
  return out
}

/**
 * Decodes `%XX` escapes exactly once, or returns undefined for a malformed
 * escape, an overlong UTF-8 sequence (`%C0%AE`) or a lone surrogate
 * (`%ED%A0%80`). With `plusIsSpace` (query strings and urlencoded forms),
 * `+` stands for a space. The same text as `decodeURIComponent`; short texts
 * are decoded in JavaScript (twice as fast as the native call on a segment).
 *
 * @example
 * ```ts
 * decodeComponent("a%2Fb")   //=> "a/b"
 * decodeComponent("%252F")   //=> "%2F"
 * decodeComponent("%C0%AE")  //=> undefined
 * ```
 */
export function decodeComponent(text: string, plusIsSpace = false): string | undefined {
  const hasPlus = plusIsSpace && text.includes("+")
  const first = text.indexOf("%")
  if (!hasPlus && first < 0) return text
  const input = hasPlus ? text.replaceAll("+", " ") : text
  if (first < 0) return input
  if (input.length <= shortDecode) return decodeFrom(input, first)
  try {
    // decodeURIComponent rejects malformed escapes, overlong forms and surrogates with URIError.
    return decodeURIComponent(input)
  } catch {
    return undefined
  }
}
