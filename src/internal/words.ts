/**
 * Numbers in sentences as people write them, for the sentences of rate
 * limits and WebSocket limits: whole numbers as they are, others to three
 * significant digits, a count with its noun, and a rate in the unit that
 * makes it whole.
 */

/**
 * A number as people write it: whole numbers as they are, others to three
 * significant digits.
 *
 * @example
 * ```ts
 * plainNumber(1 / 60) //=> "0.0167"
 * ```
 */
export const plainNumber = (n: number): string => (Number.isInteger(n) ? String(n) : String(Number(n.toPrecision(3))))

/**
 * A count with its noun, singular for one.
 *
 * @example
 * ```ts
 * countOf(1, "message", "messages") //=> "1 message"
 * ```
 */
export const countOf = (n: number, one: string, many: string): string => `${plainNumber(n)} ${n === 1 ? one : many}`

const near = (n: number) => Math.abs(n - Math.round(n)) < 1e-9 && Math.round(n) >= 1

/**
 * A refill rate per second in the unit that makes it a whole number.
 *
 * @example
 * ```ts
 * rateInWords(2)        //=> "2 a second"
 * rateInWords(1 / 60)   //=> "1 a minute"
 * rateInWords(1 / 3600) //=> "1 an hour"
 * ```
 */
export function rateInWords(perSecond: number): string {
  if (perSecond >= 1) return `${plainNumber(perSecond)} a second`
  if (near(perSecond * 60)) return `${Math.round(perSecond * 60)} a minute`
  if (near(perSecond * 3600)) return `${Math.round(perSecond * 3600)} an hour`
  if (near(1 / perSecond)) return `1 every ${Math.round(1 / perSecond)} seconds`
  return `${plainNumber(perSecond)} a second`
}
