/**
 * The scanner under the fast JSON reader (read-compile.ts): a cursor over
 * the text and readers of JSON's lexical pieces (numbers, strings, the
 * literals). Every reader accepts only text `JSON.parse` accepts and returns
 * exactly the value `JSON.parse` would give; on anything else it calls
 * {@link bail}, and the caller falls back to `JSON.parse` + decode.
 */

/**
 * Where the fast reader is in the text. One shared cursor: the readers are
 * synchronous and never call user code while a text is being read.
 *
 * @example
 * ```ts
 * cursor.at = 0
 * readNumber("12,") //=> 12 (cursor.at is now 2)
 * ```
 */
export const cursor = { at: 0 }

/**
 * What the fast reader throws to give up: a plain frozen object, so throwing
 * captures no stack trace.
 *
 * @example
 * ```ts
 * try { read(text, 0, limits) } catch (error) { if (error === miss) fallback() }
 * ```
 */
export const miss: object = Object.freeze({ miss: true })

/**
 * Gives up on the fast path (unexpected text, or a value the descriptor refuses).
 *
 * @example
 * ```ts
 * if (text.charCodeAt(cursor.at) !== 123) bail()
 * ```
 */
export function bail(): never {
  throw miss
}

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
 * cursor.at = 0
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

/**
 * A JSON string at the cursor. A string without escapes is a slice of the
 * text; one with escapes is handed to `JSON.parse` (exact escape semantics,
 * lone surrogates included).
 *
 * @example
 * ```ts
 * cursor.at = 0
 * readString('"a\\nb"') //=> "a\nb"
 * ```
 */
export function readString(text: string): string {
  let i = cursor.at
  if (text.charCodeAt(i) !== 34) bail()
  const start = ++i
  const length = text.length
  for (; i < length; i++) {
    const code = text.charCodeAt(i)
    if (code === 34) {
      cursor.at = i + 1
      return text.slice(start, i)
    }
    if (code === 92) return readEscaped(text, start - 1, i)
    // Raw control characters are invalid JSON.
    if (code < 32) bail()
  }
  return bail()
}

function readEscaped(text: string, open: number, i: number): string {
  const length = text.length
  for (; i < length; i++) {
    const code = text.charCodeAt(i)
    if (code === 92) i++
    else if (code === 34) {
      cursor.at = i + 1
      // Throws on an invalid escape: the caller's catch falls back like a bail.
      return JSON.parse(text.slice(open, i + 1)) as string
    } else if (code < 32) bail()
  }
  return bail()
}

/**
 * `true` or `false` at the cursor.
 *
 * @example
 * ```ts
 * cursor.at = 0
 * readBool("true}") //=> true
 * ```
 */
export function readBool(text: string): boolean {
  const at = cursor.at
  if (text.startsWith("true", at)) {
    cursor.at = at + 4
    return true
  }
  if (text.startsWith("false", at)) {
    cursor.at = at + 5
    return false
  }
  return bail()
}

/**
 * Reads `null` if it is at the cursor.
 *
 * @example
 * ```ts
 * cursor.at = 0
 * skipNull("null,") //=> true
 * ```
 */
export function skipNull(text: string): boolean {
  const at = cursor.at
  if (text.charCodeAt(at) !== 110 || !text.startsWith("null", at)) return false
  cursor.at = at + 4
  return true
}

/**
 * Consumes one expected character (`{`, `,`, `]`…) or gives up.
 *
 * @example
 * ```ts
 * expect(text, 125) // the closing brace
 * ```
 */
export function expect(text: string, code: number): void {
  if (text.charCodeAt(cursor.at) !== code) bail()
  cursor.at++
}
