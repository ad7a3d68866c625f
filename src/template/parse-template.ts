import type { CaseAttribute, CaseDescriptor, FieldInput } from "../descriptor/descriptor.js"
import { EndPoint, Wildcard } from "../descriptor/attributes.js"
import type { EntriesOutput, FieldEntries, Simplify } from "../descriptor/fields-output.js"
import { pathStart, type PathStart } from "./messages.js"
import { parseMethods, type Methods as MethodTable, type ParseMethods } from "./parse-methods.js"
import { parsePath, type ParsePath } from "./parse-path.js"
import { parseQuery, splitQuery, type ParseQuery, type SplitQuery } from "./parse-query.js"
import { TemplateError } from "./template-error.js"
import type { HoleShape } from "./parse-hole.js"
import { templateState } from "./template-state.js"

/**
 * Extra fields of `t.case(template, extra)`: descriptors placed by holes, or `Json`/`Query`/`FormData` wrappers.
 *
 * @example
 * ```ts
 * const extra: ExtraFields = { post: Json(Post), sub: BlogSite }
 * ```
 */
export type ExtraFields = Readonly<Record<string, FieldInput>>

/**
 * Parses a route template into a case descriptor: path holes, then query
 * holes (as `Query` wrappers), then the extra fields no hole placed; its
 * attributes are `EndPoint("<METHODS> <path>")` (holes as `<name>`) and
 * `Wildcard` when the path ends in `<...rest>`. Throws a `TemplateError` with
 * the sentence the type level reports.
 *
 * @example
 * ```ts
 * parseTemplate("GET /article/<id:int>?q=<q>", {})
 * //=> { kind: "case", fields: { id: t.int, q: Query(t.string) }, attributes: [EndPoint("GET /article/<id>")] }
 * ```
 */
export function parseTemplate(template: string, extra: ExtraFields = {}): CaseDescriptor {
  const parsed = parseRoute(template, extra)
  if (typeof parsed === "string") throw new TemplateError(parsed, template)
  return parsed
}

const noFields: Readonly<Record<string, FieldInput>> = Object.freeze({})

function parseRoute(template: string, extra: ExtraFields): CaseDescriptor | string {
  let methods: string[] = []
  let route = template
  if (!template.startsWith("/")) {
    const space = template.indexOf(" ")
    if (space < 0) return pathStart(template)
    const parsed = parseMethods(template.slice(0, space), template)
    if (typeof parsed === "string") return parsed
    methods = parsed
    route = template.slice(space + 1)
    if (!route.startsWith("/")) return pathStart(template)
  }
  const [path, query] = splitQuery(route)
  const state = templateState(extra)
  const parsedPath = parsePath(path, state)
  if (typeof parsedPath === "string") return parsedPath
  if (query !== undefined) {
    const parsedQuery = parseQuery(query, state)
    if (typeof parsedQuery === "string") return parsedQuery
  }
  for (const name of Object.keys(extra)) {
    if (!state.names.has(name)) state.fields.push([name, extra[name] as FieldInput])
  }
  const endpoint = methods.length > 0 ? `${methods.join("|")} ${parsedPath.endpoint}` : parsedPath.endpoint
  const attributes: CaseAttribute[] = [EndPoint(endpoint)]
  if (parsedPath.wildcard) attributes.push(Wildcard)
  return Object.freeze({
    kind: "case",
    // fromEntries defines own properties, so a hole named `__proto__` stays a plain field. A static route shares
    // one empty record (frozen, so no case can add to another's).
    fields: state.fields.length === 0 ? noFields : Object.freeze(Object.fromEntries(state.fields)),
    attributes: Object.freeze(attributes),
  })
}
/**
 * Type twin of {@link parseTemplate}: `[Entries]` (a union of hole tuples
 * `[Name, Output, Optional, Kind, Typed, Wildcard]`) or the error sentence.
 *
 * @example
 * ```ts
 * type Article = ParseTemplate<"GET /article/<id:int>", {}> //=> [["id", number, false, "int", true, false]]
 * type Bad = ParseTemplate<"/<id:integer>", {}>
 * //=> "Unknown parameter type 'integer' in '<id:integer>' (expected int | float | string | bool | bigint | datetime)"
 * ```
 */
