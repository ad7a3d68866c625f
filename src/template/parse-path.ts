import {
  ambiguousOption,
  emptySegment,
  mixedSegment,
  unclosedHole,
  wildcardNotLast,
  type AmbiguousOption,
  type EmptySegment,
  type MixedSegment,
  type UnclosedHole,
  type WildcardNotLast,
} from "./messages.js"
import { parseHole, placeHole, type HoleShape, type ParsedHole, type ParseHole, type PlaceHole } from "./parse-hole.js"
import type { TemplateState } from "./template-state.js"

/**
 * The runtime path parser's result: the `EndPoint` path and whether it ends in a wildcard.
 *
 * @example
 * ```ts
 * const files: ParsedPath = { endpoint: "/files/<...path>", wildcard: true }
 * ```
 */
export interface ParsedPath {
  /** The path with holes as `<name>` / `<...name>` and no types: `/article/<id>/<slug>`. */
  readonly endpoint: string
  readonly wildcard: boolean
}

/**
 * Parses a template path (`/`, or `/segment/…` where a segment is literal
 * text or one whole hole), adding its holes to `state`. Returns the error
 * sentence instead of throwing, like its type twin.
 *
 * @example
 * ```ts
 * parsePath("/article/<id:int>", templateState({})) //=> { endpoint: "/article/<id>", wildcard: false }
 * ```
 */
export function parsePath(path: string, state: TemplateState): ParsedPath | string {
  if (path === "/") return { endpoint: "/", wildcard: false }
  let endpoint = ""
  // The first option hole, while later holes must be options too.
  let option = ""
  let wildcard = ""
  const segments = path.slice(1).split("/")
  for (const [index, segment] of segments.entries()) {
    const classified = isSpecial(segment) ? classifySegment(segment) : literal
    if (classified === literal) {
      endpoint += `/${segment}`
      continue
    }
    if (classified === empty) return emptySegment(path)
    if (classified === unclosed) return cutHole(segment, segments.slice(index + 1).join("/"))
    if (typeof classified === "string") return classified
    const placed = placeHole(classified, state.extra, state.names)
    if (typeof placed === "string") return placed
    // An option in the path (`/None` or `/Some/x`) before a required hole reads badly both ways.
    if (option !== "" && !placed.optional) return ambiguousOption(option, segment)
    if (option === "" && placed.optional) option = segment
    if (placed.wildcard) {
      if (index < segments.length - 1) return wildcardNotLast(segment)
      wildcard = segment
    }
    state.names.add(placed.name)
    state.fields.push([placed.name, placed.descriptor])
    endpoint += placed.wildcard ? `/<...${placed.name}>` : `/<${placed.name}>`
  }
  return { endpoint, wildcard: wildcard !== "" }
}
/**
 * Type twin of {@link parsePath}: `[Entries]` (a union of hole tuples) or the
 * error sentence. The scan state rides in type parameters (`Option`: the
 * runtime's `option`).
 *
 * @example
 * ```ts
 * type Article = ParsePath<"/article/<id:int>", {}> //=> [["id", number, false, "int", true, false]]
 * ```
 */
export type ParsePath<Path extends string, Extra> = Path extends `/${infer Segments}`
  ? ScanSegments<Segments, Path, Extra, never, "">
  : never

// A segment with no `<`, `>` and not empty is literal text: one check, no ClassifySegment.
type ScanSegments<
  Segments extends string,
  Whole extends string,
  Extra,
  Entries extends HoleShape,
  Option extends string,
> = Segments extends `${infer Segment}/${infer Rest}`
  ? Segment extends Special
    ? Next<PlaceSegment<Segment, Extra, Entries[0]>, Segment, Rest, Whole, Extra, Entries, Option>
    : ScanSegments<Rest, Whole, Extra, Entries, Option>
  : Segments extends Special
    ? Last<PlaceSegment<Segments, Extra, Entries[0]>, Segments, Whole, Entries, Option>
    : [Entries]

type Special = "" | `${string}${"<" | ">"}${string}`

// The placed hole of a special segment, its error sentence, or the Empty/Unclosed marker. An alias
// of the segment text and the names taken so far (no scan state), so the checker caches it.
type PlaceSegment<Segment extends string, Extra, Names> =
  ClassifySegment<Segment> extends infer Classified
    ? Classified extends HoleShape
      ? PlaceHole<Classified, Segment, Extra, Names>
      : Classified
    : never

// A required single-segment hole (the common case): one check, then on with the scan.
type PlainHole = readonly [
  name: string,
  output: unknown,
  optional: false,
  kind: unknown,
  typed: boolean,
  wildcard: false,
]

// After a segment that is not the last; `Option` is the first option hole while later holes must be options too.
type Next<
  Hole,
  Segment extends string,
  Rest extends string,
  Whole extends string,
  Extra,
  Entries extends HoleShape,
  Option extends string,
> = Hole extends PlainHole
  ? Option extends ""
    ? ScanSegments<Rest, Whole, Extra, Entries | Hole, "">
    : AmbiguousOption<Option, Segment>
  : Hole extends HoleShape
    ? Hole[5] extends true
      ? Option extends ""
        ? WildcardNotLast<Segment>
        : AmbiguousOption<Option, Segment>
      : // An option hole (a wildcard is never an option: placeHole rejects `<...x:int?>`).
        ScanSegments<Rest, Whole, Extra, Entries | Hole, Option extends "" ? Segment : Option>
    : NotPlaced<Hole, Segment, Rest, Whole>

