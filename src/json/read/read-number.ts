/**
 * JSON numbers for the fast reader (read-compile.ts): exactly the value
 * `JSON.parse` gives, or a bail on text it would refuse.
 */
import { bail, cursor } from "./read-text.js"

// Powers of ten that are exact doubles (10^22 is the last one).
const exactTens = Array.from({ length: 23 }, (_, n) => 10 ** n)

const isDigit = (code: number): boolean => code >= 48 && code <= 57

/**
 * A JSON number at the cursor. Up to 15 significant digits without exponent
 * the value is computed from the digits (an exact integer divided by an exact
 * power of ten rounds exactly as `JSON.parse` does); longer numbers and
 * exponents go through `Number`, which converts like `JSON.parse`.
 *
 * @example
 * ```ts
 * startText()
 * readNumber("-0.25]") //=> -0.25
 * ```
 */
export function readNumber(text: string): number {
  const start = cursor.at
  let i = start
  let code = text.charCodeAt(i)
  const negative = code === 45
  if (negative) code = text.charCodeAt(++i)
  let mantissa = 0
  let digits = 0
  if (code === 48) {
    code = text.charCodeAt(++i)
    digits = 1
  } else if (code >= 49 && code <= 57) {
    do {
      mantissa = mantissa * 10 + (code - 48)
      digits++
      code = text.charCodeAt(++i)
    } while (isDigit(code))
  } else bail()
  let scale = 0
  if (code === 46) {
    code = text.charCodeAt(++i)
    if (!isDigit(code)) bail()
    do {
      mantissa = mantissa * 10 + (code - 48)
      digits++
      scale++
      code = text.charCodeAt(++i)
    } while (isDigit(code))
  }
  let plain = digits <= 15
  if (code === 101 || code === 69) {
    code = text.charCodeAt(++i)
    if (code === 43 || code === 45) code = text.charCodeAt(++i)
    if (!isDigit(code)) bail()
    do code = text.charCodeAt(++i)
    while (isDigit(code))
    plain = false
  }
  cursor.at = i
  if (!plain) return Number(text.slice(start, i))
  const value = scale === 0 ? mantissa : mantissa / (exactTens[scale] as number)
  return negative ? -value : value
}
