import type { DateTimeDescriptor, Descriptor } from "../descriptor/descriptor.js"
import { list, option } from "../descriptor/composites.js"
import { bigint, bool, datetime, float, int, string } from "../descriptor/primitives.js"
import { badDateFormat, unknownType, type BadDateFormat, type UnknownType } from "./messages.js"

/**
 * What a hole's type turns into: its descriptor (runtime) and its shape
 * (`kind`: a base type name, `"list"` or `"option"`).
 */
export interface ParsedType {
  readonly descriptor: Descriptor
  readonly kind: BaseTypeName | "list" | "option"
}

/** The base types a hole may name, with their TypeScript types (a lookup table, not nested conditionals). */
export interface BaseTypes {
  int: number
  float: number
  string: string
  bool: boolean
  bigint: bigint
  datetime: Date
}
/** A base type name: `int | float | string | bool | bigint | datetime`. */
export type BaseTypeName = keyof BaseTypes

const baseDescriptors: ReadonlyMap<string, Descriptor> = new Map<BaseTypeName, Descriptor>([
  ["int", int],
  ["float", float],
  ["string", string],
  ["bool", bool],
  ["bigint", bigint],
  ["datetime", datetime],
])

/**
 * Parses a hole's type: a base type or `datetime(FORMAT)`, then an optional
 * `[]` (list), then an optional `?` (option). Returns the error sentence
 * instead of throwing, like its type twin; `parseTemplate` throws it.
 *
 * @example
 * ```ts
 * parseType("int[]?", "<ids:int[]?>") //=> { descriptor: t.option(t.list(t.int)), kind: "option" }
 * parseType("integer", "<id:integer>") //=> "Unknown parameter type 'integer' in '<id:integer>' (…)"
 * ```
 */
export function parseType(spec: string, hole: string): ParsedType | string {
  if (spec.endsWith("?")) {
    const inner = parseListType(spec.slice(0, -1), spec, hole)
    return typeof inner === "string" ? inner : { descriptor: option(inner.descriptor), kind: "option" }
  }
  return parseListType(spec, spec, hole)
}
/**
 * Type twin of {@link parseType}: `[Output, Optional, Kind]` or the error sentence.
 *
 * @example
 * ```ts
 * type Ids = ParseType<"int[]?", "<ids:int[]?>"> //=> [number[] | undefined, true, "option"]
 * ```
 */
export type ParseType<Spec extends string, Hole extends string> = Spec extends `${infer Inner}?`
  ? OptionOf<ParseListType<Inner, Spec, Hole>>
  : ParseListType<Spec, Spec, Hole>

type OptionOf<Parsed> = Parsed extends TypeShape ? [Parsed[0] | undefined, true, "option"] : Parsed

/** The type-level result of a parsed hole type. */
export type TypeShape = readonly [output: unknown, optional: boolean, kind: string]

function parseListType(spec: string, whole: string, hole: string): ParsedType | string {
  if (spec.endsWith("[]")) {
    const inner = parseBase(spec.slice(0, -2), whole, hole)
    return typeof inner === "string" ? inner : { descriptor: list(inner.descriptor), kind: "list" }
  }
  return parseBase(spec, whole, hole)
}
type ParseListType<Spec extends string, Whole extends string, Hole extends string> = Spec extends `${infer Inner}[]`
  ? ListOf<ParseBase<Inner, Whole, Hole>>
  : ParseBase<Spec, Whole, Hole>

type ListOf<Parsed> = Parsed extends TypeShape ? [Parsed[0][], false, "list"] : Parsed

function parseBase(base: string, whole: string, hole: string): ParsedType | string {
  const descriptor = baseDescriptors.get(base)
  if (descriptor !== undefined) return { descriptor, kind: base as BaseTypeName }
  if (base.startsWith("datetime(") && base.endsWith(")")) return parseFormat(base.slice(9, -1), hole)
  return unknownType(whole, hole)
}
type ParseBase<Base extends string, Whole extends string, Hole extends string> = Base extends BaseTypeName
  ? [BaseTypes[Base], false, Base]
  : Base extends `datetime(${infer Format})`
    ? ParseFormat<Format, Hole>
    : UnknownType<Whole, Hole>

function parseFormat(format: string, hole: string): ParsedType | string {
  if (format.includes(":") || format.includes("/")) return badDateFormat(format, hole)
  if (!format.includes("yyyy") || !format.includes("MM") || !format.includes("dd")) return badDateFormat(format, hole)
  const descriptor: DateTimeDescriptor = datetime(format)
  return { descriptor, kind: "datetime" }
}
type ParseFormat<Format extends string, Hole extends string> = Format extends `${string}${":" | "/"}${string}`
  ? BadDateFormat<Format, Hole>
  : Format extends `${string}yyyy${string}`
    ? Format extends `${string}MM${string}`
      ? Format extends `${string}dd${string}`
        ? [Date, false, "datetime"]
        : BadDateFormat<Format, Hole>
      : BadDateFormat<Format, Hole>
    : BadDateFormat<Format, Hole>
