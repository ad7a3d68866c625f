/**
 * What every pass of the JSON codec shares: the shape a descriptor compiles
 * to (`shape.ts`, a plain plan the passes walk), options and limits, how a
 * pass fails (`failure.ts`) and the `JsonError` it gives (its JSON path and
 * what was expected), the rules of scalars (dates, bigints), `Json.Parse`
 * and `Json.Stringify`, and a descriptor's JSON Schema. The passes are the
 * rooms above it: the reader (`read/`), the writer (`write/`), the decoders
 * (`decode/`), assembled by `codec/`.
 *
 * It may import `descriptor/` and `internal/` (its row of
 * docs/architecture.md, which the layers test holds the code to). Other
 * rooms import its modules by their paths, not through this index, so a
 * bundle or a Worker loads only the modules it uses; this index is the
 * room's table of contents, checked by the compiler.
 *
 * @example
 * ```ts
 * jsonSchemaOf(t.record({ id: t.int })) //=> { type: "object", properties: { id: { type: "integer" } }, … }
 * ```
 */
export { at, fail, Failure, toJsonError, tooDeep } from "./failure.js"
export { describeReceived, JsonError, type JsonPathSegment } from "./json-error.js"
export { type JsonSchema, jsonSchemaOf, scalarSchema, SchemaBuilder } from "./json-schema.js"
export { jsonMessages } from "./messages.js"
export { defaultLimits, type JsonOptions, type Limits, limitsOf } from "./options.js"
export { parseJson, stringifyJson } from "./parse.js"
export { bigintTooLong, canonicalIsoAt, isoText, parseBigIntText, parseIsoDate } from "./scalars.js"
export { caseByTag, compiler, type FieldShape, fieldShapes, isObject, readField, setOwn, unionShape } from "./shape.js"
