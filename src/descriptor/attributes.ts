import type {
  CaseAttribute,
  DateTimeDescriptor,
  Descriptor,
  FieldDescriptor,
  LazyDescriptor,
  MaxBytesAttribute,
  RespondsAttribute,
  ResponseMap,
  UnionAttribute,
} from "./descriptor.js"
import * as attributeMessages from "./attribute-messages.js"
import { isMedia, type MediaAnswer } from "./media.js"
import { type BodylessAnswers, bodylessStatuses, isNoBody, type NoBody } from "./no-body.js"
import type { StandardSchemaV1 } from "./standard-schema-spec.js"
import { datetime } from "./primitives.js"
import { isHttpToken } from "../internal/http-token.js"
import type { EndPointAttribute } from "./end-point-holes.js"
import { isForeignSchema, schemaDescriptor } from "./standard.js"

type Attribute<Name extends CaseAttribute["name"]> = Extract<CaseAttribute, { name: Name }>

const attribute = <Name extends CaseAttribute["name"]>(name: Name, values: readonly string[]): Attribute<Name> =>
  Object.freeze({ kind: "attribute", name, values: Object.freeze([...values]) }) as unknown as Attribute<Name>

const field = <Item extends Descriptor, Source extends "query" | "json" | "form" | "header" | "cookie">(
  source: Source,
  of: Item,
  key?: string,
): FieldDescriptor<Item, Source> => Object.freeze({ kind: "field", source, of, key })

const isDescriptor = (value: unknown): value is Descriptor =>
  (typeof value === "object" || typeof value === "function") && value !== null && "kind" in value

/**
 * The URL of a case: `"[METHOD[|METHOD…] ]/path"`. With several strings, all
 * parse and the first one links.
 *
 * @example
 * ```ts
 * t.case({ id: t.int }, EndPoint("GET /article", "/a")) // /article/<id> and /a/<id>
 * ```
 */
export function EndPoint<const Paths extends readonly [string, ...string[]]>(
  ...paths: Paths
): EndPointAttribute<Paths> {
  return attribute("EndPoint", paths) as EndPointAttribute<Paths>
}

/**
 * The largest request body a case reads, in bytes — its JSON body, its form,
 * its uploads together — in place of the host's `limits.bodyBytes` or
 * `limits.uploadBytes`, smaller or larger. A body over it is refused with
 * 413 (problem details stating the limit) before more of it is read.
 *
 * @example
 * ```ts
 * t.case("POST /import", { data: Json(Dump) }, MaxBytes(50 * 1024 * 1024))
 * t.case("POST /avatar", { image: FormData(t.file()) }, MaxBytes(256 * 1024))
 * ```
 */
export function MaxBytes(bytes: number): MaxBytesAttribute {
  if (!Number.isSafeInteger(bytes) || bytes < 0) throw new RangeError(attributeMessages.badMaxBytes(bytes))
  return Object.freeze({ kind: "attribute", name: "MaxBytes", values: Object.freeze([]) as readonly [], bytes })
}

/**
 * The methods a case accepts (a case without one accepts every method).
 *
 * @example
 * ```ts
 * t.case({}, EndPoint("/login"), Method("GET", "POST"))
 * ```
 */
export function Method(...methods: [string, ...string[]]): Attribute<"Method"> {
  return attribute(
    "Method",
    methods.map((method) => method.toUpperCase()),
  )
}

/**
 * On a case: the named fields come from the query. On a field: this field
 * comes from the query (`Query(t.int)`). Option fields are optional keys.
 *
 * @example
 * ```ts
 * t.case({ q: t.string, page: t.option(t.int) }, Query("q", "page"))  // ?q=x&page=2
 * t.case({ q: Query(t.string) }, EndPoint("/search"))                   // same, field form
 * ```
 */
export function Query<const Item extends Descriptor>(of: Item): FieldDescriptor<Item, "query">
export function Query(...fields: [string, ...string[]]): Attribute<"Query">
export function Query(...args: [Descriptor] | string[]): unknown {
  return isDescriptor(args[0]) ? field("query", args[0]) : attribute("Query", args as string[])
}

/**
 * This field comes from a request header: `Header(t.string, "X-API-Version")`
 * (the header's name, matched case-insensitively; default the field's
 * name). The query's scalar types; an option is an optional header; a list
 * reads a repeated header (its lines, or its comma-separated values). The
 * typed client sends it; a URL (`Link`) cannot carry it.
 *
 * @example
 * ```ts
 * t.case("GET /items", { version: Header(t.int, "X-API-Version"), trace: Header(t.option(t.string), "X-Trace") })
 * ```
 */
