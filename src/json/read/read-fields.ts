import type { Limits } from "../options.js"
import type { Reader } from "./read-scalars.js"
import { bail, cursor, expect } from "./read-text.js"
import type { FieldShape } from "../shape.js"

/**
 * Reads the declared fields of a JSON object into `out`, in declaration
 * order, after the opening brace and tag of a union case (so a comma comes
 * before the first key). Keys in another order, unknown keys and duplicates
 * make it bail (the general path handles them).
 *
 * @example
 * ```ts
 * const read: FieldsReader = fieldsReader(fields, readers)!
 * read(text, 1, defaultLimits, out) // reads `,"x":1,"y":2` into out
 * ```
 */
export type FieldsReader = (text: string, depth: number, limits: Limits, out: Record<string, unknown>) => void

/**
 * A constructor of the plain objects a record type is read into.
 *
 * @example
 * ```ts
 * const Record: PlainObject = plainObjects()
 * ```
 */
export type PlainObject = new () => Record<string, unknown>

/**
 * A constructor of plain objects (prototype Object.prototype, like `{}`) of
 * its own, for one record type: V8 sizes its objects to the fields they get
 * (slack tracking), so all fields live in the object, as JSON.parse's do.
 *
 * @example
 * ```ts
 * Object.getPrototypeOf(new (plainObjects())()) === Object.prototype //=> true
 * ```
 */
export function plainObjects(): PlainObject {
  function PlainObject(): void {}
  PlainObject.prototype = Object.prototype
  return PlainObject as unknown as PlainObject
}

// One closure reads a whole record (`entry`: the braces, the depth check, the object) or continues one.
type Chunk = (text: string, depth: number, limits: Limits, out?: Record<string, unknown>, first?: boolean) => unknown

/**
 * The reader of a whole record, `{` to `}`, into objects of `Plain`.
 * Undefined when a field name lives on `Object.prototype` (left to the
 * general path). Each field's key is matched against its `"name":` (or
 * `,"name":`) quoted at compile time. Fields go in unrolled chunks of eight,
 * one statement each, so every property store sees one key per record type
 * (as in decode-fields.ts); the first chunk is the record reader itself (a
 * call per record less). An absent optional field, or one that is `null`, is
 * left out of the object, as the decoder does.
 *
 * @example
 * ```ts
 * recordFieldsReader(fieldShapes(User, "record"), readers, plainObjects())
 * ```
 */
export function recordFieldsReader(
  fields: readonly FieldShape[],
  readers: readonly Reader[],
  Plain: PlainObject,
): Reader | undefined {
  if (fields.some((field) => field.inherited)) return undefined
  if (fields.length > 0) return chunk(fields, readers, 0, Plain) as Reader
  return (text, depth, limits) => {
    expect(text, 123)
    if (depth >= limits.maxDepth) bail()
    expect(text, 125)
    return new Plain()
  }
}

/**
 * The fields reader of a union case (after its tag), as {@link recordFieldsReader} reads a record's.
 *
 * @example
 * ```ts
 * fieldsReader(c.fields, readers)
 * ```
 */
export function fieldsReader(fields: readonly FieldShape[], readers: readonly Reader[]): FieldsReader | undefined {
  if (fields.some((field) => field.inherited)) return undefined
  if (fields.length === 0) return () => {}
  const read = chunk(fields, readers, 0, undefined)
  return (text, depth, limits, out) => void read(text, depth, limits, out, false)
}

const none: Reader = () => undefined

// Whether `key` is at the cursor. Comparing a slice is native (memcmp-like): about
// twice as fast as a char-code loop or a `startsWith` call on V8.
function keyAt(text: string, key: string): boolean {
  const at = cursor.at
  return text.slice(at, at + key.length) === key
}

