import type {
  CaseDescriptor,
  Descriptor,
  FieldDescriptor,
  RecordDescriptor,
  UnionDescriptor,
} from "../descriptor/descriptor.js"
import { resolve } from "../descriptor/composites.js"
import { caseFields, caseTag } from "../descriptor/fields.js"
import { jsonMessages } from "./messages.js"
import { at, fail } from "./failure.js"

/**
 * One field of a record or case as the codec sees it.
 *
 * @example
 * ```ts
 * const field: FieldShape = { name: "note", type: t.string, optional: true, inherited: false }
 * ```
 */
export interface FieldShape {
  /** Property name, in the TypeScript value and in JSON. */
  readonly name: string
  /** The value's descriptor (for an optional field: the option's inner descriptor). */
  readonly type: Descriptor
  /** An option field: omitted from JSON when undefined. */
  readonly optional: boolean
  /** The name exists on `Object.prototype` (`constructor`, `__proto__`, …): read it with `Object.hasOwn`. */
  readonly inherited: boolean
}

/**
 * One union case as the codec sees it.
 *
 * @example
 * ```ts
 * const shape: CaseShape = { key: "Article", tag: "a", fields: [] } // Article with Name("a")
 * ```
 */
export interface CaseShape {
  /** The case's key: the `$` of the TypeScript value. */
  readonly key: string
  /** The case's JSON tag (`Name(…)` or the key). */
  readonly tag: string
  readonly fields: readonly FieldShape[]
}

/**
 * A union as the codec sees it.
 *
 * @example
 * ```ts
 * unionShape(Shape).tagKey //=> "kind" (with NamedUnionCases("kind"))
 * ```
 */
export interface UnionShape {
  /** `"$"`, or the key given by `NamedUnionCases`. */
  readonly tagKey: string
  readonly cases: readonly CaseShape[]
  /** Case keys, for messages about a bad `$` in a value. */
  readonly keys: readonly string[]
  /** JSON tags, for messages about a bad tag in JSON. */
  readonly tags: readonly string[]
}

/**
 * The fields of a record or case in declaration order (JSON carries every
 * field, whatever its routing source).
 *
 * @example
 * ```ts
 * fieldShapes(t.record({ id: t.int, note: t.option(t.string) }), "record")
 * //=> [{ name: "id", type: t.int, … }, { name: "note", type: t.string, optional: true, … }]
 * ```
 */
export function fieldShapes(descriptor: RecordDescriptor | CaseDescriptor, caseName: string): readonly FieldShape[] {
  return caseFields(descriptor, caseName).map((info) => {
    const resolved = resolve(info.type)
    const optional = info.optional && resolved.kind === "option"
    return Object.freeze({
      name: info.name,
      type: optional && resolved.kind === "option" ? resolved.of : info.type,
      optional,
      inherited: info.name in Object.prototype,
    })
  })
}

/**
 * The union's tag key and cases, checked: no two cases may share a JSON tag,
 * and no field may be named like the tag key.
 *
 * @example
 * ```ts
 * unionShape(t.union({ A: t.case({}, Name("a")) }, NamedUnionCases("kind")))
 * //=> { tagKey: "kind", cases: [{ key: "A", tag: "a", fields: [] }], keys: ["A"], tags: ["a"] }
 * ```
 */
export function unionShape(descriptor: UnionDescriptor): UnionShape {
  let tagKey = "$"
  for (const attribute of descriptor.attributes) if (attribute.name === "NamedUnionCases") tagKey = attribute.values[0]
  const cases: CaseShape[] = []
  const seen = new Set<string>()
  const all = descriptor.cases as Readonly<Record<string, CaseDescriptor>>
  for (const key of Object.keys(all)) {
    const input = all[key] as CaseDescriptor
    const tag = caseTag(key, input)
    if (seen.has(tag)) throw new TypeError(jsonMessages.duplicateTag(tag))
    seen.add(tag)
    const fields = fieldShapes(input, key)
    // The JSON tag key and the TypeScript `$` are both taken by the tag.
    for (const field of fields) {
      if (field.name === tagKey || field.name === "$") throw new TypeError(jsonMessages.tagFieldClash(key, field.name))
    }
    cases.push(Object.freeze({ key, tag, fields }))
  }
  return Object.freeze({
    tagKey,
    cases: Object.freeze(cases),
    keys: Object.freeze(cases.map((shape) => shape.key)),
    tags: Object.freeze(cases.map((shape) => shape.tag)),
  })
}