export function Header<const Item extends Descriptor>(of: Item, name?: string): FieldDescriptor<Item, "header"> {
  if (name !== undefined && !isHttpToken(name)) throw new TypeError(attributeMessages.badHeaderFieldName(name))
  return field("header", of, name)
}

/**
 * This field comes from a request cookie: `Cookie(t.string, "theme")`
 * (default: the field's name). The query's scalar types; an option is an
 * optional cookie. The typed client sends it in the `Cookie` header; a URL
 * (`Link`) cannot carry it.
 *
 * @example
 * ```ts
 * t.case("GET /", { theme: Cookie(t.option(t.enum({ light: 0, dark: 1 })), "theme") })
 * ```
 */
export function Cookie<const Item extends Descriptor>(of: Item, name?: string): FieldDescriptor<Item, "cookie"> {
  if (name !== undefined && !isHttpToken(name)) throw new TypeError(attributeMessages.badCookieFieldName(name))
  return field("cookie", of, name)
}

/**
 * On a case: the named field is the JSON request body. On a field: this field
 * is the body (`Json(Post)`). One per case. A field may also take any
 * Standard Schema validator (zod, valibot, arktype…) instead of a descriptor:
 * the body is parsed with `JSON.parse`, then validated by it.
 *
 * @example
 * ```ts
 * t.case({ blog: t.int, post: Post }, EndPoint("POST /posts"), Json("post"))
 * t.case("POST /posts/<blog:int>", { post: Json(Post) })
 * t.case("POST /posts", { post: Json(z.object({ title: z.string() })) })
 * ```
 */
export function Json<const Item extends Descriptor>(of: Item): FieldDescriptor<Item, "json">
export function Json<const Schema extends StandardSchemaV1>(
  schema: Schema,
): FieldDescriptor<LazyDescriptor<StandardSchemaV1.InferOutput<Schema>>, "json">
export function Json(field: string): Attribute<"Json">
export function Json(arg: Descriptor | StandardSchemaV1 | string): unknown {
  // Checked first: a valibot schema also has a `kind`.
  if (isForeignSchema(arg)) return field("json", schemaDescriptor(arg))
  return isDescriptor(arg) ? field("json", arg) : attribute("Json", [arg as string])
}

/**
 * On a case: the named fields come from the form body (urlencoded or
 * multipart). On a field: this field does (`FormData(t.string)`).
 *
 * @example
 * ```ts
 * t.case({ user: t.string, password: t.string }, EndPoint("POST /login"), FormData("user", "password"))
 * ```
 */
export function FormData<const Item extends Descriptor>(of: Item): FieldDescriptor<Item, "form">
export function FormData(...fields: [string, ...string[]]): Attribute<"FormData">
export function FormData(...args: [Descriptor] | string[]): unknown {
  return isDescriptor(args[0]) ? field("form", args[0]) : attribute("FormData", args as string[])
}

/**
 * On a case: the named datetime field uses this format. On a field: a
 * datetime descriptor with this format (same as `t.datetime(format)`).
 *
 * @example
 * ```ts
 * t.case({ day: t.datetime }, EndPoint("/archive"), DateTimeFormat("day", "yyyy-MM-dd"))
 * t.record({ day: DateTimeFormat("yyyy-MM-dd") })
 * ```
 */
export function DateTimeFormat(format: string): DateTimeDescriptor
export function DateTimeFormat(field: string, format: string): Attribute<"DateTimeFormat">
export function DateTimeFormat(first: string, second?: string): unknown {
  return second === undefined ? datetime(first) : attribute("DateTimeFormat", [first, second])
}

/**
 * The case's last field takes the rest of the path: a string (segments joined
 * by `/`) or a list.
 *
 * @example
 * ```ts
 * t.case({ path: t.string }, EndPoint("/files"), Wildcard) // /files/a/b/c → { path: "a/b/c" }
 * ```
 */
export const Wildcard: Attribute<"Wildcard"> = attribute("Wildcard", [])

/**
 * Changes a case's tag in URLs (when it has no `EndPoint`) and in JSON; the
 * TypeScript value keeps the case's key as its `$`.
 *
 * @example
 * ```ts
 * t.union({ Article: t.case({ id: t.int }, Name("a")) }) // /a/<id>, {"$":"a","id":1}
 * ```
 */
export function Name(tag: string): Attribute<"Name"> {
  return attribute("Name", [tag])
}

