/**
 * Byte helpers for signed tokens: strict base64url (no padding) and UTF-8
 * that refuses malformed input. Everything here is total: decoding bad input
 * returns `undefined`, never throws, so a hostile cookie can only read as
 * "not logged in".
 */

const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
const lookup = new Int16Array(128).fill(-1)
for (let i = 0; i < alphabet.length; i++) lookup[alphabet.charCodeAt(i)] = i

/**
 * Encodes bytes as base64url without padding.
 *
 * @example
 * ```ts
 * base64UrlEncode(new Uint8Array([255, 254])) //=> "__4"
 * ```
 */
export function base64UrlEncode(bytes: Uint8Array): string {
  let out = ""
  let i = 0
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!
    out += alphabet[(n >> 18) & 63]! + alphabet[(n >> 12) & 63]! + alphabet[(n >> 6) & 63]! + alphabet[n & 63]!
  }
  const rest = bytes.length - i
  if (rest === 1) {
    const n = bytes[i]! << 16
    out += alphabet[(n >> 18) & 63]! + alphabet[(n >> 12) & 63]!
  } else if (rest === 2) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8)
    out += alphabet[(n >> 18) & 63]! + alphabet[(n >> 12) & 63]! + alphabet[(n >> 6) & 63]!
  }
  return out
}

/**
 * Decodes canonical unpadded base64url. Any other character, a length of
 * 4n+1, or non-zero trailing bits gives `undefined`, so every byte string has
 * exactly one accepted spelling (no malleable tokens).
 *
 * @example
 * ```ts
 * base64UrlDecode("__4") //=> Uint8Array [255, 254]
 * base64UrlDecode("__5") //=> undefined (non-canonical trailing bits)
 * ```
 */
export function base64UrlDecode(text: string): Uint8Array | undefined {
  if (text.length % 4 === 1) return undefined
  const out = new Uint8Array(Math.floor((text.length * 3) / 4))
  let acc = 0
  let bits = 0
  let o = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    const value = code < 128 ? lookup[code]! : -1
    if (value < 0) return undefined
    acc = ((acc << 6) | value) & 0xffffff
    bits += 6
    if (bits >= 8) {
      bits -= 8
      out[o++] = (acc >> bits) & 0xff
    }
  }
  if ((acc & ((1 << bits) - 1)) !== 0) return undefined
  return out
}

const fatalDecoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true })
const encoder = new TextEncoder()

/**
 * Decodes UTF-8, or returns `undefined` for malformed bytes (never U+FFFD).
 *
 * @example
 * ```ts
 * utf8Decode(new Uint8Array([0xc0, 0xae])) //=> undefined (overlong)
 * ```
 */
export function utf8Decode(bytes: Uint8Array): string | undefined {
  try {
    return fatalDecoder.decode(bytes)
  } catch {
    return undefined
  }
}

/**
 * Encodes a string as UTF-8 bytes.
 *
 * @example
 * ```ts
 * utf8Encode("é") //=> Uint8Array [195, 169]
 * ```
 */
export function utf8Encode(text: string): Uint8Array {
  return encoder.encode(text)
}
