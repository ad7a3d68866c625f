/**
 * Percent-encoding of path segments and query components. Decoding is strict
 * and happens exactly once: a malformed escape, an overlong UTF-8 sequence or
 * an encoded lone surrogate makes the whole target bad (hosts answer 400).
 */

// Characters that never need escaping in a segment or a query component:
// the set `encodeURIComponent` leaves alone, all of which WHATWG URL parsing
// also keeps as they are.
const plain = new Uint8Array(128)
for (const char of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()") plain[char.charCodeAt(0)] = 1

function needsEncoding(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code >= 128 || plain[code] === 0) return true
  }
  return false
}

/**
 * Percent-encodes one path segment or query component, or returns undefined
 * when the text holds a lone surrogate (no UTF-8 form exists).
 *
 * @example
 * ```ts
 * encodeComponent("a b/c") //=> "a%20b%2Fc"
 * encodeComponent("abc")   //=> "abc" (no copy)
 * ```
 */
export function encodeComponent(text: string): string | undefined {
  if (!needsEncoding(text)) return text
  try {
    return encodeURIComponent(text)
  } catch {
    return undefined
  }
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
  return encoded !== undefined && encoded.includes("'") ? encoded.replaceAll("'", "%27") : encoded
}

/**
 * Decodes `%XX` escapes exactly once, or returns undefined for a malformed
 * escape, an overlong UTF-8 sequence (`%C0%AE`) or a lone surrogate
 * (`%ED%A0%80`). With `plusIsSpace` (query strings and urlencoded forms),
 * `+` stands for a space.
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
  if (!hasPlus && !text.includes("%")) return text
  const input = hasPlus ? text.replaceAll("+", " ") : text
  try {
    // decodeURIComponent rejects malformed escapes, overlong forms and surrogates with URIError.
    return decodeURIComponent(input)
  } catch {
    return undefined
  }
}
