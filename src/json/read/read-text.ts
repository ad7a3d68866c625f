/**
 * The scanner under the fast JSON reader (read-compile.ts): a cursor over
 * the text and readers of JSON's lexical pieces (strings and literals here,
 * numbers in read-number.ts). Every reader accepts only text `JSON.parse`
 * accepts and returns exactly the value `JSON.parse` would give; on anything
 * else it calls {@link bail}, and the caller falls back to `JSON.parse` +
 * decode.
 */

import { ownString, shareFrom, shareShortStrings } from "./own-string.js"

/**
 * Where the fast reader is in the text. One shared cursor: the readers are
 * synchronous and never call user code while a text is being read.
 *
 * @example
 * ```ts
 * startText()
 * readNumber("12,") //=> 12 (cursor.at is now 2)
 * ```
 */
export const cursor = { at: 0 }

/**
 * Puts the cursor at the start of a new text of `length` characters (a long
 * text shares its short strings, see own-string.ts).
 *
 * @example
 * ```ts
 * startText() // cursor.at is 0
 * ```
 */
export function startText(length = 0): void {
  cursor.at = 0
  shareShortStrings(length >= shareFrom)
}

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

/**
 * A JSON string at the cursor. A string without escapes is a slice of the
 * text; escapes are decoded as `JSON.parse` does (`\uXXXX` gives one UTF-16
 * unit, so lone surrogates pass through).
 *
 * @example
 * ```ts
 * startText()
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
      return ownString(text, start, i)
    }
    if (code === 92) return readEscaped(text, start - 1, i)
    // Raw control characters are invalid JSON.
    if (code < 32) bail()
  }
  return bail()
}

// The characters a one-letter escape stands for, by the letter's code (`\n` at 110).
const escaped: readonly (string | undefined)[] = Array.from(
  { length: 117 },
  (_, code) => ({ 34: '"', 92: "\\", 47: "/", 98: "\b", 102: "\f", 110: "\n", 114: "\r", 116: "\t" })[code],
)

// Decoding escapes here instead of calling JSON.parse on the string saves a builtin call per escaped string.
function readEscaped(text: string, open: number, i: number): string {
  const length = text.length
  let out = ""
  let from = open + 1
  while (i < length) {
    const code = text.charCodeAt(i)
    if (code === 34) {
      cursor.at = i + 1
      // Joined from pieces (views into the text among them): flattened into one string of its own.
      const whole = out + text.slice(from, i)
      whole.charCodeAt(0)
      return whole
    }
    if (code === 92) {
      out += text.slice(from, i)
      const letter = text.charCodeAt(i + 1)
      if (letter === 117) {
        const unit = hex4(text, i + 2)
        if (unit < 0) bail()
        // One UTF-16 unit, paired or lone, exactly as JSON.parse gives it.
        out += String.fromCharCode(unit)
        i += 6
      } else {
        const char = escaped[letter]
        if (char === undefined) bail()
        out += char
        i += 2
      }
      from = i
    } else if (code < 32) bail()
    else i++
  }
  return bail()
}

function hex4(text: string, at: number): number {
  let unit = 0
  for (let i = at; i < at + 4; i++) {
    const code = text.charCodeAt(i)
    const lower = code | 32
    const digit = code >= 48 && code <= 57 ? code - 48 : lower >= 97 && lower <= 102 ? lower - 87 : -1
    if (digit < 0) return -1
    unit = unit * 16 + digit
  }
  return unit
}

/**
 * `true` or `false` at the cursor.
 *
 * @example
 * ```ts
 * startText()
 * readBool("true}") //=> true
 * ```
 */
export function readBool(text: string): boolean {
  const at = cursor.at
  // Char codes rather than startsWith: inlined, where a builtin call per boolean costs more.
  const first = text.charCodeAt(at)
  if (
    first === 116 &&
    text.charCodeAt(at + 1) === 114 &&
    text.charCodeAt(at + 2) === 117 &&
    text.charCodeAt(at + 3) === 101
  ) {
    cursor.at = at + 4
    return true
  }
  if (
    first === 102 &&
    text.charCodeAt(at + 1) === 97 &&
    text.charCodeAt(at + 2) === 108 &&
    text.charCodeAt(at + 3) === 115 &&
    text.charCodeAt(at + 4) === 101
  ) {
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
 * startText()
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
