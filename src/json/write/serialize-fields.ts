import { at } from "../failure.js"
import type { Limits } from "../options.js"
import { type FieldShape, readField } from "../shape.js"
import { type Writer, writeBool, writeFloat, writeInt, writeIsoDate, writeString } from "./serialize-scalars.js"

/**
 * Writes the declared fields of a value after `out` (`{` or `{"$":"Tag"`);
 * `empty` says whether `out` holds no field yet (no comma before the next
 * one). The caller closes the object.
 *
 * @example
 * ```ts
 * const write: FieldsWriter = fieldsWriter(fields, writers)
 * write({ id: 1 }, "{", true, 1, defaultLimits) + "}" //=> '{"id":1}'
 * ```
 */
export type FieldsWriter = (
  value: Record<string, unknown>,
  out: string,
  empty: boolean,
  depth: number,
  limits: Limits,
) => string

/**
 * The field writer of a record or case: keys quoted once at compile time,
 * fields in unrolled chunks of eight (one key per statement, which V8 caches
 * far better than one loop statement seeing every key). Names living on
 * `Object.prototype` are read with `Object.hasOwn`.
 *
 * @example
 * ```ts
 * fieldsWriter(fieldShapes(User, "record"), writers)(user, "{", true, 1, defaultLimits) //=> '{"id":1,…'
 * ```
 */
export function fieldsWriter(fields: readonly FieldShape[], writers: readonly Writer[]): FieldsWriter {
  if (fields.length === 0) return (_value, out) => out
  return chunk(fields, writers, 0)
}

const none: Writer = () => ""

// Scalar writers by a small number. Every record's chunk runs the same code, so a call through the field's
// writer closure is a call V8 cannot inline; a switch to the known scalar writer is inlined (about 15% on User).
const scalars: readonly Writer[] = [writeString, writeInt, writeFloat, writeBool, writeIsoDate]

/**
 * The number {@link writeKnown} dispatches on: a scalar writer's index, or -1.
 *
 * @example
 * ```ts
 * kindOf(writeInt) //=> 1
 * ```
 */
export const kindOf = (writer: Writer): number => scalars.indexOf(writer)

/**
 * Writes `raw` with `writer`, called directly when it is a known scalar writer (`kind`, from {@link kindOf}).
 *
 * @example
 * ```ts
 * writeKnown(kindOf(writeInt), writeInt, 1, 1, defaultLimits) //=> "1"
 * ```
 */
export function writeKnown(kind: number, writer: Writer, raw: unknown, depth: number, limits: Limits): string {
  switch (kind) {
    case 0:
      return writeString(raw, depth, limits)
    case 1:
      return writeInt(raw, depth, limits)
    case 2:
      return writeFloat(raw, depth, limits)
    case 3:
      return writeBool(raw, depth, limits)
    case 4:
      return writeIsoDate(raw, depth, limits)
    default:
      return writer(raw, depth, limits)
  }
}

function chunk(fields: readonly FieldShape[], writers: readonly Writer[], offset: number): FieldsWriter {
  const count = Math.min(8, fields.length - offset)
  const field = (i: number): FieldShape | undefined => (i < count ? fields[offset + i] : undefined)
  const name = (i: number) => field(i)?.name ?? ""
  const optional = (i: number) => field(i)?.optional === true
  const inherited = (i: number) => field(i)?.inherited === true
  const writer = (i: number) => (i < count ? (writers[offset + i] as Writer) : none)
  const key = (i: number) => JSON.stringify(name(i)) + ":"
  const k0 = name(0),
    o0 = optional(0),
    g0 = inherited(0),
    w0 = writer(0),
    t0 = kindOf(w0),
    f0 = key(0),
    c0 = "," + f0
  const k1 = name(1),
    o1 = optional(1),
    g1 = inherited(1),
    w1 = writer(1),
    t1 = kindOf(w1),
    f1 = key(1),
    c1 = "," + f1
  const k2 = name(2),
    o2 = optional(2),
    g2 = inherited(2),
    w2 = writer(2),
    t2 = kindOf(w2),
    f2 = key(2),
    c2 = "," + f2
  const k3 = name(3),
    o3 = optional(3),
    g3 = inherited(3),
    w3 = writer(3),
    t3 = kindOf(w3),
    f3 = key(3),
    c3 = "," + f3
  const k4 = name(4),
    o4 = optional(4),
    g4 = inherited(4),
    w4 = writer(4),
    t4 = kindOf(w4),
    f4 = key(4),
    c4 = "," + f4
  const k5 = name(5),
    o5 = optional(5),
    g5 = inherited(5),
    w5 = writer(5),
    t5 = kindOf(w5),
    f5 = key(5),
    c5 = "," + f5
  const k6 = name(6),
    o6 = optional(6),
    g6 = inherited(6),
    w6 = writer(6),
    t6 = kindOf(w6),
    f6 = key(6),
    c6 = "," + f6
  const k7 = name(7),
    o7 = optional(7),
    g7 = inherited(7),
    w7 = writer(7),
    t7 = kindOf(w7),
    f7 = key(7),
    c7 = "," + f7
  const next = offset + 8 < fields.length ? chunk(fields, writers, offset + 8) : undefined
  return (value, out, empty, depth, limits) => {
    let key = k0
    try {
      let raw = g0 ? readField(value, k0, true) : value[k0]
      if (!o0 || raw !== undefined) {
        out += (empty ? f0 : c0) + writeKnown(t0, w0, raw, depth, limits)
        empty = false
      }
      if (count === 1) return out
      key = k1
      raw = g1 ? readField(value, k1, true) : value[k1]
      if (!o1 || raw !== undefined) {
        out += (empty ? f1 : c1) + writeKnown(t1, w1, raw, depth, limits)
        empty = false
      }
      if (count === 2) return out
      key = k2
      raw = g2 ? readField(value, k2, true) : value[k2]
      if (!o2 || raw !== undefined) {
        out += (empty ? f2 : c2) + writeKnown(t2, w2, raw, depth, limits)
        empty = false
      }
      if (count === 3) return out
      key = k3
      raw = g3 ? readField(value, k3, true) : value[k3]
      if (!o3 || raw !== undefined) {
        out += (empty ? f3 : c3) + writeKnown(t3, w3, raw, depth, limits)
        empty = false
      }
      if (count === 4) return out
      key = k4
      raw = g4 ? readField(value, k4, true) : value[k4]
      if (!o4 || raw !== undefined) {
        out += (empty ? f4 : c4) + writeKnown(t4, w4, raw, depth, limits)
        empty = false
      }
      if (count === 5) return out
      key = k5
      raw = g5 ? readField(value, k5, true) : value[k5]
      if (!o5 || raw !== undefined) {
        out += (empty ? f5 : c5) + writeKnown(t5, w5, raw, depth, limits)
        empty = false
      }
      if (count === 6) return out
      key = k6
      raw = g6 ? readField(value, k6, true) : value[k6]
      if (!o6 || raw !== undefined) {
        out += (empty ? f6 : c6) + writeKnown(t6, w6, raw, depth, limits)
        empty = false
      }
      if (count === 7) return out
      key = k7
      raw = g7 ? readField(value, k7, true) : value[k7]
      if (!o7 || raw !== undefined) {
        out += (empty ? f7 : c7) + writeKnown(t7, w7, raw, depth, limits)
        empty = false
      }
    } catch (error) {
      throw at(error, key)
    }
    return next === undefined ? out : next(value, out, empty, depth, limits)
  }
}
