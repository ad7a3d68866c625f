/**
 * Standard Schema v1 on descriptors, without an import cycle: builders call
 * `withStandard` at module load (it touches nothing but its argument), and
 * the JSON codec registers the validator when it loads. The package entry
 * always loads the codec, so `~standard.validate` works for every user.
 */
import type { StandardJSONSchemaOptions, StandardSchemaV1 } from "./standard-schema-spec.js"
import type { StandardJSONSchemaProps } from "./descriptor.js"
import type { LazyDescriptor } from "./descriptor.js"
import * as builderMessages from "./builder-messages.js"

/**
 * Validates a plain JSON value against a descriptor (the JSON codec's `decode`).
 *
 * @example
 * ```ts
 * const validate: StandardValidator = (descriptor, value) => ({ value })
 * ```
 */
export type StandardValidator = (descriptor: object, value: unknown) => StandardSchemaV1.Result<unknown>

// `var` on purpose: it is read at call time only and must never be in a TDZ when builders run early in a cycle.
// eslint-disable-next-line no-var
var validator: StandardValidator | undefined

/**
 * Called once by the JSON codec module to give descriptors their `validate`.
 *
 * @example
 * ```ts
 * registerStandardValidator((descriptor, value) => ({ value: decode(descriptor, value) }))
 * ```
 */
export function registerStandardValidator(validate: StandardValidator): void {
  validator = validate
}

/**
 * Gives a fresh descriptor its non-enumerable `~standard` member (before it
 * is frozen). `JSON.stringify`, `Object.keys` and spreads do not see it.
 *
 * @example
 * ```ts
 * export const int = Object.freeze(withStandard({ kind: "int" }))
 * ```
 */
export function withStandard<const Shape extends object>(
  descriptor: Shape,
): Shape & { readonly "~standard": StandardSchemaV1.Props<unknown, any> & StandardJSONSchemaProps } {
  const convert = (options: StandardJSONSchemaOptions) => {
    if (schemaWriter === undefined) throw new Error(builderMessages.noStandardValidator)
    // One dialect is written; any other target is refused, as the standard asks.
    if (options?.target !== "draft-2020-12") throw new Error(builderMessages.unsupportedSchemaTarget(options?.target))
    return schemaWriter(descriptor)
  }
  const props: StandardSchemaV1.Props<unknown, unknown> & StandardJSONSchemaProps = Object.freeze({
    version: 1,
    vendor: "sitelets",
    validate: (value: unknown) => {
      if (validator === undefined) throw new Error(builderMessages.noStandardValidator)
      return validator(descriptor, value)
    },
    jsonSchema: Object.freeze({ input: convert, output: convert }),
  })
  Object.defineProperty(descriptor, "~standard", { value: props, enumerable: false })
  return descriptor as Shape & { readonly "~standard": StandardSchemaV1.Props<unknown, any> & StandardJSONSchemaProps }
}

// Registered by the JSON layer, as the validator is (the descriptor layer does not import it).
// eslint-disable-next-line no-var
var schemaWriter: ((descriptor: object) => Record<string, unknown>) | undefined

/**
 * Registers the JSON Schema writer behind `~standard.jsonSchema` (the JSON
 * layer does, when loaded).
 *
 * @example
 * ```ts
 * registerStandardJsonSchema((descriptor) => jsonSchemaOf(descriptor as Descriptor))
 * ```
 */
export function registerStandardJsonSchema(write: (descriptor: object) => Record<string, unknown>): void {
  schemaWriter = write
}

/**
 * Whether a value is a Standard Schema validator from another library (zod,
 * valibot, arktype…); sitelets' own descriptors answer false.
 *
 * @example
 * ```ts
 * isForeignSchema(z.string()) //=> true
 * isForeignSchema(t.string)   //=> false
 * ```
 */
export function isForeignSchema(value: unknown): value is StandardSchemaV1 {
  if ((typeof value !== "object" && typeof value !== "function") || value === null) return false
  const props = (value as Partial<StandardSchemaV1>)["~standard"]
  return (
    typeof props === "object" &&
    props !== null &&
    props.version === 1 &&
    props.vendor !== "sitelets" &&
    typeof props.validate === "function"
  )
}

// A schema-backed Json field has a `t.lazy` placeholder as its descriptor; the codec looks its schema up here.
const schemas = new WeakMap<object, StandardSchemaV1>()
const placeholderTarget = Object.freeze(
  withStandard({ kind: "option" as const, of: Object.freeze(withStandard({ kind: "string" as const })) }),
)

/**
 * The descriptor standing for a foreign Standard Schema in a `Json(schema)`
 * field: a `t.lazy` whose codec is the schema (JSON text parsed, then
 * validated). For routing defaults it resolves to an option (`undefined`).
 *
 * @example
 * ```ts
 * const body = schemaDescriptor(z.object({ id: z.number() }))
 * schemaOf(body) // the zod schema
 * ```
 */
export function schemaDescriptor<Output>(schema: StandardSchemaV1<unknown, Output>): LazyDescriptor<Output> {
  const descriptor = Object.freeze(withStandard({ kind: "lazy" as const, get: () => placeholderTarget }))
  schemas.set(descriptor, schema)
  return descriptor as LazyDescriptor<Output>
}

/**
 * The foreign schema behind a `Json(schema)` placeholder descriptor, if any.
 *
 * @example
 * ```ts
 * schemaOf(t.int) //=> undefined
 * ```
 */
export function schemaOf(descriptor: object): StandardSchemaV1 | undefined {
  return schemas.get(descriptor)
}
