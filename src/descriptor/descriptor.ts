/**
 * The descriptor model: plain data describing a TypeScript type, shared by
 * routing, linking, the JSON codec and the test arbitraries.
 *
 * Every descriptor is an object with a `kind` field. Its TypeScript type lives
 * in the phantom `"~types"` slot (never present at run time), so `Infer` is a
 * property lookup and stays cheap for the checker.
 */

import type { MediaAnswer } from "./media.js"
import type { NoBody } from "./no-body.js"
import type { StandardJSONSchemaConverter, StandardSchemaV1 } from "./standard-schema-spec.js"
import type { WebSocketAttribute } from "./web-socket.js"
import type { DocAttribute } from "./doc.js"

/** The phantom slot every descriptor carries; absent at run time. */
export interface Typed<Output> {
  readonly "~types"?: { readonly output: Output }
}

/**
 * Standard Schema v1: descriptors made by the `t` builders validate plain JSON
 * values (`validate` is `Json.Decode`, issues carry the JSON path), so they
 * plug into any tool that accepts zod, valibot or arktype schemas. The member
 * is non-enumerable: `JSON.stringify` and spreads of a descriptor ignore it.
 *
 * @example
 * ```ts
 * t.int["~standard"].validate("x") //=> { issues: [{ message: "$: expected int, got \"x\"", path: [] }] }
 * ```
 */
export interface Standard<Output> {
  readonly "~standard": StandardSchemaV1.Props<unknown, Output> & StandardJSONSchemaProps
}

/**
 * Standard JSON Schema on a descriptor: `jsonSchema.input/output({ target:
 * "draft-2020-12" })` give the JSON Schema of its JSON form (both the same:
 * what `Json.Serialize` writes is what `Json.Deserialize` reads).
 *
 * @example
 * ```ts
 * t.list(t.int)["~standard"].jsonSchema.output({ target: "draft-2020-12" }) //=> { …, type: "array", items: { type: "integer", … } }
 * ```
 */
export interface StandardJSONSchemaProps {
  readonly jsonSchema: StandardJSONSchemaConverter
}

/**
 * The TypeScript type a descriptor describes.
 *
 * @example
 * ```ts
 * const Post = t.record({ id: t.int, title: t.string, tags: t.list(t.string) })
 * type Post = Infer<typeof Post>
 * //=> { id: number; title: string; tags: string[] }
 * ```
 */
export type Infer<Descriptor> = Descriptor extends Typed<infer Output> ? Output : never

/** `t.int`: a safe integer. */
export interface IntDescriptor extends Typed<number>, Standard<number> {
  readonly kind: "int"
}
/** `t.float`: a finite or non-finite JS number (non-finite values cannot be linked or serialized). */
export interface FloatDescriptor extends Typed<number>, Standard<number> {
  readonly kind: "float"
}
/** `t.string`. */
export interface StringDescriptor extends Typed<string>, Standard<string> {
  readonly kind: "string"
}
/** `t.bool`. */
export interface BoolDescriptor extends Typed<boolean>, Standard<boolean> {
  readonly kind: "bool"
}
/** `t.bigint`: decimal in URLs, a JSON string in JSON. */
export interface BigIntDescriptor extends Typed<bigint>, Standard<bigint> {
  readonly kind: "bigint"
}
/** `t.datetime` / `t.datetime(format)`: a `Date`, formatted in UTC. */
export interface DateTimeDescriptor extends Typed<Date>, Standard<Date> {
  readonly kind: "datetime"
  /** The custom format (tokens `yyyy MM dd HH mm ss fff`), or undefined for the defaults. */
  readonly format: string | undefined
}
/** `t.enum({ Read: 1, Write: 2 })`: one of the listed numbers. */
export interface EnumDescriptor<Value extends number = number> extends Typed<Value>, Standard<Value> {
  readonly kind: "enum"
  /** The allowed values with their names, in declaration order. */
  readonly values: ReadonlyArray<readonly [name: string, value: Value]>
}
/** `t.option(d)`: `T | undefined`. */
export interface OptionDescriptor<Item extends Descriptor = Descriptor>
  extends Typed<Infer<Item> | undefined>,
    Standard<Infer<Item> | undefined> {
  readonly kind: "option"
  readonly of: Item
}
/** `t.list(d)` (alias `t.array`): `T[]`. */
export interface ListDescriptor<Item extends Descriptor = Descriptor>
  extends Typed<Infer<Item>[]>,
    Standard<Infer<Item>[]> {
  readonly kind: "list"
  readonly of: Item
}
/** `t.tuple(a, b, …)`: `[A, B, …]`. */
export interface TupleDescriptor<Items extends readonly Descriptor[] = readonly Descriptor[]>
  extends Typed<{ -readonly [Index in keyof Items]: Infer<Items[Index]> }>,
    Standard<{ -readonly [Index in keyof Items]: Infer<Items[Index]> }> {
  readonly kind: "tuple"
  readonly items: Items
}
/** `t.map(d)`: `Record<string, T>`; JSON only, never in a URL. */
export interface MapDescriptor<Item extends Descriptor = Descriptor>
  extends Typed<Record<string, Infer<Item>>>,
    Standard<Record<string, Infer<Item>>> {
  readonly kind: "map"
  readonly of: Item
}
/** `t.lazy(() => d)`: a reference resolved on first use, for recursive types. */
export interface LazyDescriptor<Output = unknown> extends Typed<Output>, Standard<Output> {
  readonly kind: "lazy"
  readonly get: () => Descriptor
}