/**
 * One compiled function per descriptor, built on first use and cached (each
 * codec direction makes its own). A `Query(d)`/`Json(d)`/`FormData(d)` field
 * wrapper stands for its inner descriptor in JSON (callers such as the router
 * may hand one over as is).
 *
 * @example
 * ```ts
 * const encoderOf = compiler(build) // build: (descriptor) => Encoder
 * encoderOf(t.int) === encoderOf(t.int) //=> true
 * ```
 */
export function compiler<Compiled>(build: (descriptor: Descriptor) => Compiled): (descriptor: Descriptor) => Compiled {
  const cache = new WeakMap<Descriptor, Compiled>()
  // The last descriptor asked for, checked before the WeakMap: a call site usually asks for the same one again.
  let last: Descriptor | undefined
  let lastCompiled: Compiled | undefined
  return (descriptor) => {
    if (descriptor === last) return lastCompiled as Compiled
    let compiled = cache.get(descriptor)
    // `has`: a compiler may compile to undefined (the fast reader, for descriptors it leaves to the general path).
    if (compiled === undefined && !cache.has(descriptor)) {
      const input = descriptor as Descriptor | FieldDescriptor
      compiled = build(input.kind === "field" ? input.of : input)
      cache.set(descriptor, compiled)
    }
    last = descriptor
    lastCompiled = compiled
    return compiled as Compiled
  }
}

/**
 * Whether a value is a JSON object (not null, not an array).
 *
 * @example
 * ```ts
 * isObject([]) //=> false
 * ```
 */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/**
 * Reads a declared field of a value; a name living on `Object.prototype`
 * (`constructor`, `__proto__`, …; `inherited` in {@link FieldShape}) is read
 * only as an own property, so the prototype's members never pass for data.
 *
 * @example
 * ```ts
 * readField({}, "constructor", true) //=> undefined
 * ```
 */
export const readField = (value: Record<string, unknown>, name: string, inherited: boolean): unknown =>
  inherited ? (Object.hasOwn(value, name) ? value[name] : undefined) : value[name]

/**
 * Sets a property on an output object; `__proto__` is defined as an own
 * property instead of calling the prototype setter.
 *
 * @example
 * ```ts
 * setOwn(out, "__proto__", 1) // out has an own "__proto__" key; its prototype is unchanged
 * ```
 */
export function setOwn(target: Record<string, unknown>, name: string, value: unknown): void {
  if (name === "__proto__")
    Object.defineProperty(target, name, { value, enumerable: true, writable: true, configurable: true })
  else target[name] = value
}

/**
 * The compiled case a union value's `$` names, or a failure located at `$`
 * (an unknown, missing or non-string tag). Shared by the encoder and the
 * serializer, which look the value up the same way.
 *
 * @example
 * ```ts
 * caseByTag(new Map([["A", a]]), { $: "A" }, "one of A") //=> a
 * caseByTag(new Map([["A", a]]), { $: "B" }, "one of A") // throws at $: expected one of A, got "B"
 * ```
 */
export function caseByTag<Case>(
  byKey: ReadonlyMap<string, Case>,
  value: Record<string, unknown>,
  expected: string,
): Case {
  // `$` is not an Object.prototype member: a plain read cannot reach the prototype's data.
  const key = value.$
  const found = typeof key === "string" ? byKey.get(key) : undefined
  if (found === undefined) {
    try {
      fail(expected, key)
    } catch (error) {
      throw at(error, "$")
    }
  }
  return found
}
