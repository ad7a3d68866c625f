import type { Descriptor, FieldInput, Infer } from "../descriptor/descriptor.js"
import { resolve } from "../descriptor/composites.js"
import { string } from "../descriptor/primitives.js"
import {
  duplicateName,
  emptyName,
  wildcardType,
  type DuplicateName,
  type EmptyName,
  type WildcardType,
} from "./hole-messages.js"
import { baseDescriptors, parseType, type BaseTypeName, type BaseTypes, type ParseType } from "./parse-type.js"

/**
 * A hole as written (`<name>`, `<name:type>`, `<...rest>`, `<...rest:type>`), with its field.
 *
 * @example
 * ```ts
 * const id: ParsedHole = { text: "<id:int>", name: "id", descriptor: t.int, optional: false, kind: "int", typed: true, wildcard: false }
 * ```
 */
export interface ParsedHole {
  /** The hole as written, `<…>` included, for error sentences. */
  readonly text: string
  readonly name: string
  readonly descriptor: Descriptor
  /** An option: an optional property (and an optional query key). */
  readonly optional: boolean
  /** A base type name, `"list"`, `"option"`, or an extra field's descriptor kind. */
  readonly kind: string
  /** Whether a type was written (an untyped hole may take an extra field). */
  readonly typed: boolean
  readonly wildcard: boolean
}

/**
 * Parses the inside of a hole (`inner` is the text between `<` and `>`); an
 * untyped hole is a `t.string` until {@link placeHole} looks at the extra
 * fields. Returns the error sentence instead of throwing, like its type twin.
 *
 * @example
 * ```ts
 * parseHole("...path", "<...path>") //=> { text: "<...path>", name: "path", descriptor: t.string, optional: false, kind: "string", typed: false, wildcard: true }
 * parseHole(":int", "<:int>")       //=> "Empty field name in '<:int>'"
 * ```
 */
export function parseHole(inner: string, text: string): ParsedHole | string {
  if (inner.startsWith("...")) return parseNamed(inner.slice(3), text, true)
  return parseNamed(inner, text, false)
}
/**
 * Type twin of {@link parseHole}: `[Name, Output, Optional, Kind, Typed, Wildcard]` or the error sentence.
 *
 * @example
 * ```ts
 * type Id = ParseHole<"id:int", "<id:int>"> //=> ["id", number, false, "int", true, false]
 * ```
 */
export type ParseHole<Inner extends string, Text extends string> = Inner extends `...${infer Body}`
  ? ParseNamed<Body, Text, true>
  : ParseNamed<Inner, Text, false>

// A bare base type (`<id:int>`, the common case) is looked up directly, skipping the modifier checks;
// the type level also takes `<page:int?>` directly (same result as parseType, fewer instantiations).
function parseNamed(body: string, text: string, wildcard: boolean): ParsedHole | string {
  const colon = body.indexOf(":")
  if (colon >= 0) {
    const name = body.slice(0, colon)
    if (name === "") return emptyName(text)
    const spec = body.slice(colon + 1)
    const base = baseDescriptors.get(spec)
    if (base !== undefined) return { text, name, descriptor: base, optional: false, kind: spec, typed: true, wildcard }
    const type = parseType(spec, text)
    if (typeof type === "string") return type
    return { text, name, descriptor: type.descriptor, optional: type.optional, kind: type.kind, typed: true, wildcard }
  }
  if (body === "") return emptyName(text)
  return { text, name: body, descriptor: string, optional: false, kind: "string", typed: false, wildcard }
}
type ParseNamed<
  Body extends string,
  Text extends string,
  Wildcard extends boolean,
> = Body extends `${infer Name}:${infer Spec}`
  ? Name extends ""
    ? EmptyName<Text>
    : Spec extends BaseTypeName
      ? [Name, BaseTypes[Spec], false, Spec, true, Wildcard]
      : Spec extends `${infer Base extends BaseTypeName}?`
        ? [Name, BaseTypes[Base] | undefined, true, "option", true, Wildcard]
        : Typed<Name, ParseType<Spec, Text>, Wildcard>
  : Body extends ""
    ? EmptyName<Text>
    : [Body, string, false, "string", false, Wildcard]

type Typed<Name extends string, Parsed, Wildcard extends boolean> = Parsed extends readonly [
  infer Output,
  infer Optional,
  infer Kind,
]
  ? [Name, Output, Optional, Kind, true, Wildcard]
  : Parsed

/**
 * The type-level hole: `[Name, Output, Optional, Kind, Typed, Wildcard]`.
 *
 * @example
 * ```ts
 * type Page = ["page", number | undefined, true, "option", true, false] // <page:int?>
 * ```
 */
export type HoleShape = readonly [
  name: string,
  output: unknown,
  optional: boolean,
  kind: unknown,
  typed: boolean,
  wildcard: boolean,
]

/**
 * Resolves a parsed hole against the extra fields and the names taken: an
 * untyped hole naming an extra field takes that field's descriptor. A name
 * already used, or a typed hole (or a `Json`/`Query`/`FormData` wrapper)
 * clashing with an extra field, is a duplicate; a wildcard must be a string
 * or a list. Returns the error sentence instead of throwing.
 *
 * @example
 * ```ts
 * const hole = parseHole("sub", "<sub>") as ParsedHole
 * placeHole(hole, { sub: BlogSite }, new Set()) //=> { ...hole, descriptor: BlogSite, kind: "union" }
 * ```
 */
export function placeHole(
  hole: ParsedHole,
  extra: Readonly<Record<string, FieldInput>>,
  names: ReadonlySet<string>,
): ParsedHole | string {
  if (names.has(hole.name)) return duplicateName(hole.name)
  let placed = hole
  if (Object.hasOwn(extra, hole.name)) {
    const given = extra[hole.name] as FieldInput
    if (hole.typed || given.kind === "field") return duplicateName(hole.name)
    placed = { ...hole, descriptor: given, optional: resolve(given).kind === "option", kind: given.kind }
  }
  if (placed.wildcard && placed.kind !== "string" && placed.kind !== "list") return wildcardType(hole.text)
  return placed
}
/**
 * Type twin of {@link placeHole}: the hole tuple (with an extra field's type
 * when it takes one) or the error sentence.
 *
 * @example
 * ```ts
 * type Page = PlaceHole<["page", number | undefined, true, "option", true, false], "<page:int?>", {}, never>
 * //=> ["page", number | undefined, true, "option", true, false]
 * ```
 */
// One check for the common case (a fresh name, no extra field of that name), then the details.
export type PlaceHole<Hole extends HoleShape, Text extends string, Extra, Names> = Hole[0] extends Names | keyof Extra
  ? Hole[0] extends Names
    ? DuplicateName<Hole[0]>
    : Hole[4] extends true
      ? DuplicateName<Hole[0]>
      : FromExtra<Hole[0], Extra[Hole[0] & keyof Extra], Hole[5], Text>
  : Hole[5] extends true
    ? Hole[3] extends "string" | "list"
      ? Hole
      : WildcardType<Text>
    : Hole

type FromExtra<Name extends string, Given, Wildcard extends boolean, Text extends string> = Given extends {
  readonly kind: infer Kind
}
  ? Kind extends "field"
    ? DuplicateName<Name>
    : Wildcard extends true
      ? Kind extends "string" | "list"
        ? [Name, Infer<Given>, false, Kind, false, true]
        : WildcardType<Text>
      : [Name, Infer<Given>, undefined extends Infer<Given> ? true : false, Kind, false, false]
  : DuplicateName<Name>
