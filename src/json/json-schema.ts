/**
 * JSON Schema (draft 2020-12) of a descriptor's JSON form: what
 * `Json.Serialize` writes and `Json.Deserialize` reads, so other tools (an
 * OpenAPI document, a validator in another language) can check the same
 * data. Exposed as `Json.Schema(descriptor)` and through Standard JSON
 * Schema (`descriptor["~standard"].jsonSchema.output({ target })`).
 */
import type { Descriptor, LazyDescriptor, RecordDescriptor, UnionDescriptor } from "../descriptor/descriptor.js"
import { resolve } from "../descriptor/composites.js"
import { datePattern } from "../descriptor/date-format.js"
import { jsonMessages, schemaNameTaken } from "./messages.js"
import { fieldShapes, unionShape, type FieldShape } from "./shape.js"

/**
 * A JSON Schema, as plain data.
 *
 * @example
 * ```ts
 * const schema: JsonSchema = { type: "integer" }
 * ```
 */
export type JsonSchema = Record<string, unknown>

const dialect = "https://json-schema.org/draft/2020-12/schema"
// What the ISO reader accepts: a date, or a date and time with seconds, fraction and zone optional as it reads them.
const isoPattern =
  "^(?:[+-]\\d{6}|\\d{4})-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])" +
  "(?:T(?:[01]\\d|2[0-3]):[0-5]\\d(?::[0-5]\\d(?:\\.\\d{1,9})?)?(?:Z|[+-](?:[01]\\d|2[0-3]):[0-5]\\d))?$"

/**
 * The schema of a scalar whose JSON and URL text mean the same value (an
 * integer in the safe range, a number, a string, a boolean, a bigint's
 * digits, an enum's numbers); undefined for any other descriptor. Shared
 * with the OpenAPI parameters.
 *
 * @example
 * ```ts
 * scalarSchema(t.bigint) //=> { type: "string", pattern: "^-?[0-9]+$" }
 * ```
 */
export function scalarSchema(descriptor: Descriptor): JsonSchema | undefined {
  const d = resolve(descriptor)
  switch (d.kind) {
    case "int":
      return { type: "integer", minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER }
    case "float":
      return { type: "number" }
    case "string":
      return { type: "string" }
    case "bool":
      return { type: "boolean" }
    case "bigint":
      return { type: "string", pattern: "^-?[0-9]+$" }
    case "enum":
      return { type: "integer", enum: d.values.map(([, value]) => value) }
    default:
      return undefined
  }
}

/**
 * One schema build, for one schema (`Json.Schema`) or a whole document (an
 * OpenAPI document's components): named records (`Name`) and recursive
 * types (`t.lazy`, named in the order they are met) become definitions
 * under `refBase`, each written once.
 *
 * @example
 * ```ts
 * const builder = new SchemaBuilder("#/components/schemas/", new Set(["Problem"]))
 * builder.of(Article) //=> { $ref: "#/components/schemas/Article" }; builder.defs.Article holds its schema
 * ```
 */
export class SchemaBuilder {
  readonly defs: Record<string, JsonSchema> = {}
  private readonly names = new Map<LazyDescriptor<unknown>, string>()
  // Named records by name: a name is one schema (the same record declared twice is one, if both read the same).
  private readonly named = new Map<string, { descriptor: RecordDescriptor; text: string | undefined }>()

  constructor(
    private readonly refBase = "#/$defs/",
    private readonly taken: ReadonlySet<string> = new Set(),
  ) {}

  /** A record's schema under its `Name`: a reference, with the definition written at its first use. */
  private namedRecord(d: RecordDescriptor, name: string): JsonSchema {
    const ref = { $ref: `${this.refBase}${name}` }
    if (this.taken.has(name)) throw new TypeError(schemaNameTaken(name))
    const known = this.named.get(name)
    if (known?.descriptor === d) return ref
    const entry = { descriptor: d, text: undefined as string | undefined }
    if (known === undefined) this.named.set(name, entry)
    const schema = this.object(fieldShapes(d, "record"), undefined)
    const text = JSON.stringify(schema)
    if (known !== undefined) {
      if (known.text !== text) throw new TypeError(schemaNameTaken(name))
      return ref
    }
    entry.text = text
    this.defs[name] = schema
    return ref
  }

