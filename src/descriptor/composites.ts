import * as attributeMessages from "./attribute-messages.js"
import type {
  CaseAttribute,
  Descriptor,
  FieldInput,
  LazyDescriptor,
  ListDescriptor,
  MapDescriptor,
  OptionDescriptor,
  RecordDescriptor,
  TupleDescriptor,
} from "./descriptor.js"
import type { FieldsOutput } from "./fields-output.js"
import * as builderMessages from "./builder-messages.js"
import { withStandard } from "./standard.js"

/**
 * `T | undefined`: `/None` or `/Some/<value>` in a path, an optional key in a
 * query, an omitted field in a JSON record (`null` elsewhere).
 *
 * @example
 * ```ts
 * Router.Infer(t.option(t.string)).Link("abc") //=> "/Some/abc"
 * ```
 */
export function option<const Item extends Descriptor>(of: Item): OptionDescriptor<Item> {
  return Object.freeze(withStandard({ kind: "option", of }))
}

/**
 * `T[]`: `/<length>/<item>/…` in a path, an array in JSON.
 *
 * @example
 * ```ts
 * Router.Infer(t.list(t.int)).Link([4, 5]) //=> "/2/4/5"
 * ```
 */
export function list<const Item extends Descriptor>(of: Item): ListDescriptor<Item> {
  return Object.freeze(withStandard({ kind: "list", of }))
}

/**
 * `[A, B, …]`: consecutive path segments, an array in JSON.
 *
 * @example
 * ```ts
 * Router.Infer(t.tuple(t.int, t.string)).Link([1, "abc"]) //=> "/1/abc"
 * ```
 */
export function tuple<const Items extends readonly Descriptor[]>(...items: Items): TupleDescriptor<Items> {
  return Object.freeze(withStandard({ kind: "tuple", items: Object.freeze([...items]) as unknown as Items }))
}

/**
 * An object: fields in declaration order in a path and in JSON; option
 * fields are optional properties. With `Name("…")` the record is one named
 * schema wherever documents show it (`#/components/schemas/<name>` in an
 * OpenAPI document, `$defs` in `Json.Schema`); its JSON, its URL form and
 * its type are unchanged.
 *
 * @example
 * ```ts
 * const Post = t.record({ id: t.int, title: t.string, draft: t.option(t.bool) })
 * type Post = Infer<typeof Post> //=> { id: number; title: string; draft?: boolean | undefined }
 * const Article = t.record({ id: t.int, title: t.string }, Name("Article")) // one schema, #/components/schemas/Article
 * ```
 */
export function record<const Fields extends Readonly<Record<string, FieldInput>>>(
  fields: Fields,
  ...attributes: readonly NameAttribute[]
): RecordDescriptor<Fields, FieldsOutput<Fields>> {
  const name = attributes.find((attribute) => attribute?.name === "Name")?.values[0]
  if (name !== undefined && !schemaName.test(name)) throw new TypeError(attributeMessages.badSchemaName(name))
  const described = { kind: "record" as const, fields: Object.freeze({ ...fields }) }
  return Object.freeze(withStandard(name === undefined ? described : { ...described, name }))
}

// The names OpenAPI allows for components (`^[a-zA-Z0-9.\-_]+$`).
const schemaName = /^[A-Za-z0-9._-]+$/

/** `Name("Article")`, the one attribute a record takes. */
type NameAttribute = Extract<CaseAttribute, { readonly name: "Name" }>

/**
 * A string-keyed map `Record<string, T>`: a JSON object; not allowed in a URL.
 *
 * @example
 * ```ts
 * Json.Serialize(t.map(t.int), { a: 1 }) //=> '{"a":1}'
 * ```
 */
export function map<const Item extends Descriptor>(of: Item): MapDescriptor<Item> {
  return Object.freeze(withStandard({ kind: "map", of }))
}

/**
 * A descriptor resolved on first use, for recursive types. Annotate the
 * result type, since TypeScript cannot infer a recursive type by itself.
 *
 * @example
 * ```ts
 * interface Tree { value: number; children: Tree[] }
 * const Tree: RecordDescriptor<any, Tree> = t.record({
 *   value: t.int,
 *   children: t.list(t.lazy<Tree>(() => Tree)),
 * })
 * ```
 */
export function lazy<Output = unknown>(get: () => Descriptor): LazyDescriptor<Output> {
  return Object.freeze(withStandard({ kind: "lazy", get }))
}

const resolved = new WeakMap<LazyDescriptor, Descriptor>()

/**
 * Follows `t.lazy` references to the descriptor they stand for (cached).
 *
 * @example
 * ```ts
 * resolve(t.lazy(() => t.int)) //=> t.int
 * ```
 */
export function resolve(descriptor: Descriptor): Exclude<Descriptor, LazyDescriptor> {
  let current: Descriptor = descriptor
  for (let hops = 0; current.kind === "lazy"; hops++) {
    // A chain of lazies longer than this can only be a cycle of lazies.
    if (hops > 100) throw new TypeError(builderMessages.lazyCycle)
    const cached = resolved.get(current)
    if (cached) {
      current = cached
      continue
    }
    const next = current.get()
    if (next === undefined || next === null) throw new TypeError(builderMessages.lazyEmpty)
    resolved.set(current, next)
    current = next
  }
  return current
}
