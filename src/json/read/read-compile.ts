import type { Descriptor } from "../../descriptor/descriptor.js"
import { resolve } from "../../descriptor/composites.js"
import { schemaOf } from "../../descriptor/standard.js"
import { fieldsReader, type FieldsReader, type PlainObject, plainObjects, recordFieldsReader } from "./read-fields.js"
import {
  dateReader,
  enumReader,
  readBigInt,
  readBoolValue,
  readFloat,
  readInt,
  type Reader,
  readStringValue,
} from "./read-scalars.js"
import { type JsonOptions, limitsOf } from "../options.js"
import { bail, cursor, expect, miss, readString, skipNull, startText } from "./read-text.js"
import { type FieldShape, fieldShapes, compiler, unionShape } from "../shape.js"
import { jsonMessages } from "../messages.js"

/**
 * The fast reader of a descriptor, compiled once and cached: it builds the
 * typed value in one pass over JSON text, without `JSON.parse`'s
 * intermediate objects, for text shaped the way `Json.Serialize` writes it
 * (declared keys in order, no insignificant whitespace). Anything else makes
 * it bail, and `Json.Deserialize` takes the general path; the value is the
 * same either way. Undefined when the descriptor holds parts only the
 * general path handles (a foreign schema, field names on `Object.prototype`).
 *
 * @example
 * ```ts
 * startText()
 * readerOf(t.list(t.int))?.("[1,2]", 0, defaultLimits) //=> [1, 2]
 * ```
 */
export const readerOf: (descriptor: Descriptor) => Reader | undefined = compiler(build)

function build(descriptor: Descriptor): Reader | undefined {
  if (schemaOf(descriptor) !== undefined) return undefined
  switch (descriptor.kind) {
    case "lazy":
      return lazyReader(descriptor)
    case "file":
      // A file travels as a multipart part, never as JSON: refused when the codec is compiled.
      throw new TypeError(jsonMessages.fileNotJson)
    case "int":
      return readInt
    case "float":
      return readFloat
    case "string":
      return readStringValue
    case "bool":
      return readBoolValue
    case "bigint":
      return readBigInt
    case "datetime":
      return dateReader(descriptor)
    case "enum":
      return enumReader(descriptor)
    case "option":
      return optionReader(readerOf(descriptor.of))
    case "list":
      return listReader(readerOf(descriptor.of))
    case "tuple":
      return tupleReader((descriptor.items as readonly Descriptor[]).map(readerOf))
    case "map":
      return mapReader(readerOf(descriptor.of))
    case "record":
      return recordReader(fieldShapes(descriptor, "record"))
    case "case":
      return recordReader(fieldShapes(descriptor, "case"))
    case "union":
      return unionReader(descriptor)
  }
}

function lazyReader(descriptor: Descriptor & { kind: "lazy" }): Reader {
  let target: Reader | undefined
  return (text, depth, limits) => {
    if (target === undefined) {
      // Resolving runs the user's thunk, which could itself deserialize: keep our place.
      const at = cursor.at
      target = readerOf(resolve(descriptor)) ?? bail
      cursor.at = at
    }
    return target(text, depth, limits)
  }
}

function optionReader(inner: Reader | undefined): Reader | undefined {
  if (inner === undefined) return undefined
  return (text, depth, limits) => (skipNull(text) ? undefined : inner(text, depth, limits))
}

function listReader(item: Reader | undefined): Reader | undefined {
  if (item === undefined) return undefined
  return (text, depth, limits) => {
    expect(text, 91)
    if (depth >= limits.maxDepth) bail()
    if (text.charCodeAt(cursor.at) === 93) {
      cursor.at++
      return []
    }
    // Up to three items, an array literal of exactly their number (as JSON.parse's arrays are): an array grown
    // by push reserves 16 slots or more, which is most of the memory of a decoded short list.
    const a = item(text, depth + 1, limits)
    if (next(text) === 93) return [a]
    const b = item(text, depth + 1, limits)
    if (next(text) === 93) return [a, b]
    const c = item(text, depth + 1, limits)
    if (next(text) === 93) return [a, b, c]
    const out: unknown[] = [a, b, c]
    for (;;) {
      out.push(item(text, depth + 1, limits))
      if (next(text) === 93) return out.length < 64 ? out.slice() : out
    }
  }
}

