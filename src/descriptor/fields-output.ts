import type { FieldInput, Infer } from "./descriptor.js"
import type { RequestOnlyEntry } from "./request-only.js"

/** Flattens an intersection into one object type, for readable hovers. */
export type Simplify<Shape> = { [Key in keyof Shape]: Shape[Key] } & {}

/**
 * One field of an output object as data: its name, its type, whether it is
 * optional. Template holes and field lists both become unions of entries
 * before they become objects.
 *
 * @example
 * ```ts
 * const page: FieldEntry = ["page", 1, true] as const
 * ```
 */
export type FieldEntry = readonly [name: PropertyKey, output: unknown, optional: boolean, ...rest: unknown[]]

/**
 * The object type of a union of entries: optional entries become optional
 * properties. Built from the entries alone (names and output types, no
 * field-list or template type), so it holds no type the compiler must walk
 * again when it instantiates a contextual type containing it: a union of
 * such objects is re-instantiated in O(1), not O(cases), which keeps a
 * handler object of N cases linear to check (issue 17).
 *
 * @example
 * ```ts
 * type Search = EntriesOutput<["q", string, false] | ["page", number | undefined, true]>
 * //=> { q: string } & { page?: number | undefined }
 * ```
 */
export type EntriesOutput<Entries extends FieldEntry, Optional = Entries[2]> = true extends Optional
  ? { -readonly [Entry in Entries as Entry[2] extends true ? never : Entry[0]]: Entry[1] } & {
      -readonly [Entry in Entries as Entry[2] extends true ? Entry[0] : never]?: Entry[1]
    }
  : { -readonly [Entry in Entries as Entry[0]]: Entry[1] }

/**
 * The entries of a field list, leaving out the names in `Except`: a field
 * whose type admits `undefined` (an option) is optional; a header or cookie
 * field adds the phantom entry that keeps its case out of links
 * ({@link RequestOnlyEntry}).
 *
 * @example
 * ```ts
 * type Entries = FieldEntries<{ q: StringDescriptor; page: OptionDescriptor<IntDescriptor> }>
 * //=> ["q", string, false] | ["page", number | undefined, true]
 * ```
 */
export type FieldEntries<Fields, Except = never> = {
  [Key in Exclude<keyof Fields & string, Except>]-?: Infer<Fields[Key]> extends infer Output
    ? Fields[Key] extends { readonly source: "header" | "cookie" }
      ? [Key, Output, undefined extends Output ? true : false] | RequestOnlyEntry
      : [Key, Output, undefined extends Output ? true : false]
    : never
}[Exclude<keyof Fields & string, Except>]

/**
 * The object type of a field list: a field whose type admits `undefined`
 * (an option) becomes an optional property.
 *
 * @example
 * ```ts
 * type Search = FieldsOutput<{ q: StringDescriptor; page: OptionDescriptor<IntDescriptor> }>
 * //=> { q: string; page?: number | undefined }
 * ```
 */
export type FieldsOutput<Fields extends Readonly<Record<string, FieldInput>>> = Simplify<
  EntriesOutput<FieldEntries<Fields>>
>
