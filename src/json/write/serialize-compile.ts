import type { Descriptor } from "../../descriptor/descriptor.js"
import { resolve } from "../../descriptor/composites.js"
import { schemaOf } from "../../descriptor/standard.js"
import { at, fail, tooDeep } from "../failure.js"
import { jsonMessages } from "../messages.js"
import { type FieldShape, fieldShapes, caseByTag, compiler, isObject, unionShape } from "../shape.js"
import { fieldsWriter, type FieldsWriter } from "./serialize-fields.js"
import {
  dateWriter,
  enumWriter,
  quote,
  writeBigInt,
  writeBool,
  writeFloat,
  writeInt,
  writeString,
  type Writer,
} from "./serialize-scalars.js"

/**
 * The serializer of a descriptor, compiled once and cached. It writes JSON
 * text directly (keys pre-quoted at compile time), with no intermediate
 * object, in the exact text `JSON.stringify(encode(d, value))` gives.
 *
 * @example
 * ```ts
 * writerOf(t.record({ id: t.int }))({ id: 1 }, 0, defaultLimits) //=> '{"id":1}'
 * ```
 */
export const writerOf: (descriptor: Descriptor) => Writer = compiler(build)

function build(descriptor: Descriptor): Writer {
  // A Json(schema) field's value is plain JSON already.
  if (schemaOf(descriptor) !== undefined) return (value) => JSON.stringify(value) ?? fail(jsonMessages.jsonValue, value)
  switch (descriptor.kind) {
    case "lazy": {
      let target: Writer | undefined
      return (value, depth, limits) => (target ??= writerOf(resolve(descriptor)))(value, depth, limits)
    }
    case "file":
      // A file travels as a multipart part, never as JSON: refused when the codec is compiled.
      throw new TypeError(jsonMessages.fileNotJson)
    case "int":
      return writeInt
    case "float":
      return writeFloat
    case "string":
      return writeString
    case "bool":
      return writeBool
    case "bigint":
      return writeBigInt
    case "datetime":
      return dateWriter(descriptor)
    case "enum":
      return enumWriter(descriptor)
    case "option": {
      const inner = writerOf(descriptor.of)
      return (value, depth, limits) => (value === undefined || value === null ? "null" : inner(value, depth, limits))
    }
    case "list":
      return listWriter(writerOf(descriptor.of))
    case "tuple":
      return tupleWriter((descriptor.items as readonly Descriptor[]).map(writerOf))
    case "map":
      return mapWriter(writerOf(descriptor.of))
    case "record":
      return recordWriter(fieldShapes(descriptor, "record"))
    case "case":
      return recordWriter(fieldShapes(descriptor, "case"))
    case "union":
      return unionWriter(descriptor)
  }
}

function listWriter(item: Writer): Writer {
  return (value, depth, limits) => {
    if (!Array.isArray(value)) return fail("an array", value)
    if (depth >= limits.maxDepth) tooDeep(limits)
    const length = value.length
    if (length === 0) return "[]"
    let i = 0
    try {
      let out = "[" + item(value[0], depth + 1, limits)
      let chunks: string[] | undefined
      for (i = 1; i < length; i++) {
        out += "," + item(value[i], depth + 1, limits)
        // A long list: its text in flat chunks (see flatChunk), joined once at the end.
        if (out.length >= chunkLength) {
          ;(chunks ??= []).push(flatChunk(out))
          out = ""
        }
      }
      return chunks === undefined ? out + "]" : chunks.join("") + out + "]"
    } catch (error) {
      throw at(error, i)
    }
  }
}

// Concatenation makes a tree of string pieces that the engine flattens once the text is used. A list of
// thousands of records would keep millions of pieces alive until then, all of them surviving young-generation
// collections (copied, then promoted): 10 MB of text took 2.5x JSON.stringify's time. Flattening every ~16 KB
// lets the pieces die young; the chunks are joined once.
const chunkLength = 16_384

/** The same text as one flat string (reading a character flattens a string made by concatenation). */
function flatChunk(text: string): string {
  text.charCodeAt(0)
  return text
}

function tupleWriter(items: readonly Writer[]): Writer {
  const expected = jsonMessages.tupleOf(items.length)
  return (value, depth, limits) => {
    if (!Array.isArray(value) || value.length !== items.length) return fail(expected, value)
    if (depth >= limits.maxDepth) tooDeep(limits)
    let out = "["
    let i = 0
    try {
      for (; i < items.length; i++) out += (i === 0 ? "" : ",") + (items[i] as Writer)(value[i], depth + 1, limits)
    } catch (error) {
      throw at(error, i)
    }
    return out + "]"
  }
}

function mapWriter(item: Writer): Writer {
  return (value, depth, limits) => {
    if (!isObject(value)) return fail("an object", value)
    if (depth >= limits.maxDepth) tooDeep(limits)
    let out = "{"
    let chunks: string[] | undefined
    for (const key of Object.keys(value)) {
      try {
        out +=
          (out.length === 1 && chunks === undefined ? "" : ",") + quote(key) + ":" + item(value[key], depth + 1, limits)
      } catch (error) {
        throw at(error, key)
      }
      // A large map, like a long list: flat chunks joined once.
      if (out.length >= chunkLength) {
        ;(chunks ??= []).push(flatChunk(out))
        out = ""
      }
    }
    return chunks === undefined ? out + "}" : chunks.join("") + out + "}"
  }
}

const fieldsOf = (fields: readonly FieldShape[]): FieldsWriter =>
  fieldsWriter(
    fields,
    fields.map((field) => writerOf(field.type)),
  )

function recordWriter(fields: readonly FieldShape[]): Writer {
  const write = fieldsOf(fields)
  return (value, depth, limits) => {
    if (!isObject(value)) return fail("an object", value)
    if (depth >= limits.maxDepth) tooDeep(limits)
    return write(value, "{", true, depth + 1, limits) + "}"
  }
}

function unionWriter(descriptor: Extract<Descriptor, { kind: "union" }>): Writer {
  const shape = unionShape(descriptor)
  const byKey = new Map(
    shape.cases.map(
      (c) =>
        [
          c.key,
          { prefix: `{${JSON.stringify(shape.tagKey)}:${JSON.stringify(c.tag)}`, write: fieldsOf(c.fields) },
        ] as const,
    ),
  )
  const expected = jsonMessages.oneOfTags(shape.keys)
  return (value, depth, limits) => {
    if (!isObject(value)) return fail("an object", value)
    if (depth >= limits.maxDepth) tooDeep(limits)
    const found = caseByTag(byKey, value, expected)
    return found.write(value, found.prefix, false, depth + 1, limits) + "}"
  }
}
