import type {
  BigIntDescriptor,
  BoolDescriptor,
  DateTimeDescriptor,
  EnumDescriptor,
  FileDescriptor,
  FloatDescriptor,
  IntDescriptor,
  StringDescriptor,
} from "./descriptor.js"
import { checkDateFormat } from "./date-format.js"
import * as builderMessages from "./builder-messages.js"
import { withStandard } from "./standard.js"

/**
 * A safe integer: `-?[0-9]+` in a URL, a JSON number.
 *
 * @example
 * ```ts
 * Router.Infer(t.int).Link(1423) //=> "/1423"
 * ```
 */
export const int: IntDescriptor = Object.freeze(withStandard({ kind: "int" }))

/**
 * A number: its shortest round-trip text in a URL, a JSON number.
 *
 * @example
 * ```ts
 * Router.Infer(t.float).Link(1.5) //=> "/1.5"
 * ```
 */
export const float: FloatDescriptor = Object.freeze(withStandard({ kind: "float" }))

/**
 * A string: one percent-encoded path segment, a JSON string.
 *
 * @example
 * ```ts
 * Router.Infer(t.string).Link("a b") //=> "/a%20b"
 * ```
 */
export const string: StringDescriptor = Object.freeze(withStandard({ kind: "string" }))

/**
 * A boolean: `true`/`false` in a URL (parsed case-insensitively).
 *
 * @example
 * ```ts
 * Router.Infer(t.bool).Link(true) //=> "/true"
 * ```
 */
export const bool: BoolDescriptor = Object.freeze(withStandard({ kind: "bool" }))

/**
 * A bigint: decimal in a URL, a JSON string (`"123"`).
 *
 * @example
 * ```ts
 * Json.Serialize(t.bigint, 12n) //=> '"12"'
 * ```
 */
export const bigint: BigIntDescriptor = Object.freeze(withStandard({ kind: "bigint" }))

const defaultDateTime: DateTimeDescriptor = Object.freeze(withStandard({ kind: "datetime", format: undefined }))

/** `t.datetime` is both the default-format descriptor and a function giving a custom format. */
export type DateTimeBuilder = DateTimeDescriptor & ((format: string) => DateTimeDescriptor)

/**
 * A `Date` in UTC. In a URL: the format, default `yyyy-MM-dd-HH.mm.ss`; in
 * JSON: an ISO 8601 string, or the format if one was given. Tokens: `yyyy MM
 * dd HH mm ss fff`; any other character is literal.
 *
 * @example
 * ```ts
 * const Day = t.datetime("yyyy-MM-dd")
 * Router.Infer(Day).Link(new Date("2026-11-22")) //=> "/2026-11-22"
 * ```
 */
export const datetime: DateTimeBuilder = Object.freeze(
  // Object.assign skips the non-enumerable ~standard: the function gets its own.
  withStandard(
    Object.assign((format: string): DateTimeDescriptor => {
      checkDateFormat(format)
      return Object.freeze(withStandard({ kind: "datetime", format }))
    }, defaultDateTime),
  ),
) as DateTimeBuilder

const anyFile: FileDescriptor = Object.freeze(withStandard({ kind: "file", maxBytes: undefined }))

/** `t.file` is both the descriptor of any file and a function bounding its size. */
export type FileBuilder = FileDescriptor & ((options: { readonly MaxBytes: number }) => FileDescriptor)

/**
 * An uploaded file: in a `FormData` field only (`FormData(t.file)`,
 * `t.option(t.file)` for an optional one, `t.list(t.file)` for several).
 * The handler gets a `File` (name, type, size, bytes); the typed client
 * sends a `File` or `Blob` as `multipart/form-data`. `t.file({ MaxBytes })`
 * refuses a larger file (a 400 naming the field).
 *
 * @example
 * ```ts
 * const Upload = t.case("POST /avatar", { image: FormData(t.file({ MaxBytes: 2_000_000 })), note: FormData(t.option(t.string)) })
 * ```
 */
export const file: FileBuilder = Object.freeze(
  withStandard(
    Object.assign((options: { readonly MaxBytes: number }): FileDescriptor => {
      const max = options?.MaxBytes
      if (!Number.isSafeInteger(max) || max < 0) throw new TypeError(builderMessages.badFileLimit(max))
      return Object.freeze(withStandard({ kind: "file", maxBytes: max }))
    }, anyFile),
  ),
) as FileBuilder

/** The numeric values of an object or TS numeric enum (reverse mappings dropped). */
export type EnumValues<Values> = Extract<Values[keyof Values], number>

/**
 * One of a fixed set of numbers, from an object literal or a TS numeric enum.
 *
 * @example
 * ```ts
 * const Access = t.enum({ Read: 1, Write: 2 })
 * type Access = Infer<typeof Access> //=> 1 | 2
 * ```
 */
export function enumOf<const Values extends Readonly<Record<string, number | string>>>(
  values: Values,
): EnumDescriptor<EnumValues<Values>> {
  const entries: Array<readonly [string, EnumValues<Values>]> = []
  for (const name of Object.keys(values)) {
    const value = values[name]
    // A TS numeric enum also maps each number back to its name: skip those keys.
    if (typeof value === "number" && String(Number(name)) !== name) {
      if (!Number.isSafeInteger(value)) throw new TypeError(builderMessages.enumNotSafeInteger(name, value))
      entries.push(Object.freeze([name, value as EnumValues<Values>] as const))
    }
  }
  if (entries.length === 0) throw new TypeError(builderMessages.enumEmpty)
  return Object.freeze(withStandard({ kind: "enum", values: Object.freeze(entries) }))
}