/**
 * What a case answers, by status: each status maps to the descriptor of its
 * JSON body, to `NoBody` (no body: 204, 205 and 304 take only this), or to
 * `Media(type)` (a body that is not JSON: a page, text, a file). The handler
 * of the case is then checked against it (a
 * `Content.Json` of another shape or status is a compile error), its
 * `Content.Json(value)` is written with that descriptor, the client's
 * `Router.Fetch` decodes the answer, and the OpenAPI document lists it.
 * Statuses are 200–599.
 *
 * @example
 * ```ts
 * t.case("GET /users/<id:int>", {}, Responds({ 200: User, 404: Problem }))
 * ```
 */
export function Responds<const Responses extends ResponseMap>(
  responses: Responses & BodylessAnswers,
  options?: RespondsOptions,
): RespondsAttribute<Responses> {
  const checked: Record<number, Descriptor | NoBody | MediaAnswer> = Object.create(null)
  const codes = Object.keys(responses)
  if (codes.length === 0) throw new TypeError(attributeMessages.responsesEmpty)
  for (const code of codes) {
    const status = Number(code)
    if (!/^[2-5][0-9][0-9]$/.test(code)) throw new TypeError(attributeMessages.badResponseStatus(code))
    const answer = (responses as Readonly<Record<string, unknown>>)[code]
    if (isNoBody(answer)) checked[status] = answer
    else if (!isDescriptor(answer) && !isMedia(answer))
      throw new TypeError(attributeMessages.badResponseDescriptor(code))
    else if (bodylessStatuses.has(status)) throw new TypeError(attributeMessages.bodylessStatus(code))
    else checked[status] = answer
  }
  const headers = checkedHeaders(options?.Headers, checked)
  return Object.freeze({
    kind: "attribute",
    name: "Responds",
    values: Object.freeze([]) as readonly [],
    responses: Object.freeze(checked) as Responses,
    ...(headers === undefined ? {} : { headers }),
  })
}

/**
 * Options of `Responds`: the response headers of declared statuses, each
 * with a description, for the OpenAPI document.
 *
 * @example
 * ```ts
 * Responds({ 201: Article, 429: ApiError }, { Headers: { 201: { Location: "The new article" }, 429: { "Retry-After": "Seconds to wait" } } })
 * ```
 */
export interface RespondsOptions {
  readonly Headers?: Readonly<Record<number, Readonly<Record<string, string>>>>
}

// The declared headers, checked: of declared statuses, named by tokens, described by text.
function checkedHeaders(
  given: RespondsOptions["Headers"],
  declared: Readonly<Record<number, unknown>>,
): Readonly<Record<number, Readonly<Record<string, string>>>> | undefined {
  if (given === undefined) return undefined
  const out: Record<number, Readonly<Record<string, string>>> = Object.create(null)
  for (const code of Object.keys(given)) {
    if (!Object.hasOwn(declared, code)) throw new TypeError(attributeMessages.headersOfUndeclared(code))
    const headers = (given as Readonly<Record<string, Readonly<Record<string, unknown>>>>)[code] ?? {}
    const named: Record<string, string> = Object.create(null)
    for (const name of Object.keys(headers)) {
      const description = headers[name]
      if (!isHttpToken(name) || typeof description !== "string")
        throw new TypeError(attributeMessages.badResponseHeader(code, name))
      named[name] = description
    }
    out[Number(code)] = Object.freeze(named)
  }
  return Object.freeze(out)
}

/**
 * What a case answers with status 200: `Responds({ 200: descriptor })`.
 *
 * @example
 * ```ts
 * t.case("GET /users/<id:int>", {}, Returns(User))
 * t.case({ id: t.int }, EndPoint("GET /users"), Returns(User))
 * ```
 */
export function Returns<const Answer extends Descriptor | MediaAnswer>(
  answer: Answer,
  options?: { readonly Headers?: Readonly<Record<string, string>> },
): RespondsAttribute<{ readonly 200: Answer }> {
  return Responds({ 200: answer }, options?.Headers === undefined ? undefined : { Headers: { 200: options.Headers } })
}

/**
 * On a union: its JSON discriminator is this key instead of `"$"`.
 *
 * @example
 * ```ts
 * const Shape = t.union({ Circle: t.case({ r: t.float }) }, NamedUnionCases("kind"))
 * Json.Serialize(Shape, { $: "Circle", r: 1 }) //=> '{"kind":"Circle","r":1}'
 * ```
 */
export function NamedUnionCases(key: string): UnionAttribute {
  return Object.freeze({
    kind: "attribute",
    name: "NamedUnionCases",
    values: Object.freeze([key]) as readonly [string],
  })
}
