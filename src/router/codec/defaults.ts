import type { CaseDescriptor, Descriptor } from "../../descriptor/descriptor.js"
import { resolve } from "../../descriptor/composites.js"
import { caseFields } from "../../descriptor/fields.js"

/**
 * The value a missing field holds in an error result of `ParseWithErrors`:
 * `0`, `""`, `false`, `0n`, the epoch, the first enum value, `undefined`,
 * `[]`, and records, tuples and unions (first case) made of those.
 *
 * @example
 * ```ts
 * defaultValue(t.record({ id: t.int, q: t.string })) //=> { id: 0, q: "" }
 * ```
 */
export function defaultValue(descriptor: Descriptor, depth = 0): unknown {
  const d = resolve(descriptor)
  if (depth > 32) return undefined
  switch (d.kind) {
    case "int":
    case "float":
      return 0
    case "string":
      return ""
    case "bool":
      return false
    case "bigint":
      return 0n
    case "datetime":
      return new Date(0)
    case "enum":
      return d.values[0]?.[1]
    case "file":
      return new File([], "")
    case "option":
      return undefined
    case "list":
      return []
    case "map":
      return {}
    case "tuple":
      return d.items.map((item: Descriptor) => defaultValue(item, depth + 1))
    case "record":
      return defaultFields(d, undefined, depth)
    case "case":
      return defaultFields(d, undefined, depth)
    case "union": {
      const tag = Object.keys(d.cases)[0]
      return tag === undefined ? undefined : defaultFields(d.cases[tag] as CaseDescriptor, tag, depth)
    }
  }
}

function defaultFields(
  d: CaseDescriptor | { readonly fields: CaseDescriptor["fields"] },
  tag: string | undefined,
  depth: number,
) {
  const out: Record<string, unknown> = tag === undefined ? {} : { $: tag }
  for (const field of caseFields(d as CaseDescriptor, tag)) {
    if (!field.optional)
      Object.defineProperty(out, field.name, {
        value: defaultValue(field.type, depth + 1),
        enumerable: true,
        writable: true,
        configurable: true,
      })
  }
  return out
}