  of(descriptor: Descriptor): JsonSchema {
    if (descriptor.kind === "lazy") return this.lazy(descriptor)
    const d = resolve(descriptor)
    switch (d.kind) {
      case "file":
        throw new TypeError(jsonMessages.fileNotJson)
      case "int":
      case "float":
      case "string":
      case "bool":
      case "bigint":
      case "enum":
        return scalarSchema(d) as JsonSchema
      case "datetime":
        return d.format === undefined
          ? { type: "string", format: "date-time", pattern: isoPattern }
          : { type: "string", pattern: datePattern(d.format) }
      case "option":
        return { anyOf: [this.of(d.of), { type: "null" }] }
      case "list":
        return { type: "array", items: this.of(d.of) }
      case "tuple":
        return {
          type: "array",
          prefixItems: d.items.map((item: Descriptor) => this.of(item)),
          items: false,
          minItems: d.items.length,
        }
      case "map":
        return { type: "object", additionalProperties: this.of(d.of) }
      case "record":
        return d.name === undefined ? this.object(fieldShapes(d, "record"), undefined) : this.namedRecord(d, d.name)
      case "case":
        return this.object(fieldShapes(d as unknown as RecordDescriptor, "record"), undefined)
      case "union":
        return this.union(d)
      default:
        throw new TypeError(jsonMessages.noSchema((d as { kind: string }).kind))
    }
  }

  /** An object with its fields: required unless optional (an optional one may also be `null`, read as absent). */
  object(fields: readonly FieldShape[], tag: { readonly key: string; readonly value: string } | undefined): JsonSchema {
    const properties: Record<string, JsonSchema> = Object.create(null) as Record<string, JsonSchema>
    const required: string[] = []
    if (tag !== undefined) {
      properties[tag.key] = { const: tag.value }
      required.push(tag.key)
    }
    for (const field of fields) {
      const schema = this.of(field.type)
      properties[field.name] = field.optional ? { anyOf: [schema, { type: "null" }] } : schema
      if (!field.optional) required.push(field.name)
    }
    // Unknown keys are ignored by the reader: the schema allows them too.
    return { type: "object", properties: { ...properties }, required }
  }

  union(descriptor: UnionDescriptor<any, any>): JsonSchema {
    const shape = unionShape(descriptor)
    return {
      oneOf: shape.cases.map((entry) => this.object(entry.fields, { key: shape.tagKey, value: entry.tag })),
    }
  }

  lazy(descriptor: LazyDescriptor<unknown>): JsonSchema {
    const target = resolve(descriptor)
    // A named record needs no second name: its own definition is the one a recursion refers to.
    if (target.kind === "record" && target.name !== undefined) return this.namedRecord(target, target.name)
    let name = this.names.get(descriptor)
    if (name === undefined) {
      name = `Lazy${this.names.size + 1}`
      while (this.taken.has(name) || this.named.has(name)) name = `${name}_`
      this.names.set(descriptor, name)
      this.defs[name] = this.of(target)
    }
    return { $ref: `${this.refBase}${name}` }
  }
}

/**
 * The JSON Schema (draft 2020-12) of a descriptor's JSON form: integers
 * within the safe range, bigints as digit strings, dates as ISO 8601 text
 * (or a pattern of their custom format), options as the value or `null`,
 * tuples with `prefixItems`, records with their required fields (optional
 * ones may be absent or `null`), unions as `oneOf` cases told apart by their
 * `$` (or `NamedUnionCases`) tag with `Name`d tags, maps as
 * `additionalProperties`, `t.lazy` recursion and `Name`d records through
 * `$defs` (a named record at the top is a `$ref` to its own). `t.file` has
 * no JSON form: a `TypeError`.
 *
 * @example
 * ```ts
 * Json.Schema(t.record({ id: t.int, note: t.option(t.string) }))
 * //=> { $schema: "https://json-schema.org/draft/2020-12/schema", type: "object",
 * //     properties: { id: { type: "integer", … }, note: { anyOf: [{ type: "string" }, { type: "null" }] } }, required: ["id"] }
 * ```
 */
export function jsonSchemaOf(descriptor: Descriptor): JsonSchema {
  const builder = new SchemaBuilder()
  const schema = builder.of(descriptor)
  return Object.keys(builder.defs).length === 0
    ? { $schema: dialect, ...schema }
    : { $schema: dialect, ...schema, $defs: builder.defs }
}
