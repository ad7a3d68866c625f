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
  let match = imfFixdate.exec(text)
  if (match !== null) return instant(match[3], match[2], match[1], match[4], match[5], match[6])
  match = rfc850.exec(text)
  if (match !== null) return instant(centuryOf(Number(match[3]), now), match[2], match[1], match[4], match[5], match[6])
  match = asctime.exec(text)
  if (match !== null) return instant(match[6], match[1], match[2], match[3], match[4], match[5])
  return undefined
}

function centuryOf(twoDigits: number, now: number): string {
  const current = new Date(now).getUTCFullYear()
  let year = current - (current % 100) + twoDigits
  if (year > current + 50) year -= 100
  return String(year)
}

type Part = string | undefined

function instant(yearText: Part, monthName: Part, dayText: Part, hourText: Part, minuteText: Part, secondText: Part) {
  const month = months.indexOf(monthName as string)
  const [year, day, hour, minute, second] = [yearText, dayText, hourText, minuteText, secondText].map(Number) as number[]
  if (month < 0 || (hour as number) > 23 || (minute as number) > 59 || (second as number) > 60) return undefined
  const time = Date.UTC(year as number, month, day, hour, minute, Math.min(second as number, 59))
  const date = new Date(time)
  // Date.UTC rolls 31 Feb over into March, and reads years 0-99 as 1900-1999: neither is the date written.
  return date.getUTCDate() === day && date.getUTCFullYear() === year ? time : undefined
}