/** Where a record or case field is read from when routing. */
export type FieldSource = "path" | "query" | "json" | "form" | "header" | "cookie"

/**
 * A field wrapper made by `Query(d)`, `Json(d)` or `FormData(d)` on a record
 * or case field: the field's value comes from the query, the body, or the
 * form instead of the path.
 */
export interface FieldDescriptor<Item extends Descriptor = Descriptor, Source extends FieldSource = FieldSource>
  extends Typed<Infer<Item>> {
  readonly kind: "field"
  readonly source: Source
  readonly of: Item
  /** The query or form key when it differs from the field name (template `?key=<field>`). */
  readonly key: string | undefined
}

/** What may stand as a record or case field. */
export type FieldInput = Descriptor | FieldDescriptor

/** `t.record({ … })`: option fields become optional properties. */
export interface RecordDescriptor<
  Fields extends Readonly<Record<string, FieldInput>> = Readonly<Record<string, FieldInput>>,
  Output = unknown,
> extends Typed<Output>,
    Standard<Output> {
  readonly kind: "record"
  readonly fields: Fields
  /** Its `Name`: one named schema in documents (`#/components/schemas/<name>`, `$defs` of `Json.Schema`). */
  readonly name?: string
}

/** A case attribute (`EndPoint`, `Method`, `Query`, …) as plain data. */
export type CaseAttribute =
  | { readonly kind: "attribute"; readonly name: "EndPoint"; readonly values: readonly string[] }
  | { readonly kind: "attribute"; readonly name: "Method"; readonly values: readonly string[] }
  | { readonly kind: "attribute"; readonly name: "Query"; readonly values: readonly string[] }
  | { readonly kind: "attribute"; readonly name: "Json"; readonly values: readonly [string] }
  | { readonly kind: "attribute"; readonly name: "FormData"; readonly values: readonly string[] }
  | {
      readonly kind: "attribute"
      readonly name: "DateTimeFormat"
      readonly values: readonly [field: string, format: string]
    }
  | { readonly kind: "attribute"; readonly name: "Wildcard"; readonly values: readonly [] }
  | { readonly kind: "attribute"; readonly name: "Name"; readonly values: readonly [string] }
  | RespondsAttribute
  | MaxBytesAttribute
  | WebSocketAttribute
  | DocAttribute

/**
 * What a case answers: status code → descriptor of its JSON body, `NoBody`
 * for a status answered without one, or `Media(type)` for a body that is
 * not JSON.
 *
 * @example
 * ```ts
 * const answers: ResponseMap = { 200: User, 204: NoBody, 404: Problem, 406: Media("text/plain") }
 * ```
 */
export type ResponseMap = { readonly [Code in number]?: Descriptor | NoBody | MediaAnswer }

/**
 * The declared answers of a union none of whose cases declares any: every
 * case key looks up `undefined`.
 *
 * @example
 * ```ts
 * type None = NoResponses["Home"] //=> undefined
 * ```
 */
export type NoResponses = { readonly [Tag in string]?: undefined }

