import type { Descriptor } from "../../descriptor/descriptor.js"
import { resolve } from "../../descriptor/composites.js"
import { parseDate } from "../../descriptor/date-format.js"
import { schemaOf } from "../../descriptor/standard.js"
import { tooDeep } from "../failure.js"
import type { Limits } from "../options.js"
import { parseBigIntText, parseIsoDate } from "../scalars.js"
import { type FieldShape, fieldShapes, compiler, isObject, readField, setOwn, unionShape } from "../shape.js"
import { jsonMessages } from "../messages.js"

/**
 * A compiled activator: converts a trusted plain JSON value where JSON cannot carry the type.
 *
 * @example
 * ```ts
 * const run: Activator = activatorOf(t.bigint)
 * run("12", 0, defaultLimits) //=> 12n
 * ```
 */
export type Activator = (value: unknown, depth: number, limits: Limits) => unknown

/** Marks "nothing to convert here": the value is returned as received. */
const identity: Activator = (value) => value

/**
 * The activator of a descriptor, compiled once and cached. Unlike a decoder
 * it checks nothing: it converts what JSON cannot carry (ISO strings → Date,
 * digit strings → bigint, `null` → undefined, renamed tags → `$`) and returns
 * parts with nothing to convert as they are, without copying.
 *
 * @example
 * ```ts
 * activatorOf(t.datetime)("2026-11-22T00:00:00.000Z", 0, defaultLimits) // a Date
 * ```
 */
export const activatorOf: (descriptor: Descriptor) => Activator = compiler(build)

function build(descriptor: Descriptor): Activator {
  if (schemaOf(descriptor) !== undefined) return identity
  switch (descriptor.kind) {
    case "lazy": {
      let target: Activator | undefined
      return (value, depth, limits) => (target ??= activatorOf(resolve(descriptor)))(value, depth, limits)
    }
    case "file":
      // A file travels as a multipart part, never as JSON: refused when the codec is compiled.
      throw new TypeError(jsonMessages.fileNotJson)
    case "int":
    case "float":
    case "string":
    case "bool":
    case "enum":
      return identity
    case "bigint":
      return (value, _depth, limits) =>
        typeof value === "string" ? (parseBigIntText(value, limits.maxBigIntDigits) ?? value) : value
    case "datetime": {
      const format = descriptor.format
      return (value) =>
        typeof value === "string"
          ? ((format === undefined ? parseIsoDate(value) : parseDate(value, format)) ?? value)
          : value
    }
    case "option": {
      const inner = activatorOf(descriptor.of)
      return (value, depth, limits) => (value === null || value === undefined ? undefined : inner(value, depth, limits))
    }
    case "list":
      return arrayActivator(undefined, activatorOf(descriptor.of))
    case "tuple":
      return arrayActivator((descriptor.items as readonly Descriptor[]).map(activatorOf), undefined)
    case "map": {
      const item = activatorOf(descriptor.of)
      if (item === identity) return identity
      return (value, depth, limits) => {
        if (!isObject(value)) return value
        if (depth >= limits.maxDepth) tooDeep(limits)
        const out: Record<string, unknown> = Object.create(null)
        for (const key of Object.keys(value)) out[key] = item(value[key], depth + 1, limits)
        return out
      }
    }
    case "record":
    case "case": {
      const fields = fieldsActivator(fieldShapes(descriptor, descriptor.kind), false)
      if (fields === undefined) return identity
      return (value, depth, limits) => {
        if (!isObject(value)) return value
        if (depth >= limits.maxDepth) tooDeep(limits)
        return fields(value, {}, depth + 1, limits)
      }
    }
    case "union":
      return unionActivator(descriptor)
  }
}

function arrayActivator(items: readonly Activator[] | undefined, item: Activator | undefined): Activator {
  if (item === identity || items?.every((each) => each === identity)) return identity
  return (value, depth, limits) => {
    if (!Array.isArray(value)) return value
    if (depth >= limits.maxDepth) tooDeep(limits)
    const out: unknown[] = []
    for (let i = 0; i < value.length; i++) out.push((item ?? items?.[i] ?? identity)(value[i], depth + 1, limits))
    return out
  }
}

type FieldsActivator = (
  value: Record<string, unknown>,
  out: Record<string, unknown>,
  depth: number,
  limits: Limits,
) => Record<string, unknown>

/** Copies the declared fields, converting them; undefined when no field needs converting (unless `copy`). */
function fieldsActivator(fields: readonly FieldShape[], copy: boolean): FieldsActivator | undefined {
  const activators = fields.map((field) => activatorOf(field.type))
  // Optional fields may arrive as null from other servers: converting those to undefined needs a copy.
  if (!copy && fields.every((field, i) => activators[i] === identity && !field.optional)) return undefined
  return (value, out, depth, limits) => {
    for (let i = 0; i < fields.length; i++) {
      const field = fields[i] as FieldShape
      const raw = readField(value, field.name, field.inherited)
      if (raw === undefined || (field.optional && raw === null)) continue
      setOwn(out, field.name, (activators[i] as Activator)(raw, depth, limits))
    }
    return out
  }
}

function unionActivator(descriptor: Extract<Descriptor, { kind: "union" }>): Activator {
  const shape = unionShape(descriptor)
  const tagKey = shape.tagKey
  const plain =
    tagKey === "$" && shape.cases.every((c) => c.key === c.tag && fieldsActivator(c.fields, false) === undefined)
  if (plain) return identity
  const byTag = new Map(
    shape.cases.map(
      (c) => [c.tag, { key: c.key, fields: fieldsActivator(c.fields, true) as FieldsActivator }] as const,
    ),
  )
  return (value, depth, limits) => {
    if (!isObject(value)) return value
    if (depth >= limits.maxDepth) tooDeep(limits)
    const tag = readField(value, tagKey, true)
    const found = typeof tag === "string" ? byTag.get(tag) : undefined
    if (found === undefined) return value
    return found.fields(value, { $: found.key }, depth + 1, limits)
  }
}
