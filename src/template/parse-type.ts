import type { Descriptor } from "../descriptor/descriptor.js"
import { list, option } from "../descriptor/composites.js"
import { bigint, bool, datetime, float, int, string } from "../descriptor/primitives.js"
import { badDateFormat, unknownType, type BadDateFormat, type UnknownType } from "./hole-messages.js"

/**
 * What a hole's type turns into: its descriptor, whether it is an option
 * (an optional property), and its shape (`kind`: a base type name, `"list"`
 * or `"option"`).
 *
 * @example
 * ```ts
 * const ids: ParsedType = { descriptor: t.list(t.int), optional: false, kind: "list" } // from "int[]"
 * ```
 */
export interface ParsedType {
  readonly descriptor: Descriptor
  readonly optional: boolean
  readonly kind: string
}

/**
 * The base types a hole may name, with their TypeScript types (a lookup table, not nested conditionals).
 *
 * @example
 * ```ts
 * type Id = BaseTypes["int"] //=> number
 * ```
 */
export interface BaseTypes {
  int: number
  float: number
  string: string
  bool: boolean
  bigint: bigint
  datetime: Date
}
/**
 * A base type name: `int | float | string | bool | bigint | datetime`.
 *
 * @example
 * ```ts
 * const name: BaseTypeName = "bigint"
 * ```
 */
export type BaseTypeName = keyof BaseTypes

/**
 * The descriptor of each base type name.
 *
 * @example
 * ```ts
 * baseDescriptors.get("int") //=> t.int
 * ```
 */
export const baseDescriptors: ReadonlyMap<string, Descriptor> = new Map<BaseTypeName, Descriptor>([
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
 * parseType("int[]?", "<ids:int[]?>") //=> { descriptor: t.option(t.list(t.int)), optional: true, kind: "option" }
 * parseType("integer", "<id:integer>") //=> "Unknown parameter type 'integer' in '<id:integer>' (…)"
 * ```
 */
export function parseType(spec: string, hole: string): ParsedType | string {
  if (spec.endsWith("[]?")) return wrap(parseBase(spec.slice(0, -3), spec, hole), true, true)
  if (spec.endsWith("?")) return wrap(parseBase(spec.slice(0, -1), spec, hole), false, true)
  if (spec.endsWith("[]")) return wrap(parseBase(spec.slice(0, -2), spec, hole), true, false)
  return wrap(parseBase(spec, spec, hole), false, false)
}
/**
 * Type twin of {@link parseType}: `[Output, Optional, Kind]` or the error sentence.
 *
 * @example
 * ```ts
 * type Ids = ParseType<"int[]?", "<ids:int[]?>"> //=> [number[] | undefined, true, "option"]
 * ```
 */
export type ParseType<Spec extends string, Hole extends string> = Spec extends `${infer Base}[]?`
  ? Wrap<ParseBase<Base, Spec, Hole>, true, true>
  : Spec extends `${infer Base}?`
    ? Wrap<ParseBase<Base, Spec, Hole>, false, true>
    : Spec extends `${infer Base}[]`
      ? Wrap<ParseBase<Base, Spec, Hole>, true, false>
      : Wrap<ParseBase<Spec, Spec, Hole>, false, false>

function wrap(base: readonly [Descriptor, string] | string, isList: boolean, isOption: boolean): ParsedType | string {
  if (typeof base === "string") return base
  const [descriptor, kind] = base
  const item = isList ? list(descriptor) : descriptor
  if (isOption) return { descriptor: option(item), optional: true, kind: "option" }
  return { descriptor: item, optional: false, kind: isList ? "list" : kind }
}
// A base is `[Output, Kind]`; an error is a string.
type Wrap<Base, IsList extends boolean, IsOption extends boolean> = Base extends readonly [infer Output, infer Kind]
  ? IsOption extends true
    ? [(IsList extends true ? Output[] : Output) | undefined, true, "option"]
    : IsList extends true
      ? [Output[], false, "list"]
      : [Output, false, Kind]
  : Base

function parseBase(base: string, whole: string, hole: string): readonly [Descriptor, string] | string {
  const descriptor = baseDescriptors.get(base)
  if (descriptor !== undefined) return [descriptor, base]
  if (base.startsWith("datetime(") && base.endsWith(")")) return parseFormat(base.slice(9, -1), hole)
  return unknownType(whole, hole)
}
type ParseBase<Base extends string, Whole extends string, Hole extends string> = Base extends BaseTypeName
  ? [BaseTypes[Base], Base]
  : Base extends `datetime(${infer Format})`
    ? ParseFormat<Format, Hole>
    : UnknownType<Whole, Hole>

const dateTokens = ["yyyy", "MM", "dd", "HH", "mm", "ss", "fff"] as const

function parseFormat(format: string, hole: string): readonly [Descriptor, string] | string {
  if (format.includes(":") || format.includes("/")) return badDateFormat(format, hole)
  // Any subset of the tokens: the omitted parts are the base's (1970-01-01T00:00:00.000Z).
  if (dateTokens.some((token) => format.includes(token))) return [datetime(format), "datetime"]
  return badDateFormat(format, hole)
}
type ParseFormat<Format extends string, Hole extends string> = Format extends `${string}${":" | "/"}${string}`
  ? BadDateFormat<Format, Hole>
  : Format extends `${string}${(typeof dateTokens)[number]}${string}`
    ? [Date, "datetime"]
    : BadDateFormat<Format, Hole>
