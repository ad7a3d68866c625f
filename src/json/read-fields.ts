import type { Limits } from "./options.js"
import type { Reader } from "./read-scalars.js"
import { bail, cursor } from "./read-text.js"
import type { FieldShape } from "./shape.js"

/**
 * Reads the declared fields of a JSON object into `out`, in declaration
 * order, after the opening brace (and tag, for a union case). `first` says
 * whether no key has been read yet (no comma before the next one); returns
 * the same after these fields. Keys in another order, unknown keys and
 * duplicates make it bail (the general path handles them).
 *
 * @example
 * ```ts
 * const read: FieldsReader = fieldsReader(fields, readers)
 * cursor.at = 1
 * read('{"id":1}', out, true, 1, defaultLimits) //=> false (out is { id: 1 })
 * ```
 */
export type FieldsReader = (text: string, out: Record<string, unknown>, first: boolean, depth: number, limits: Limits) => boolean

/**
 * The fields reader of a record or case (names living on `Object.prototype`
 * are left to the general path: undefined). Each field's key is matched
 * with one `startsWith` against `"name":` (or `,"name":`) quoted at compile
 * time. Fields go in unrolled chunks of four, one statement each, so every
 * property store sees one key (as in decode-fields.ts). An absent optional
 * field, or one that is `null`, is left out of `out`, as the decoder does.
 *
 * @example
 * ```ts
 * fieldsReader(fieldShapes(User, "record"), readers)
 * ```
 */
export function fieldsReader(fields: readonly FieldShape[], readers: readonly Reader[]): FieldsReader | undefined {
  if (fields.some((field) => field.inherited)) return undefined
  if (fields.length === 0) return (_text, _out, first) => first
  return chunk(fields, readers, 0)
}

const none: Reader = () => undefined

// Whether `key` is at the cursor. Comparing a slice is native (memcmp-like): about
// twice as fast as a char-code loop or a `startsWith` call on V8.
function keyAt(text: string, key: string): boolean {
  const at = cursor.at
  return text.slice(at, at + key.length) === key
}

function chunk(fields: readonly FieldShape[], readers: readonly Reader[], offset: number): FieldsReader {
  const count = Math.min(4, fields.length - offset)
  const field = (i: number): FieldShape | undefined => (i < count ? fields[offset + i] : undefined)
  const [s0, s1, s2, s3] = [field(0), field(1), field(2), field(3)]
  const name = (shape: FieldShape | undefined) => shape?.name ?? ""
  const [k0, k1, k2, k3] = [name(s0), name(s1), name(s2), name(s3)]
  const [o0, o1, o2, o3] = [s0?.optional === true, s1?.optional === true, s2?.optional === true, s3?.optional === true]
  const reader = (i: number) => (i < count ? (readers[offset + i] as Reader) : none)
  const [r0, r1, r2, r3] = [reader(0), reader(1), reader(2), reader(3)]
  const key = (name: string) => JSON.stringify(name) + ":"
  const [f0, f1, f2, f3] = [key(k0), key(k1), key(k2), key(k3)]
  const [c0, c1, c2, c3] = ["," + f0, "," + f1, "," + f2, "," + f3]
  const next = offset + 4 < fields.length ? chunk(fields, readers, offset + 4) : undefined
  return (text, out, first, depth, limits) => {
    let prefix = first ? f0 : c0
    if (keyAt(text, prefix)) {
      cursor.at += prefix.length
      const value = r0(text, depth, limits)
      // An optional field's reader gives undefined for null: left out, as absent.
      if (!o0 || value !== undefined) out[k0] = value
      first = false
    } else if (!o0) bail()
    if (count > 1) {
      prefix = first ? f1 : c1
      if (keyAt(text, prefix)) {
        cursor.at += prefix.length
        const value = r1(text, depth, limits)
        if (!o1 || value !== undefined) out[k1] = value
        first = false
      } else if (!o1) bail()
      if (count > 2) {
        prefix = first ? f2 : c2
        if (keyAt(text, prefix)) {
          cursor.at += prefix.length
          const value = r2(text, depth, limits)
          if (!o2 || value !== undefined) out[k2] = value
          first = false
        } else if (!o2) bail()
        if (count > 3) {
          prefix = first ? f3 : c3
          if (keyAt(text, prefix)) {
            cursor.at += prefix.length
            const value = r3(text, depth, limits)
            if (!o3 || value !== undefined) out[k3] = value
            first = false
          } else if (!o3) bail()
        }
      }
    }
    return next === undefined ? first : next(text, out, first, depth, limits)
  }
}
