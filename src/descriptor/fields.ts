import type { CaseDescriptor, Descriptor, FieldInput, FieldSource } from "./descriptor.js"
import { list, option, resolve } from "./composites.js"
import * as descriptorMessages from "./messages.js"
import { datetime } from "./primitives.js"
import { schemaOf } from "./standard.js"

/** A case or record field after every attribute has been applied. */
export interface FieldInfo {
  /** The property name in the TypeScript value. */
  readonly name: string
  /** The value's descriptor, with `DateTimeFormat` applied. */
  readonly type: Descriptor
  /** Where routing reads it from. */
  readonly source: FieldSource
  /** The query or form key (the name unless a template renamed it). */
  readonly key: string
  /** An option field: optional property, optional query key, omitted in JSON. */
  readonly optional: boolean
}

const cache = new WeakMap<object, readonly FieldInfo[]>()

// A Json(schema) placeholder resolves to an option only for routing defaults: the schema decides what is valid.
const isOption = (descriptor: Descriptor): boolean =>
  schemaOf(descriptor) === undefined && resolve(descriptor).kind === "option"

function fieldInfo(name: string, input: FieldInput): FieldInfo {
  if (input.kind === "field") {
    return { name, type: input.of, source: input.source, key: input.key ?? name, optional: isOption(input.of) }
  }
  return { name, type: input, source: "path", key: name, optional: isOption(input) }
}

/**
 * The fields of a record or case in declaration order, with the case
 * attributes `Query`, `Json`, `FormData` and `DateTimeFormat` applied.
 * Throws a clear error for an impossible shape (an attribute naming no field,
 * two `Json` fields, a field with two sources). Cached per descriptor.
 *
 * @example
 * ```ts
 * caseFields(t.case({ q: t.string }, Query("q")), "Search")
 * //=> [{ name: "q", type: t.string, source: "query", key: "q", optional: false }]
 * ```
 */
export function caseFields(
  descriptor: CaseDescriptor | { readonly fields: Readonly<Record<string, FieldInput>> },
  caseName = "record",
): readonly FieldInfo[] {
  const cached = cache.get(descriptor)
  if (cached) return cached
  const byName = new Map<string, FieldInfo>()
  const inputs = descriptor.fields as Readonly<Record<string, FieldInput>>
  for (const name of Object.keys(inputs)) byName.set(name, fieldInfo(name, inputs[name] as FieldInput))
  const attributes = "attributes" in descriptor ? descriptor.attributes : []
  const moveTo = (attribute: string, name: string, source: FieldSource) => {
    const info = byName.get(name)
    if (!info) throw new TypeError(descriptorMessages.unknownAttributeField(caseName, attribute, name))
    if (info.source !== "path" && info.source !== source) {
      throw new TypeError(descriptorMessages.conflictingSource(caseName, name, info.source, source))
    }
    byName.set(name, { ...info, source })
  }
  let responds = 0
  for (const attribute of attributes) {
    switch (attribute.name) {
      case "Responds":
        if (++responds > 1) throw new TypeError(descriptorMessages.severalResponds(caseName))
        break
      case "Query":
        for (const name of attribute.values) moveTo("Query", name, "query")
        break
      case "FormData":
        for (const name of attribute.values) moveTo("FormData", name, "form")
        break
      case "Json":
        moveTo("Json", attribute.values[0], "json")
        break
      case "DateTimeFormat": {
        const [name, format] = attribute.values
        const info = byName.get(name)
        if (!info) throw new TypeError(descriptorMessages.unknownAttributeField(caseName, "DateTimeFormat", name))
        const withFormat = applyFormat(info.type, format)
        if (!withFormat) throw new TypeError(descriptorMessages.dateTimeFormatOnNonDate(caseName, name))
        byName.set(name, { ...info, type: withFormat })
        break
      }
      default:
        break
    }
  }
  const fields = Object.freeze([...byName.values()].map((info) => Object.freeze(info)))
  const json = fields.filter((info) => info.source === "json")
  if (json.length > 1)
    throw new TypeError(
      descriptorMessages.severalJsonFields(
        caseName,
        json.map((info) => info.name),
      ),
    )
  cache.set(descriptor, fields)
  return fields
}

// DateTimeFormat reaches through option and list, as WebSharper's does for DateTime? and DateTime[].
function applyFormat(type: Descriptor, format: string): Descriptor | undefined {
  const target = resolve(type)
  if (target.kind === "datetime") return datetime(format)
  if (target.kind === "option" || target.kind === "list") {
    const inner = applyFormat(target.of, format)
    // The builders, not a spread: a spread would drop the non-enumerable ~standard.
    return inner && (target.kind === "option" ? option(inner) : list(inner))
  }
  return undefined
}

/**
 * The tag a case carries in URLs and JSON: its `Name(…)` or its key.
 *
 * @example
 * ```ts
 * caseTag("Article", t.case({}, Name("a"))) //=> "a"
 * ```
 */
export function caseTag(key: string, descriptor: CaseDescriptor): string {
  for (const attribute of descriptor.attributes) if (attribute.name === "Name") return attribute.values[0]
  return key
}
