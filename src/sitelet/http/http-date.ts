/**
 * HTTP dates as RFC 9110 §5.6.7 defines them: the preferred IMF-fixdate
 * (`Sun, 06 Nov 1994 08:49:37 GMT`) and the two obsolete forms a recipient
 * must still accept, RFC 850 (`Sunday, 06-Nov-94 08:49:37 GMT`) and
 * asctime (`Sun Nov  6 08:49:37 1994`). Anything else is not a date: a
 * conditional header holding it is ignored (§13.1.3), where `Date.parse`
 * would read `9999` or `hello 3000` as a year and answer 304.
 */

const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
const imfFixdate = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\d\d) ([A-Z][a-z][a-z]) (\d{4}) (\d\d):(\d\d):(\d\d) GMT$/
const rfc850 =
  /^(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), (\d\d)-([A-Z][a-z][a-z])-(\d\d) (\d\d):(\d\d):(\d\d) GMT$/
const asctime = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) ([A-Z][a-z][a-z]) ([ \d]\d) (\d\d):(\d\d):(\d\d) (\d{4})$/

/**
 * The time (ms since the epoch) an HTTP date names, or undefined when the
 * text is in none of the three forms or names no real instant (31 Feb,
 * hour 24). A two-digit RFC 850 year more than 50 years ahead of `now` is
 * the most recent past year with those digits (§5.6.7).
 *
 * @example
 * ```ts
 * parseHttpDate("Sun, 06 Nov 1994 08:49:37 GMT")  //=> 784111777000
 * parseHttpDate("Sunday, 06-Nov-94 08:49:37 GMT") //=> 784111777000
 * parseHttpDate("Sun Nov  6 08:49:37 1994")       //=> 784111777000
 * parseHttpDate("9999")                           //=> undefined
 * ```
 */
export function parseHttpDate(text: string, now: number = Date.now()): number | undefined {
  let m = imfFixdate.exec(text)
  if (m !== null) return instant(Number(m[3]), m[2], m[1], m[4], m[5], m[6])
  m = rfc850.exec(text)
  if (m !== null) return instant(yearOf(Number(m[3]), now), m[2], m[1], m[4], m[5], m[6])
  m = asctime.exec(text)
  if (m !== null) return instant(Number(m[6]), m[1], m[2], m[3], m[4], m[5])
  return undefined
}

/** The year of a two-digit RFC 850 year: not more than 50 years after `now`'s. */
function yearOf(twoDigits: number, now: number): number {
  const current = new Date(now).getUTCFullYear()
  const year = current - (current % 100) + twoDigits
  return year > current + 50 ? year - 100 : year
}

type Digits = string | undefined

function instant(year: number, monthName: Digits, dayText: Digits, h: Digits, m: Digits, s: Digits) {
  const month = months.indexOf(monthName as string)
  const [day, hour, minute, second] = [Number(dayText), Number(h), Number(m), Number(s)]
  if (month < 0 || hour > 23 || minute > 59 || second > 60) return undefined
  // A leap second (60) is read as the last second of its minute.
  const time = Date.UTC(year, month, day, hour, minute, Math.min(second, 59))
  const date = new Date(time)
  // Date.UTC rolls 31 Feb over into March, and reads years 0-99 as 1900-1999: neither is the date written.
  return date.getUTCDate() === day && date.getUTCFullYear() === year ? time : undefined
}