// After an item: the code of the closing bracket (93) past it, or past a comma (44) before the next item.
function next(text: string): number {
  const code = text.charCodeAt(cursor.at++)
  if (code !== 93 && code !== 44) bail()
  return code
}

function tupleReader(items: readonly (Reader | undefined)[]): Reader | undefined {
  if (items.includes(undefined)) return undefined
  const readers = items as readonly Reader[]
  return (text, depth, limits) => {
    expect(text, 91)
    if (depth >= limits.maxDepth) bail()
    const out: unknown[] = []
    for (let i = 0; i < readers.length; i++) {
      if (i > 0) expect(text, 44)
      out.push((readers[i] as Reader)(text, depth + 1, limits))
    }
    expect(text, 93)
    return out
  }
}

function mapReader(item: Reader | undefined): Reader | undefined {
  if (item === undefined) return undefined
  return (text, depth, limits) => {
    expect(text, 123)
    if (depth >= limits.maxDepth) bail()
    // Keys are attacker-chosen: a null-prototype object makes `__proto__` an ordinary key.
    // A repeated key keeps its first place and its last value, as JSON.parse's object does.
    const out: Record<string, unknown> = Object.create(null)
    if (text.charCodeAt(cursor.at) === 125) {
      cursor.at++
      return out
    }
    for (;;) {
      const key = readString(text)
      expect(text, 58)
      out[key] = item(text, depth + 1, limits)
      const code = text.charCodeAt(cursor.at++)
      if (code === 125) return out
      if (code !== 44) bail()
    }
  }
}

// The readers of a record's or case's fields; undefined when one has no fast reader.
const readersOf = (fields: readonly FieldShape[]): Reader[] | undefined => {
  const readers = fields.map((field) => readerOf(field.type))
  return readers.includes(undefined) ? undefined : (readers as Reader[])
}

function recordReader(fields: readonly FieldShape[]): Reader | undefined {
  const readers = readersOf(fields)
  // Each record type gets its own plain-object constructor (see plainObjects).
  return readers === undefined ? undefined : recordFieldsReader(fields, readers, plainObjects())
}

function unionReader(descriptor: Descriptor & { kind: "union" }): Reader | undefined {
  const shape = unionShape(descriptor)
  const byTag = new Map<string, { key: string; fields: FieldsReader; Case: PlainObject }>()
  for (const c of shape.cases) {
    const readers = readersOf(c.fields)
    const fields = readers === undefined ? undefined : fieldsReader(c.fields, readers)
    if (fields === undefined) return undefined
    byTag.set(c.tag, { key: c.key, fields, Case: plainObjects() })
  }
  // The tag comes first, as Json.Serialize writes it: `{"$":"Click",…`.
  const opening = `{${JSON.stringify(shape.tagKey)}:`
  return (text, depth, limits) => {
    if (!text.startsWith(opening, cursor.at) || depth >= limits.maxDepth) bail()
    cursor.at += opening.length
    const found = byTag.get(readString(text)) ?? bail()
    const out = new found.Case()
    out.$ = found.key
    found.fields(text, depth + 1, limits, out)
    expect(text, 125)
    return out
  }
}

/**
 * The fast path of `Json.Deserialize`: the typed value read from the text,
 * or `miss` when the fast reader gives up for any reason (the caller then
 * runs `JSON.parse` + decode, which also produces every error).
 *
 * @example
 * ```ts
 * readJson(t.list(t.int), "[1,2]", undefined)   //=> [1, 2]
 * readJson(t.list(t.int), "[1, 2]", undefined)  //=> miss (whitespace: general path)
 * ```
 */
export function readJson(descriptor: Descriptor, text: string, options: JsonOptions | undefined): unknown {
  try {
    const read = readerOf(descriptor)
    if (read === undefined || typeof text !== "string") return miss
    startText(text.length)
    const value = read(text, 0, limitsOf(options))
    return cursor.at === text.length || onlySpaceAfter(text, cursor.at) ? value : miss
  } catch {
    // A bail, or anything thrown while compiling or reading: the general path decides (and reports) it.
    return miss
  }
}

// JSON.parse allows whitespace after the value (a trailing newline is common).
function onlySpaceAfter(text: string, at: number): boolean {
  for (; at < text.length; at++) {
    const code = text.charCodeAt(at)
    if (code !== 32 && code !== 10 && code !== 13 && code !== 9) return false
  }
  return true
}
