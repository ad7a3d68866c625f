import { acceptsMethod } from "./alternative.js"
import type { Alternative } from "./shape.js"

/**
 * Entries split by the request method they accept, kept in the order they
 * were added (declaration order): `all` for lenient matching, `names`/`lists` for each
 * method some entry names (HEAD wherever GET is), `other` for any other
 * method (the entries that accept every method). Filled when compiling, so
 * no request method, however made up, adds anything.
 *
 * @example
 * ```ts
 * const lists = newMethodLists<TrieEntry>()
 * addByMethod(lists, entry)
 * entriesFor(lists, "HEAD") // the GET entries and those of every method
 * ```
 */
export interface MethodLists<Entry extends { readonly alternative: Alternative }> {
  readonly all: Entry[]
  readonly other: Entry[]
  /** The methods some entry names, and each one's entries (parallel lists, scanned: a handful of names beats hashing one). */
  readonly names: string[]
  readonly lists: Entry[][]
}

/**
 * Empty lists.
 *
 * @example
 * ```ts
 * newMethodLists().all //=> []
 * ```
 */
export const newMethodLists = <Entry extends { readonly alternative: Alternative }>(): MethodLists<Entry> => ({
  all: [],
  other: [],
  names: [],
  lists: [],
})

/**
 * Adds an entry after those already there.
 *
 * @example
 * ```ts
 * addByMethod(lists, { rank: 3, alternative }) // alternative.methods: Set { "GET" } → by "GET" and "HEAD"
 * ```
 */
export function addByMethod<Entry extends { readonly alternative: Alternative }>(
  lists: MethodLists<Entry>,
  entry: Entry,
): void {
  const { methods } = entry.alternative
  if (methods !== undefined) {
    const names = [...methods]
    if (methods.has("GET")) names.push("HEAD")
    for (const name of names) {
      if (lists.names.includes(name)) continue
      const list = lists.all.filter((earlier) => acceptsMethod(earlier.alternative.methods, name))
      lists.names.push(name)
      lists.lists.push(list)
    }
  }
  lists.all.push(entry)
  if (methods === undefined) lists.other.push(entry)
  lists.names.forEach((name, index) => {
    if (acceptsMethod(methods, name)) (lists.lists[index] as Entry[]).push(entry)
  })
}

/**
 * The entries a request may match: all of them when `method` is undefined
 * (lenient matching, where a wrong method is an error, not a miss), else
 * those accepting the method.
 *
 * @example
 * ```ts
 * entriesFor(lists, "DELETE") //=> the entries of DELETE cases and of cases without a method
 * ```
 */
export function entriesFor<Entry extends { readonly alternative: Alternative }>(
  lists: MethodLists<Entry>,
  method: string | undefined,
): readonly Entry[] {
  if (method === undefined) return lists.all
  const names = lists.names
  for (let i = 0; i < names.length; i++) if (names[i] === method) return lists.lists[i] as Entry[]
  return lists.other
}
