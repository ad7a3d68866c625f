import type { Descriptor } from "../../descriptor/descriptor.js"
import { resolve } from "../../descriptor/composites.js"
import { schemaOf } from "../../descriptor/standard.js"
import { at, fail, tooDeep } from "../failure.js"
import { jsonMessages } from "../messages.js"
import { type FieldShape, fieldShapes, compiler, isObject, readField, unionShape } from "../shape.js"
import { fieldsDecoder, type FieldsDecoder } from "./decode-fields.js"
import { foreignDecoder } from "./standard-schema.js"
import {
  dateDecoder,
  decodeBigInt,
  decodeBool,
  decodeFloat,
  decodeInt,
  decodeString,
  type Decoder,
  enumDecoder,
  passThrough,
} from "./decode-scalars.js"

/**
 * The decoder of a descriptor, compiled once and cached. `t.lazy` compiles
 * to a forwarder that resolves on first call, so recursive descriptors never
 * loop at compile time.
 *
 * @example
 * ```ts
 * decoderOf(t.list(t.int))([1, 2], 0, defaultLimits) //=> [1, 2]
 * ```
 */
export const decoderOf: (descriptor: Descriptor) => Decoder = compiler(build)

function build(descriptor: Descriptor): Decoder {
  const schema = schemaOf(descriptor)
  if (schema !== undefined) return foreignDecoder(schema)
  switch (descriptor.kind) {
    case "lazy": {
      let target: Decoder | undefined
      return (value, depth, limits) => (target ??= decoderOf(resolve(descriptor)))(value, depth, limits)
    }
    case "file":
      // A file travels as a multipart part, never as JSON: refused when the codec is compiled.
      throw new TypeError(jsonMessages.fileNotJson)
    case "int":
      return decodeInt
    case "float":
      return decodeFloat
    case "string":
      return decodeString
    case "bool":
      return decodeBool
    case "bigint":
      return decodeBigInt
    case "datetime":
      return dateDecoder(descriptor)
    case "enum":
      return enumDecoder(descriptor)
    case "option": {
      const inner = decoderOf(descriptor.of)
      return (value, depth, limits) => (value === null || value === undefined ? undefined : inner(value, depth, limits))
    }
    case "list":
      return listDecoder(decoderOf(descriptor.of))
    case "tuple":
      return tupleDecoder((descriptor.items as readonly Descriptor[]).map(decoderOf))
    case "map":
      return mapDecoder(decoderOf(descriptor.of))
    case "record":
      return recordDecoder(fieldsOf(fieldShapes(descriptor, "record")))
    case "case":
      return recordDecoder(fieldsOf(fieldShapes(descriptor, "case")))
    case "union":
      return unionDecoder(descriptor)
  }
}

function listDecoder(item: Decoder): Decoder {
  const copyAfterCheck = passThrough.has(item)
  return (value, depth, limits) => {
    if (!Array.isArray(value)) return fail("an array", value)
    if (depth >= limits.maxDepth) tooDeep(limits)
    const length = value.length
    let i = 0
    try {
      if (copyAfterCheck) {
        for (; i < length; i++) item(value[i], depth + 1, limits)
        return value.slice()
      }
      const out: unknown[] = []
      for (; i < length; i++) out.push(item(value[i], depth + 1, limits))
      return out
    } catch (error) {
      throw at(error, i)
    }
  }
}

function tupleDecoder(items: readonly Decoder[]): Decoder {
  const expected = jsonMessages.tupleOf(items.length)
  return (value, depth, limits) => {
    if (!Array.isArray(value) || value.length !== items.length) return fail(expected, value)
    if (depth >= limits.maxDepth) tooDeep(limits)
    const out: unknown[] = []
    let i = 0
    try {
      for (; i < items.length; i++) out.push((items[i] as Decoder)(value[i], depth + 1, limits))
    } catch (error) {
      throw at(error, i)
    }
    return out
  }
}

function mapDecoder(item: Decoder): Decoder {
  return (value, depth, limits) => {
    if (!isObject(value)) return fail("an object", value)
    if (depth >= limits.maxDepth) tooDeep(limits)
    // Keys are attacker-chosen: a null-prototype object makes `__proto__` an ordinary key.
    const out: Record<string, unknown> = Object.create(null)
    for (const key of Object.keys(value)) {
      try {
        out[key] = item(value[key], depth + 1, limits)
      } catch (error) {
        throw at(error, key)
      }
    }
    return out
  }
}

const fieldsOf = (fields: readonly FieldShape[]): FieldsDecoder =>
  fieldsDecoder(
    fields,
    fields.map((field) => decoderOf(field.type)),
  )

function recordDecoder(fields: FieldsDecoder): Decoder {
  return (value, depth, limits) => {
    if (!isObject(value)) return fail("an object", value)
    if (depth >= limits.maxDepth) tooDeep(limits)
    const out: Record<string, unknown> = {}
    fields(value, out, depth + 1, limits)
    return out
  }
}

function unionDecoder(descriptor: Extract<Descriptor, { kind: "union" }>): Decoder {
  const shape = unionShape(descriptor)
  const byTag = new Map(shape.cases.map((c) => [c.tag, { key: c.key, fields: fieldsOf(c.fields) }] as const))
  const expected = jsonMessages.oneOfTags(shape.tags)
  const tagKey = shape.tagKey
  // A tag key like `constructor` would otherwise be found on Object.prototype.
  const guarded = tagKey in Object.prototype
  return (value, depth, limits) => {
    if (!isObject(value)) return fail("an object", value)
    if (depth >= limits.maxDepth) tooDeep(limits)
    const tag = readField(value, tagKey, guarded)
    const found = typeof tag === "string" ? byTag.get(tag) : undefined
    if (found === undefined) {
      try {
        fail(expected, tag)
      } catch (error) {
        throw at(error, tagKey)
      }
    }
    const out: Record<string, unknown> = { $: found.key }
    found.fields(value, out, depth + 1, limits)
    return out
  }
}