export type ParseTemplate<Template extends string, Extra> = Template extends `/${string}`
  ? ParseRoute<Template, Extra>
  : // One method in capitals and a path (the common case): one pattern, no further checks.
    Template extends `${infer _Method extends keyof MethodTable} ${infer Route extends `/${string}`}`
    ? ParseRoute<Route, Extra>
    : ParseMethodsRoute<Template, Extra>

// Several methods, lower case, or an error: the methods are checked before the path's start.
type ParseMethodsRoute<Template extends string, Extra> = Template extends `${infer Methods} ${infer Route}`
  ? ParseMethods<Methods, Template> extends infer Checked extends string
    ? Checked
    : Route extends `/${string}`
      ? ParseRoute<Route, Extra>
      : PathStart<Template>
  : PathStart<Template>

// A route without any `?` has no query and no option hole: no split. When the text before the
// first `?` ends in `>` or holds no `<`, that `?` is outside every hole and starts the query:
// one pattern instead of SplitQuery's hole-by-hole walk (~60 instantiations for two holes).
type ParseRoute<Route extends string, Extra> = Route extends `${string}?${string}`
  ? Route extends `${infer Head}?${infer Tail}`
    ? Head extends `${string}>`
      ? ParseRest<ParsePath<Head, Extra>, Tail, Extra>
      : Head extends `${string}<${string}`
        ? SplitQuery<Route> extends [infer Path extends string, infer Query]
          ? Query extends string
            ? ParseRest<ParsePath<Path, Extra>, Query, Extra>
            : ParsePath<Path, Extra>
          : never
        : ParseRest<ParsePath<Head, Extra>, Tail, Extra>
    : never
  : ParsePath<Route, Extra>

type ParseRest<Path, Query extends string, Extra> = Path extends [infer Entries extends HoleShape]
  ? ParseQuery<Query, Extra, Entries>
  : Path

/**
 * What a non-literal `string` template gives: any field names, unknown values.
 *
 * @example
 * ```ts
 * declare const template: string
 * type Fields = TemplateCaseOutput<typeof template, {}> //=> { [field: string]: unknown }
 * ```
 */
export type WideCaseOutput = { [field: string]: unknown }

/**
 * The fields type of a template case (without its `$` tag): holes with their
 * types, option holes as optional properties, then the extra fields. A
 * non-literal `string` gives {@link WideCaseOutput}; an invalid template gives `never`
 * (the call site reports the sentence through {@link ValidateTemplate}).
 *
 * @example
 * ```ts
 * type Search = TemplateCaseOutput<"GET /search?q=<q>&page=<page:int?>", {}>
 * //=> { q: string; page?: number | undefined }
 * type Create = TemplateCaseOutput<"POST /posts/<blog:int>", { post: FieldDescriptor<typeof Post, "json"> }>
 * //=> { blog: number; post: Post }
 * ```
 */
export type TemplateCaseOutput<Template extends string, Extra> = string extends Template // also true for `any`
  ? WideCaseOutput
  : Template extends unknown
    ? ParseTemplate<Template, Extra> extends [infer Entries extends HoleShape]
      ? BuildOutput<Entries, Extra>
      : never
    : never

// An alias of the holes alone (no template text), so routes with the same holes share one output type.
// Extra fields join the holes as entries: one object type built from names and output types only.
type BuildOutput<Entries extends HoleShape, Extra> = Simplify<EntriesOutput<Entries | ExtraEntries<Extra, Entries[0]>>>

type ExtraEntries<Extra, Names extends string> = [Exclude<keyof Extra, Names>] extends [never]
  ? never
  : Extra extends ExtraFields
    ? FieldEntries<Extra, Names>
    : never

/**
 * The template itself when it is valid, else its error sentence as a string
 * literal type: as a parameter type (`template: ValidateTemplate<Template,
 * Extra>`), a bad template fails to compile at the call site with that sentence.
 *
 * @example
 * ```ts
 * type Ok = ValidateTemplate<"GET /article/<id:int>", {}> //=> "GET /article/<id:int>"
 * type Bad = ValidateTemplate<"/<id>/<id>", {}>
 * //=> "Duplicate field name 'id' (each hole and extra field needs its own name)"
 * ```
 */
export type ValidateTemplate<Template extends string, Extra> = string extends Template
  ? Template
  : Template extends unknown
    ? ParseTemplate<Template, Extra> extends infer Message extends string
      ? Message
      : Template
    : never
