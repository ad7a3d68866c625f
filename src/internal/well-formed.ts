/**
 * Whether a string has a UTF-8 form: no lone surrogate. Used wherever text
 * crosses into bytes or a URL (request targets, session user names,
 * redirect URLs), so every spelling of a lone surrogate gets one answer.
 */

// ES2024's native check is ~10x faster than the loop (a one-byte string is answered without a scan);
// the loop serves older browsers (the client bundle targets ES2022).
const native = (String.prototype as { isWellFormed?: (this: string) => boolean }).isWellFormed

/**
 * The portable check (what {@link isWellFormed} runs where the native one is missing).
 *
 * @example
 * ```ts
 * isWellFormedByScan("\uDC00a") //=> false
 * ```
 */
export function isWellFormedByScan(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(i + 1)
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false
      i++
    } else if (code >= 0xdc00 && code <= 0xdfff) return false
  }
  return true
}

/**
 * True when the string has no lone surrogate, so UTF-8 encoding is lossless.
 *
 * @example
 * ```ts
 * isWellFormed("a\uD800") //=> false
 * isWellFormed("a\uD83D\uDE00") //=> true
 * ```
 */
export const isWellFormed: (text: string) => boolean =
  native === undefined ? isWellFormedByScan : (text) => native.call(text)
