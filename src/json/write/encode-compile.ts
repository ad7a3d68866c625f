import type { Descriptor } from "../../descriptor/descriptor.js"
import { resolve } from "../../descriptor/composites.js"
import { schemaOf } from "../../descriptor/standard.js"
import { at, fail, tooDeep } from "../failure.js"
import { jsonMessages } from "../messages.js"
import type { Limits } from "../options.js"
import { type FieldShape, fieldShapes, caseByTag, compiler, isObject, readField, setOwn, unionShape } from "../shape.js"
import { dateText } from "./serialize-scalars.js"

/**
 * A compiled encoder: turns a typed value into a plain JSON value.
 *
 * @example
 * ```ts
 * const run: Encoder = encoderOf(t.datetime)
 * run(new Date(0), 0, defaultLimits) //=> "1970-01-01T00:00:00.000Z"
 * ```
 */
export type Encoder = (value: unknown, depth: number, limits: Limits) => unknown

/**
 * The encoder of a descriptor, compiled once and cached. Its output is what
 * `JSON.stringify` turns into exactly the text the serializer writes.
 *
 * @example
 * ```ts
 * encoderOf(t.bigint)(12n, 0, defaultLimits) //=> "12"
 * ```
 */
export const encoderOf: (descriptor: Descriptor) => Encoder = compiler(build)

function build(descriptor: Descriptor): Encoder {
  // A Json(schema) field's value is plain JSON already.
  if (schemaOf(descriptor) !== undefined) return (value) => value
  switch (descriptor.kind) {
    case "lazy": {
      let target: Encoder | undefined
      return (value, depth, limits) => (target ??= encoderOf(resolve(descriptor)))(value, depth, limits)
    }
    case "file":
      // A file travels as a multipart part, never as JSON: refused when the codec is compiled.
      throw new TypeError(jsonMessages.fileNotJson)
    case "int":
      return (value) => (Number.isSafeInteger(value) ? value : fail("int", value))
    case "float":
      return (value) => (Number.isFinite(value) ? value : fail("float", value))
    case "string":
      return (value) => (typeof value === "string" ? value : fail("string", value))
    case "bool":
      return (value) => (typeof value === "boolean" ? value : fail("bool", value))
    case "bigint":
      return (value) => (typeof value === "bigint" ? String(value) : fail("bigint", value))
    case "datetime": {
      const text = dateText(descriptor.format)
      return (value) => text(value) ?? fail(jsonMessages.validDate, value)
    }
    case "enum": {
      const values = descriptor.values.map(([, value]) => value)
      const allowed = new Set<unknown>(values)
      return (value) => (allowed.has(value) ? value : fail(jsonMessages.oneOfNumbers(values), value))
    }
    case "option": {
      const inner = encoderOf(descriptor.of)
      return (value, depth, limits) => (value === undefined || value === null ? null : inner(value, depth, limits))
    }
    case "list":
      return arrayEncoder(undefined, encoderOf(descriptor.of))
    case "tuple":
      return arrayEncoder((descriptor.items as readonly Descriptor[]).map(encoderOf), undefined)
    case "map":
      return mapEncoder(encoderOf(descriptor.of))
    case "record":
      return recordEncoder(fieldShapes(descriptor, "record"))
    case "case":
      return recordEncoder(fieldShapes(descriptor, "case"))
    case "union":
      return unionEncoder(descriptor)
  }
}

function arrayEncoder(items: readonly Encoder[] | undefined, item: Encoder | undefined): Encoder {
  const expected = items ? jsonMessages.tupleOf(items.length) : "an array"
  return (value, depth, limits) => {
    if (!Array.isArray(value) || (items !== undefined && value.length !== items.length)) return fail(expected, value)
    if (depth >= limits.maxDepth) tooDeep(limits)
    const out: unknown[] = []
    let i = 0
    try {
      for (; i < value.length; i++)
        out.push((item ?? ((items as readonly Encoder[])[i] as Encoder))(value[i], depth + 1, limits))
    } catch (error) {
      throw at(error, i)
    }
    return out
  }
}

function mapEncoder(item: Encoder): Encoder {
  return (value, depth, limits) => {
    if (!isObject(value)) return fail("an object", value)
    if (depth >= limits.maxDepth) tooDeep(limits)
    const out: Record<string, unknown> = {}
    for (const key of Object.keys(value)) {
      try {
        setOwn(out, key, item(value[key], depth + 1, limits))
      } catch (error) {
        throw at(error, key)
      }
    }
    return out
  }
}

function fieldsEncoder(fields: readonly FieldShape[]) {
  const encoders = fields.map((field) => encoderOf(field.type))
  return (value: Record<string, unknown>, out: Record<string, unknown>, depth: number, limits: Limits): unknown => {
    let i = 0
    try {
      for (; i < fields.length; i++) {
        const field = fields[i] as FieldShape
        const raw = readField(value, field.name, field.inherited)
        if (field.optional && raw === undefined) continue
        setOwn(out, field.name, (encoders[i] as Encoder)(raw, depth, limits))
      }
    } catch (error) {
      throw at(error, (fields[i] as FieldShape).name)
    }
    return out
  }
}

function recordEncoder(fields: readonly FieldShape[]): Encoder {
  const encode = fieldsEncoder(fields)
  return (value, depth, limits) => {
    if (!isObject(value)) return fail("an object", value)
    if (depth >= limits.maxDepth) tooDeep(limits)
    return encode(value, {}, depth + 1, limits)
  }
}

function unionEncoder(descriptor: Extract<Descriptor, { kind: "union" }>): Encoder {
  const shape = unionShape(descriptor)
  const byKey = new Map(shape.cases.map((c) => [c.key, { tag: c.tag, encode: fieldsEncoder(c.fields) }] as const))
  const expected = jsonMessages.oneOfTags(shape.keys)
  return (value, depth, limits) => {
    if (!isObject(value)) return fail("an object", value)
    if (depth >= limits.maxDepth) tooDeep(limits)
    const found = caseByTag(byKey, value, expected)
    const out: Record<string, unknown> = {}
    setOwn(out, shape.tagKey, found.tag)
    return found.encode(value, out, depth + 1, limits)
  }
}