// After the last segment.
type Last<
  Hole,
  Segment extends string,
  Whole extends string,
  Entries extends HoleShape,
  Option extends string,
> = Hole extends HoleShape
  ? Option extends ""
    ? [Entries | Hole]
    : Hole[2] extends true
      ? [Entries | Hole]
      : AmbiguousOption<Option, Segment>
  : NotPlaced<Hole, Segment, null, Whole>

// `Rest` is null after the last segment, so a trailing `/` still shows up as an empty segment.
// The root path `/` is one empty last segment too: checked here, off the common path.
type NotPlaced<Hole, Segment extends string, Rest extends string | null, Whole extends string> = Hole extends Empty
  ? Whole extends "/"
    ? [never]
    : EmptySegment<Whole>
  : Hole extends Unclosed
    ? CutHole<Segment, Rest>
    : Hole

const isSpecial = (segment: string): boolean => segment === "" || segment.includes("<") || segment.includes(">")

const literal = Symbol("literal")
const empty = Symbol("empty")
type Empty = ""
const unclosed = Symbol("unclosed")
// No error sentence is a lone `<`.
type Unclosed = "<"

/**
 * What one path segment is: literal text, empty, a hole, a `<` no `>`
 * closes in the segment, or an error sentence.
 *
 * @example
 * ```ts
 * classifySegment("<id:int>") //=> { text: "<id:int>", name: "id", … }
 * classifySegment("id-<id>")  //=> "Path segment 'id-<id>' must be literal text or one whole hole like <name>"
 * ```
 */
function classifySegment(segment: string): typeof literal | typeof empty | typeof unclosed | ParsedHole | string {
  if (segment === "") return empty
  if (segment.startsWith("<") && segment.endsWith(">") && segment.length > 1) {
    const inner = segment.slice(1, -1)
    return inner.includes("<") || inner.includes(">") ? mixedSegment(segment) : parseHole(inner, segment)
  }
  if (segment.startsWith("<")) return segment.includes(">") ? mixedSegment(segment) : unclosed
  return segment.includes("<") || segment.includes(">") ? mixedSegment(segment) : literal
}
/**
 * Type twin of {@link classifySegment}, for segments that are not plain
 * literals: `""` (empty), `"<"` (unclosed), a hole tuple, or the error sentence.
 *
 * @example
 * ```ts
 * type Id = ClassifySegment<"<id:int>"> //=> ["id", number, false, "int", true, false]
 * ```
 */
type ClassifySegment<Segment extends string> = Segment extends ""
  ? Empty
  : Segment extends `<${infer Inner}>`
    ? Inner extends `${string}${"<" | ">"}${string}`
      ? MixedSegment<Segment>
      : ParseHole<Inner, Segment>
    : Segment extends `<${string}`
      ? Segment extends `${string}>${string}`
        ? MixedSegment<Segment>
        : Unclosed
      : MixedSegment<Segment>

/**
 * The sentence for a `<` that no `>` closes in its segment. When a `>`
 * follows in the rest of the path with no `<` before it, a `/` cut the hole
 * (`<day:datetime(yyyy/MM/dd)>`): the whole hole is parsed, so the sentence
 * names the real problem (here the date format, as in a query). Otherwise,
 * or when the whole hole is valid, the hole is unclosed.
 *
 * @example
 * ```ts
 * cutHole("<d:datetime(yyyy", "MM/dd)>")
 * //=> "Bad date format 'yyyy/MM/dd' in '<d:datetime(yyyy/MM/dd)>' (a format needs one of yyyy MM dd HH mm ss fff, and no ':' or '/')"
 * cutHole("<id:int", "b") //=> "Unclosed '<' in '<id:int' (a hole is written <name> or <name:type>)"
 * ```
 */
function cutHole(segment: string, rest: string): string {
  const close = rest.indexOf(">")
  const before = rest.slice(0, close)
  if (close < 0 || before.includes("<")) return unclosedHole(segment)
  const parsed = parseHole(`${segment.slice(1)}/${before}`, `${segment}/${before}>`)
  return typeof parsed === "string" ? parsed : unclosedHole(segment)
}
/**
 * Type twin of {@link cutHole}; `Rest` is null after the last segment.
 *
 * @example
 * ```ts
 * type Message = CutHole<"<d:datetime(yyyy", "MM/dd)>"> // the sentence cutHole("<d:datetime(yyyy", "MM/dd)>") returns
 * ```
 */
type CutHole<Segment extends string, Rest extends string | null> = Rest extends `${infer Before}>${string}`
  ? Before extends `${string}<${string}`
    ? UnclosedHole<Segment>
    : Segment extends `<${infer Start}`
      ? WholeHoleError<ParseHole<`${Start}/${Before}`, `${Segment}/${Before}>`>, Segment>
      : UnclosedHole<Segment>
  : UnclosedHole<Segment>

type WholeHoleError<Parsed, Segment extends string> = Parsed extends string ? Parsed : UnclosedHole<Segment>
