import type { Descriptor, FieldDescriptor } from "../descriptor/descriptor.js"
import { Query } from "../descriptor/attributes.js"
import { badQueryItem, duplicateQueryKey, type BadQueryItem, type DuplicateQueryKey } from "./messages.js"
import { parseHole, placeHole, type HoleShape, type ParseHole, type PlaceHole } from "./parse-hole.js"
import type { TemplateState } from "./template-state.js"

/**
 * Splits a route at the first `?` outside a hole: a hole runs from `<` to the
 * next `>`, so the option mark in `<page:int?>` never starts the query.
 *
 * @example
 * ```ts
 * splitQuery("/a/<n:int?>?q=<q>") //=> ["/a/<n:int?>", "q=<q>"]
 * splitQuery("/a")                //=> ["/a", undefined]
 * ```
 */
export function splitQuery(route: string): readonly [path: string, query: string | undefined] {
  let at = 0
  while (at < route.length) {
    const char = route[at]
    if (char === "?") return [route.slice(0, at), route.slice(at + 1)]
    if (char === "<") {
      const close = route.indexOf(">", at)
      // An unclosed hole: no query; the path parser reports the hole.
      if (close < 0) return [route, undefined]
      at = close + 1
    } else {
      at++
    }
  }
  return [route, undefined]
}
/**
 * Type twin of {@link splitQuery}.
 *
 * @example
 * ```ts
 * type Split = SplitQuery<"/search/<n:int?>?q=<q>"> //=> ["/search/<n:int?>", "q=<q>"]
 * ```
 */
export type SplitQuery<Route extends string, Before extends string = ""> = Route extends `${infer Head}?${infer Tail}`
  ? Head extends `${infer Lead}<${infer Open}`
    ? `${Open}?${Tail}` extends `${infer Inner}>${infer After}`
      ? SplitQuery<After, `${Before}${Lead}<${Inner}>`>
      : [`${Before}${Route}`, undefined]
    : [`${Before}${Head}`, Tail]
  : [`${Before}${Route}`, undefined]

// `Query(d)` when the key is the field name; the same wrapper with `key` set when the template renames it.
const queryField = (of: Descriptor, key: string, name: string): FieldDescriptor<Descriptor, "query"> =>
  key === name ? Query(of) : Object.freeze({ kind: "field", source: "query", of, key })

/**
 * Parses a query (`key=<hole>&key=<hole>…`), adding `Query` field wrappers to
 * `state` (with `key` set when it differs from the field name). Returns the
 * error sentence instead of throwing, like its type twin.
 *
 * @example
 * ```ts
 * parseQuery("q=<q>&p=<page:int?>", state)
 * // state.fields gains ["q", Query(t.string)] and ["page", { kind: "field", source: "query", of: t.option(t.int), key: "p" }]
 * ```
 */
export function parseQuery(query: string, state: TemplateState): true | string {
  const keys = new Set<string>()
  for (const item of query.split("&")) {
    const at = item.indexOf("=<")
    if (at < 0 || !item.endsWith(">")) return badQueryItem(item)
    const key = item.slice(0, at)
    const inner = item.slice(at + 2, -1)
    if (key === "" || /[<>=]/.test(key) || /[<>]/.test(inner) || inner.startsWith("...")) return badQueryItem(item)
    if (keys.has(key)) return duplicateQueryKey(key)
    const hole = parseHole(inner, `<${inner}>`)
    if (typeof hole === "string") return hole
    const placed = placeHole(hole, state.extra, state.names)
    if (typeof placed === "string") return placed
    keys.add(key)
    state.names.add(placed.name)
    state.fields.push([placed.name, queryField(placed.descriptor, key, placed.name)])
  }
  return true
}
/**
 * Type twin of {@link parseQuery}: `[Entries]` (the path's hole tuples plus
 * the query's) or the error sentence.
 *
 * @example
 * ```ts
 * type Search = ParseQuery<"q=<q>", {}, never> //=> [["q", string, false, "string", false, false]]
 * ```
 */
export type ParseQuery<
  Query extends string,
  Extra,
  Entries extends HoleShape,
  Keys extends string = never,
> = Query extends `${infer Item}&${infer Rest}`
  ? NextItem<PlaceItem<Item, Extra, Entries[0]>, Rest, Extra, Entries, Keys>
  : LastItem<PlaceItem<Query, Extra, Entries[0]>, Entries, Keys>

// `[Key, Hole]`, `[Key, the hole's error]`, or the item's error sentence. An alias of the item
// text and the names taken (no scan state), so the checker caches it: `q=<q>` in many routes is
// checked once.
type PlaceItem<Item extends string, Extra, Names> =
  CheckItem<Item> extends [infer Key, infer Hole, infer Text extends string]
    ? [Key, Hole extends HoleShape ? PlaceHole<Hole, Text, Extra, Names> : Hole]
    : CheckItem<Item>

// `[Key, Hole (or its error), HoleText]`, or the item's error sentence.
type CheckItem<Item extends string> = Item extends `${infer Key}=<${infer Inner}>`
  ? Key extends "" | `${string}${"<" | ">" | "="}${string}`
    ? BadQueryItem<Item>
    : Inner extends `${string}${"<" | ">"}${string}` | `...${string}`
      ? BadQueryItem<Item>
      : [Key, ParseHole<Inner, `<${Inner}>`>, `<${Inner}>`]
  : BadQueryItem<Item>

// A repeated key is reported before the hole's own error, as parseQuery does.
type NextItem<Placed, Rest extends string, Extra, Entries extends HoleShape, Keys extends string> = Placed extends [
  infer Key extends string,
  infer Hole,
]
  ? Key extends Keys
    ? DuplicateQueryKey<Key>
    : Hole extends HoleShape
      ? ParseQuery<Rest, Extra, Entries | Hole, Keys | Key>
      : Hole
  : Placed

type LastItem<Placed, Entries extends HoleShape, Keys extends string> = Placed extends [
  infer Key extends string,
  infer Hole,
]
  ? Key extends Keys
    ? DuplicateQueryKey<Key>
    : Hole extends HoleShape
      ? [Entries | Hole]
      : Hole
  : Placed