function chunk(
  fields: readonly FieldShape[],
  readers: readonly Reader[],
  offset: number,
  Plain: PlainObject | undefined,
): Chunk {
  const count = Math.min(8, fields.length - offset)
  const field = (i: number): FieldShape | undefined => (i < count ? fields[offset + i] : undefined)
  const name = (i: number) => field(i)?.name ?? ""
  const optional = (i: number) => field(i)?.optional === true
  const reader = (i: number) => (i < count ? (readers[offset + i] as Reader) : none)
  const key = (i: number) => JSON.stringify(name(i)) + ":"
  const k0 = name(0),
    o0 = optional(0),
    r0 = reader(0),
    f0 = key(0),
    c0 = "," + f0
  const k1 = name(1),
    o1 = optional(1),
    r1 = reader(1),
    f1 = key(1),
    c1 = "," + f1
  const k2 = name(2),
    o2 = optional(2),
    r2 = reader(2),
    f2 = key(2),
    c2 = "," + f2
  const k3 = name(3),
    o3 = optional(3),
    r3 = reader(3),
    f3 = key(3),
    c3 = "," + f3
  const k4 = name(4),
    o4 = optional(4),
    r4 = reader(4),
    f4 = key(4),
    c4 = "," + f4
  const k5 = name(5),
    o5 = optional(5),
    r5 = reader(5),
    f5 = key(5),
    c5 = "," + f5
  const k6 = name(6),
    o6 = optional(6),
    r6 = reader(6),
    f6 = key(6),
    c6 = "," + f6
  const k7 = name(7),
    o7 = optional(7),
    r7 = reader(7),
    f7 = key(7),
    c7 = "," + f7
  const next = offset + 8 < fields.length ? chunk(fields, readers, offset + 8, undefined) : undefined
  return (text, depth, limits, out, first) => {
    if (Plain !== undefined) {
      expect(text, 123)
      if (depth >= limits.maxDepth) bail()
      depth++
      out = new Plain()
      first = true
    }
    const into = out as Record<string, unknown>
    // biome-ignore lint/suspicious/noConfusingLabels: one labelled block, left early once the chunk's field count is read
    chunkFields: {
      let prefix = first ? f0 : c0
      if (keyAt(text, prefix)) {
        cursor.at += prefix.length
        const value = r0(text, depth, limits)
        // An optional field's reader gives undefined for null: left out, as absent.
        if (!o0 || value !== undefined) into[k0] = value
        first = false
      } else if (!o0) bail()
      if (count === 1) break chunkFields
      prefix = first ? f1 : c1
      if (keyAt(text, prefix)) {
        cursor.at += prefix.length
        const value = r1(text, depth, limits)
        if (!o1 || value !== undefined) into[k1] = value
        first = false
      } else if (!o1) bail()
      if (count === 2) break chunkFields
      prefix = first ? f2 : c2
      if (keyAt(text, prefix)) {
        cursor.at += prefix.length
        const value = r2(text, depth, limits)
        if (!o2 || value !== undefined) into[k2] = value
        first = false
      } else if (!o2) bail()
      if (count === 3) break chunkFields
      prefix = first ? f3 : c3
      if (keyAt(text, prefix)) {
        cursor.at += prefix.length
        const value = r3(text, depth, limits)
        if (!o3 || value !== undefined) into[k3] = value
        first = false
      } else if (!o3) bail()
      if (count === 4) break chunkFields
      prefix = first ? f4 : c4
      if (keyAt(text, prefix)) {
        cursor.at += prefix.length
        const value = r4(text, depth, limits)
        if (!o4 || value !== undefined) into[k4] = value
        first = false
      } else if (!o4) bail()
      if (count === 5) break chunkFields
      prefix = first ? f5 : c5
      if (keyAt(text, prefix)) {
        cursor.at += prefix.length
        const value = r5(text, depth, limits)
        if (!o5 || value !== undefined) into[k5] = value
        first = false
      } else if (!o5) bail()
      if (count === 6) break chunkFields
      prefix = first ? f6 : c6
      if (keyAt(text, prefix)) {
        cursor.at += prefix.length
        const value = r6(text, depth, limits)
        if (!o6 || value !== undefined) into[k6] = value
        first = false
      } else if (!o6) bail()
      if (count === 7) break chunkFields
      prefix = first ? f7 : c7
      if (keyAt(text, prefix)) {
        cursor.at += prefix.length
        const value = r7(text, depth, limits)
        if (!o7 || value !== undefined) into[k7] = value
        first = false
      } else if (!o7) bail()
    }
    if (next !== undefined) next(text, depth, limits, into, first)
    if (Plain === undefined) return undefined
    expect(text, 125)
    return into
  }
}