/**
 * `Returns(d)` / `Responds({ … })` on a case: the JSON answers it gives, by
 * status. The map's type is kept, so handlers and clients are typed by it.
 */
export interface RespondsAttribute<Responses extends ResponseMap = ResponseMap> {
  readonly kind: "attribute"
  readonly name: "Responds"
  readonly values: readonly []
  readonly responses: Responses
  /** Response headers by status, each with its description (documents only). */
  readonly headers?: Readonly<Record<number, Readonly<Record<string, string>>>>
}

/**
 * `MaxBytes(n)` on a case: its request body (JSON, a form, uploads) may
 * take at most `n` bytes, in place of the host's limit, either way.
 */
export interface MaxBytesAttribute {
  readonly kind: "attribute"
  readonly name: "MaxBytes"
  readonly values: readonly []
  readonly bytes: number
}

/** A union attribute: `NamedUnionCases("kind")`. */
export interface UnionAttribute {
  readonly kind: "attribute"
  readonly name: "NamedUnionCases"
  readonly values: readonly [string]
}

/**
 * One case of a union: its fields (in declaration order) and attributes.
 *
 * `EndPoint` strings are `"[METHOD[|METHOD…] ]/path"`; a path segment written
 * `<field>` or `<...field>` places that field there (templates produce these).
 * Path fields not placed by the first `EndPoint` follow its path in
 * declaration order.
 */
export interface CaseDescriptor<
  Fields extends Readonly<Record<string, FieldInput>> = Readonly<Record<string, FieldInput>>,
  Output = unknown,
  Responses extends ResponseMap | undefined = ResponseMap | undefined,
> extends Typed<Output> {
  readonly kind: "case"
  readonly fields: Fields
  readonly attributes: readonly CaseAttribute[]
  /** Present on cases made by `t.case({ … })`; see {@link Standard}. */
  readonly "~standard"?: StandardSchemaV1.Props<unknown, Output>
  /** Type only (never present at run time): the answers its `Returns`/`Responds` declares, else `undefined`. */
  readonly "~responses"?: Responses
}

/** `t.union({ Case: …, … })`: a `$`-tagged discriminated union. */
export interface UnionDescriptor<
  Cases extends Readonly<Record<string, CaseDescriptor>> = Readonly<Record<string, CaseDescriptor>>,
  Output = unknown,
  Responses = unknown,
> extends Typed<Output>,
    Standard<Output> {
  /** Type only: the declared answers of its cases, by case (`{}` when no case declares any). */
  readonly "~responses"?: Responses
  readonly kind: "union"
  readonly cases: Cases
  readonly attributes: readonly UnionAttribute[]
}

/**
 * An uploaded file, as a `FormData` field holds it: a `File` (the server
 * builds one per multipart file part; in the browser, pass a `File` or a
 * `Blob`). Structural, so no DOM or Node typings are needed to use it.
 *
 * @example
 * ```ts
 * const avatar: UploadedFile = new File(["…"], "me.png", { type: "image/png" })
 * ```
 */
export interface UploadedFile {
  /** The client's file name, directory parts removed (never a path to use on the server). */
  readonly name: string
  /** The media type the client declared (`application/octet-stream` when none). */
  readonly type: string
  /** Its size in bytes. */
  readonly size: number
  arrayBuffer(): Promise<ArrayBuffer>
  text(): Promise<string>
  stream(): ReadableStream<Uint8Array>
}

/** `t.file`: an uploaded file, in a `FormData` field only; `t.file({ MaxBytes })` bounds its size. */
export interface FileDescriptor extends Typed<UploadedFile>, Standard<UploadedFile> {
  readonly kind: "file"
  readonly maxBytes: number | undefined
}

/** Any descriptor. */
export type Descriptor =
  | FileDescriptor
  | IntDescriptor
  | FloatDescriptor
  | StringDescriptor
  | BoolDescriptor
  | BigIntDescriptor
  | DateTimeDescriptor
  | EnumDescriptor
  | OptionDescriptor<any>
  | ListDescriptor<any>
  | TupleDescriptor<any>
  | MapDescriptor<any>
  | LazyDescriptor<any>
  | RecordDescriptor<any, any>
  | UnionDescriptor<any, any, any>
  | CaseDescriptor<any, any>
