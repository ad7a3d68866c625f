import type { FieldInput, Infer } from "./descriptor.js"

/** Flattens an intersection into one object type, for readable hovers. */
export type Simplify<Shape> = { [Key in keyof Shape]: Shape[Key] } & {}

type OptionalKeys<Fields> = {
  [Key in keyof Fields]: undefined extends Infer<Fields[Key]> ? Key : never
}[keyof Fields]

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
  { -readonly [Key in Exclude<keyof Fields, OptionalKeys<Fields>>]: Infer<Fields[Key]> } & {
    -readonly [Key in OptionalKeys<Fields>]?: Infer<Fields[Key]>
  }
>
