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
import { parseHole, placeHole, type HoleShape, type ParseHole, type PlaceHole, type PlacedShape } from "./parse-hole.js"
import type { Entry, TemplateState } from "./template-state.js"

/** The runtime path parser's result: the `EndPoint` path and whether it ends in a wildcard. */
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
  let option = ""
  let wildcard = ""
  for (const segment of path.slice(1).split("/")) {
    if (wildcard !== "") return wildcardNotLast(wildcard)
    if (segment === "") return emptySegment(path)
    if (!segment.startsWith("<")) {
      if (segment.includes("<") || segment.includes(">")) return mixedSegment(segment)
      endpoint += `/${segment}`
      continue
    }
    if (!segment.endsWith(">")) return segment.includes(">") ? mixedSegment(segment) : unclosedHole(segment)
    const inner = segment.slice(1, -1)
    if (inner.includes("<") || inner.includes(">")) return mixedSegment(segment)
    const hole = parseHole(inner, segment)
    if (typeof hole === "string") return hole
    const placed = placeHole(hole, state.extra, state.names)
    if (typeof placed === "string") return placed
    // An option in the path (`/None` or `/Some/x`) before a required hole reads badly both ways.
    if (option !== "" && !placed.optional) return ambiguousOption(option, segment)
    if (option === "" && placed.optional) option = segment
    if (hole.wildcard) wildcard = segment
    state.names.add(placed.name)
    state.fields.push([placed.name, placed.descriptor])
    endpoint += hole.wildcard ? `/<...${placed.name}>` : `/<${placed.name}>`
  }
  return { endpoint, wildcard: wildcard !== "" }
}
/**
 * Type twin of {@link parsePath}: `[Names, Entries]` or the error sentence.
 *
 * @example
 * ```ts
 * type Article = ParsePath<"/article/<id:int>", {}>
 * //=> ["id", ["id", number, false]]
 * ```
 */
export type ParsePath<Path extends string, Extra> = Path extends "/"
  ? [never, never]
  : Path extends `/${infer Segments}`
    ? ScanSegments<Segments, Path, Extra, never, never, "", "">
    : never

// `Rest` is null after the last segment, so a trailing `/` still shows up as an empty segment.
type ScanSegments<Segments extends string, Whole extends string, Extra, Names extends string, Entries extends Entry, Option extends string, Wildcard extends string> =
  Segments extends `${infer Segment}/${infer Rest}`
    ? ParseSegment<Segment, Rest, Whole, Extra, Names, Entries, Option, Wildcard>
    : ParseSegment<Segments, null, Whole, Extra, Names, Entries, Option, Wildcard>

type ParseSegment<Segment extends string, Rest extends string | null, Whole extends string, Extra, Names extends string, Entries extends Entry, Option extends string, Wildcard extends string> =
  Wildcard extends ""
    ? Segment extends ""
      ? EmptySegment<Whole>
      : Segment extends `<${string}`
        ? Segment extends `<${infer Inner}>`
          ? Inner extends `${string}${"<" | ">"}${string}`
            ? MixedSegment<Segment>
            : ParsedSegment<PlaceIn<ParseHole<Inner, Segment>, Segment, Extra, Names>, Segment, Rest, Whole, Extra, Names, Entries, Option>
          : Segment extends `${string}>${string}`
            ? MixedSegment<Segment>
            : UnclosedHole<Segment>
        : Segment extends `${string}${"<" | ">"}${string}`
          ? MixedSegment<Segment>
          : Continue<Rest, Whole, Extra, Names, Entries, Option, "">
    : WildcardNotLast<Wildcard>

type PlaceIn<Hole, Text extends string, Extra, Names> = Hole extends HoleShape ? PlaceHole<Hole, Text, Extra, Names> : Hole

type ParsedSegment<Placed, Segment extends string, Rest extends string | null, Whole extends string, Extra, Names extends string, Entries extends Entry, Option extends string> =
  Placed extends PlacedShape
    ? Option extends ""
      ? Continue<Rest, Whole, Extra, Names | Placed[0], Entries | [Placed[0], Placed[1], Placed[2]], Placed[2] extends true ? Segment : "", WildcardOf<Segment>>
      : Placed[2] extends true
        ? Continue<Rest, Whole, Extra, Names | Placed[0], Entries | [Placed[0], Placed[1], Placed[2]], Option, WildcardOf<Segment>>
        : AmbiguousOption<Option, Segment>
    : Placed

type WildcardOf<Segment extends string> = Segment extends `<...${string}` ? Segment : ""

type Continue<Rest extends string | null, Whole extends string, Extra, Names extends string, Entries extends Entry, Option extends string, Wildcard extends string> =
  Rest extends string ? ScanSegments<Rest, Whole, Extra, Names, Entries, Option, Wildcard> : [Names, Entries]
