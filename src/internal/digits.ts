/**
 * Reads `width` ASCII digits at `at` as a number, or -1 when any character
 * is not a digit (or the text ends first). Shared by the date-format parser
 * and the JSON ISO-date scanner; no regex, no allocation.
 *
 * @example
 * ```ts
 * digitsAt("2026-11", 0, 4) //=> 2026
 * digitsAt("20x6", 0, 4)    //=> -1
 * ```
 */
export function digitsAt(text: string, at: number, width: number): number {
  let value = 0
  for (let i = at; i < at + width; i++) {
    const code = text.charCodeAt(i)
    if (code < 48 || code > 57) return -1
    value = value * 10 + (code - 48)
  }
  return value
}
