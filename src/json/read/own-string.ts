/**
 * Strings cut from a JSON text that hold on to nothing but themselves, as
 * `JSON.parse`'s strings do: a decoded value may outlive its request body by
 * a long way (a cache, a session), and what it keeps should be its own size.
 *
 * V8 gives a slice of 13 characters or more as a view into the whole text
 * (a decoded field kept by the application would keep the whole body
 * alive); a shorter slice is a copy. `JSON.parse` also shares its short
 * strings (up to 10 characters) between equal values, which is most of its
 * memory advantage on real payloads full of repeated names, states and tags.
 */

/**
 * The text length from which short strings are shared: below it, a decoded
 * value is small whatever it holds, and the lookup would cost more (about
 * 12% of decoding typical request bodies) than the memory it saves.
 */
export const shareFrom = 65_536
let share = false

/**
 * Whether the text being read is long enough to share short strings
 * (set once per text by the reader).
 *
 * @example
 * ```ts
 * shareShortStrings(text.length >= shareFrom)
 * ```
 */
export function shareShortStrings(on: boolean): void {
  share = on
}

// Recently cut short strings by a hash of their characters: a repeated value is given back, not copied
// again. A fixed table (a new string evicts the old one of its slot), so any text costs O(1) per string and
// at most 4,096 short strings stay alive.
const slots = 4096
const recent: string[] = new Array<string>(slots).fill("")

/**
 * The characters `text[start..end)` as a string of their own: shared with
 * an equal string cut recently when it has at most 10 characters (in a text
 * of {@link shareFrom} characters or more), flattened into one piece when it
 * has 13 or more.
 *
 * @example
 * ```ts
 * const body = '{"city":"Lagos","bio":"a text long enough to be a view"}'
 * ownString(body, 9, 14) //=> "Lagos" (the same string for every "Lagos" decoded lately)
 * ```
 */
export function ownString(text: string, start: number, end: number): string {
  const length = end - start
  if (length <= 10) return share ? shared(text, start, end) : text.slice(start, end)
  if (length < 13) return text.slice(start, end)
  // Two pieces joined, then flattened by reading a character: one new flat string. The pieces (copies, or
  // views for long strings) become garbage, and the collector drops the join's own header once it is flat.
  const middle = start + (length >> 1)
  const joined = text.slice(start, middle) + text.slice(middle, end)
  joined.charCodeAt(0)
  return joined
}

function shared(text: string, start: number, end: number): string {
  const length = end - start
  if (length === 0) return ""
  // Length, first, middle and last characters pick the slot; a full comparison decides.
  const hash =
    length * 31 + text.charCodeAt(start) * 17 + text.charCodeAt(start + (length >> 1)) * 7 + text.charCodeAt(end - 1)
  const slot = (hash ^ (hash >>> 12)) & (slots - 1)
  const known = recent[slot] as string
  if (known.length === length && text.startsWith(known, start)) return known
  const made = text.slice(start, end)
  recent[slot] = made
  return made
}
