/**
 * The UTF-8 length of a string, counted without encoding it (a lone
 * surrogate counts 3 bytes, as `TextEncoder` writes U+FFFD for it).
 */

/**
 * Bytes `text` takes in UTF-8.
 *
 * @example
 * ```ts
 * utf8Length("héllo") //=> 6
 * utf8Length("😀") //=> 4
 * ```
 */
export function utf8Length(text: string): number {
  // Every unit is one byte at least; 2 more for U+0800 and above (and a lone surrogate); a pair's 2 units take 4.
  let bytes = text.length
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x80) continue
    if (code < 0x800) bytes += 1
    else {
      bytes += 2
      const next = code <= 0xdbff && code >= 0xd800 ? text.charCodeAt(i + 1) : Number.NaN
      if (next >= 0xdc00 && next <= 0xdfff) i++
    }
  }
  return bytes
}
