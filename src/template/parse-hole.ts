import type { Descriptor, FieldInput, Infer } from "../descriptor/descriptor.js"
import { resolve } from "../descriptor/composites.js"
import { string } from "../descriptor/primitives.js"
import { duplicateName, emptyName, wildcardType, type DuplicateName, type EmptyName, type WildcardType } from "./messages.js"
import { parseType, type ParsedType, type ParseType, type TypeShape } from "./parse-type.js"

/** A hole as written: `<name>`, `<name:type>`, `<...rest>`, `<...rest:type>`. */
export interface ParsedHole {
  /** The hole as written, `<…>` included, for error sentences. */
  readonly text: string
  readonly name: string
  readonly wildcard: boolean
  /** The written type, or undefined for an untyped hole. */
  readonly type: ParsedType | undefined
}

/**
 * Parses the inside of a hole (`inner` is the text between `<` and `>`).
 * Returns the error sentence instead of throwing, like its type twin.
 *
 * @example
 * ```ts
 * parseHole("...path", "<...path>") //=> { text: "<...path>", name: "path", wildcard: true, type: undefined }
 * parseHole(":int", "<:int>")       //=> "Empty field name in '<:int>'"
 * ```
 */
export function parseHole(inner: string, text: string): ParsedHole | string {
  if (inner.startsWith("...")) return parseNamed(inner.slice(3), text, true)
  return parseNamed(inner, text, false)
}
/**
 * Type twin of {@link parseHole}: `[Name, TypeShape | null, Wildcard]` or the error sentence.
 *
 * @example
 * ```ts
 * type Id = ParseHole<"id:int", "<id:int>"> //=> ["id", [number, false, "int"], false]
 * ```
 */
export type ParseHole<Inner extends string, Text extends string> = Inner extends `...${infer Body}`
  ? ParseNamed<Body, Text, true>
  : ParseNamed<Inner, Text, false>

function parseNamed(body: string, text: string, wildcard: boolean): ParsedHole | string {
  const colon = body.indexOf(":")
  if (colon >= 0) {
    const name = body.slice(0, colon)
    if (name === "") return emptyName(text)
    const type = parseType(body.slice(colon + 1), text)
    return typeof type === "string" ? type : { text, name, wildcard, type }
  }
  if (body === "") return emptyName(text)
  return { text, name: body, wildcard, type: undefined }
}
type ParseNamed<Body extends string, Text extends string, Wildcard extends boolean> = Body extends `${infer Name}:${infer Spec}`
  ? Name extends ""
    ? EmptyName<Text>
    : NamedHole<Name, ParseType<Spec, Text>, Wildcard>
  : Body extends ""
    ? EmptyName<Text>
    : [Body, null, Wildcard]

type NamedHole<Name extends string, Parsed, Wildcard extends boolean> = Parsed extends TypeShape
  ? [Name, Parsed, Wildcard]
  : Parsed

/** The type-level result of {@link ParseHole}. */
export type HoleShape = readonly [name: string, type: TypeShape | null, wildcard: boolean]

/** A hole resolved against the extra fields: the field it becomes. */
export interface PlacedHole {
  readonly name: string
  readonly descriptor: Descriptor
  readonly optional: boolean
  readonly kind: string
}

/**
 * Resolves a parsed hole into a field: an untyped hole naming an extra field
 * takes that field's descriptor; otherwise its written type (default
 * `t.string`). A name already used, or a typed hole (or a query/body wrapper)
 * clashing with an extra field, is a duplicate; a wildcard must be a string
 * or a list.
 *
 * @example
 * ```ts
 * const hole = parseHole("sub", "<sub>") as ParsedHole
 * placeHole(hole, { sub: BlogSite }, new Set()) //=> { name: "sub", descriptor: BlogSite, optional: false, kind: "union" }
 * ```
 */
export function placeHole(
  hole: ParsedHole,
  extra: Readonly<Record<string, FieldInput>>,
  names: ReadonlySet<string>,
): PlacedHole | string {
  if (names.has(hole.name)) return duplicateName(hole.name)
  let placed: PlacedHole
  if (Object.hasOwn(extra, hole.name)) {
    const given = extra[hole.name] as FieldInput
    if (hole.type !== undefined || given.kind === "field") return duplicateName(hole.name)
    placed = { name: hole.name, descriptor: given, optional: resolve(given).kind === "option", kind: given.kind }
  } else if (hole.type === undefined) {
    placed = { name: hole.name, descriptor: string, optional: false, kind: "string" }
  } else {
    placed = { name: hole.name, descriptor: hole.type.descriptor, optional: hole.type.kind === "option", kind: hole.type.kind }
  }
  if (hole.wildcard && placed.kind !== "string" && placed.kind !== "list") return wildcardType(hole.text)
  return placed
}
/**
 * Type twin of {@link placeHole}: `[Name, Output, Optional, Kind]` or the error sentence.
 *
 * @example
 * ```ts
 * type Page = PlaceHole<["page", [number | undefined, true, "option"], false], "<page:int?>", {}, never>
 * //=> ["page", number | undefined, true, "option"]
 * ```
 */
export type PlaceHole<Hole extends HoleShape, Text extends string, Extra, Names> = Hole[0] extends Names
  ? DuplicateName<Hole[0]>
  : Hole[0] extends keyof Extra
    ? Hole[1] extends null
      ? Extra[Hole[0]] extends { readonly kind: "field" }
        ? DuplicateName<Hole[0]>
        : CheckWildcard<[Hole[0], Infer<Extra[Hole[0]]>, ExtraOptional<Infer<Extra[Hole[0]]>>, KindOf<Extra[Hole[0]]>], Hole[2], Text>
      : DuplicateName<Hole[0]>
    : Hole[1] extends TypeShape
      ? CheckWildcard<[Hole[0], Hole[1][0], Hole[1][1], Hole[1][2]], Hole[2], Text>
      : CheckWildcard<[Hole[0], string, false, "string"], Hole[2], Text>

type ExtraOptional<Output> = undefined extends Output ? true : false
type KindOf<Given> = Given extends { readonly kind: infer Kind } ? Kind : never

/** The type-level result of {@link PlaceHole}. */
export type PlacedShape = readonly [name: string, output: unknown, optional: boolean, kind: unknown]

type CheckWildcard<Placed extends PlacedShape, Wildcard extends boolean, Text extends string> = Wildcard extends true
  ? Placed[3] extends "string" | "list"
    ? Placed
    : WildcardType<Text>
  : Placed
