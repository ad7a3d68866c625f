import * as builderMessages from "./builder-messages.js"
import type {
  CaseAttribute,
  CaseDescriptor,
  Descriptor,
  FieldInput,
  NoResponses,
  RespondsAttribute,
  Typed,
  UnionAttribute,
  UnionDescriptor,
} from "./descriptor.js"
import type { FieldsOutput, Simplify } from "./fields-output.js"
import type { ParseTemplate, TemplateCaseOutput, ValidateTemplate } from "../template/parse-template.js"
import { templateCase } from "./template-case.js"
import { withStandard } from "./standard.js"
import type { CheckedFields } from "./end-point-holes.js"

/** What a union case may be written as: a route template or `t.case(…)`. */
export type CaseInput = string | CaseDescriptor

/**
 * The fields type of one case input (without its `$` tag).
 *
 * @example
 * ```ts
 * type Article = CaseOutput<"GET /article/<id:int>"> //=> { id: number }
 * ```
 */
export type CaseOutput<Input> = Input extends string
  ? TemplateCaseOutput<Input, {}>
  : Input extends Typed<infer Output>
    ? Output
    : never

/**
 * The discriminated union described by a record of cases.
 *
 * @example
 * ```ts
 * type Site = UnionOutput<{ Home: "GET /"; Article: "GET /article/<id:int>" }>
 * //=> { $: "Home" } | { $: "Article"; id: number }
 * ```
 */
export type UnionOutput<Cases> = {
  [Tag in keyof Cases & string]: Simplify<{ $: Tag } & CaseOutput<Cases[Tag]>>
}[keyof Cases & string]

/**
 * The answers a case's attributes declare (`Returns`/`Responds`), else
 * `undefined`.
 *
 * @example
 * ```ts
 * type Declared = DeclaredResponses<[EndPoint, RespondsAttribute<{ 200: typeof User }>]> //=> { 200: typeof User }
 * ```
 */
export type DeclaredResponses<Attributes extends readonly CaseAttribute[]> = Attributes extends readonly []
  ? undefined
  : [Extract<Attributes[number], RespondsAttribute>] extends [RespondsAttribute<infer Responses>]
    ? [Responses] extends [never]
      ? undefined
      : Responses
    : undefined

/**
 * The declared answers of a union's cases, by case key; `NoResponses`
 * (every key maps to `undefined`) when no case declares any: one check for
 * the whole union, so routes without answers cost nothing more.
 *
 * @example
 * ```ts
 * type Answers = UnionResponses<{ Home: "GET /"; User: CaseDescriptor<{}, {}, { 200: typeof User }> }>
 * //=> { Home: undefined; User: { 200: typeof User } }
 * ```
 */
export type UnionResponses<Cases> = [Cases[keyof Cases]] extends [string | { readonly "~responses"?: undefined }]
  ? NoResponses
  : {
      readonly [Tag in keyof Cases]: Cases[Tag] extends { readonly "~responses"?: infer Responses }
        ? Responses
        : undefined
    }

/**
 * Each template in a case record checked; a bad one becomes its error
 * sentence. `t.union`'s parameter has this type (not `Cases & …`, which would
 * turn a bad case into `never` and lose the sentence): a valid template maps
 * to itself, so `const Cases` is still inferred through this homomorphic
 * mapped type, and a bad one fails at its property with the sentence as the
 * expected type.
 *
 * @example
 * ```ts
 * type Checked = ValidateCases<{ A: "/a/<id:int>"; B: "/b/<id:integer>" }>
 * //=> { A: "/a/<id:int>"; B: "Unknown parameter type 'integer' in '<id:integer>' (expected …)" }
 * ```
 */
export type ValidateCases<Cases> = {
  [Tag in keyof Cases]: ValidateCase<Cases[Tag]>
}

// One alias per case input, so the checker caches it across inference passes (an inline
// conditional here is re-instantiated with every instantiation of the mapped type; measured
// ~30 instantiations per route more). Same result as ValidateTemplate<Input, {}> for strings.
type ValidateCase<Input> = Input extends string
  ? string extends Input
    ? Input
    : ParseTemplate<Input, {}> extends infer Message extends string
      ? Message
      : Input
  : Input

/**
 * A `$`-tagged discriminated union. Cases are tried in declaration order.
 * A case is a route template or `t.case(…)`; a case with no `EndPoint`
 * routes as `/<CaseName>/<fields…>`.
 *
 * @example
 * ```ts
 * const Site = t.union({
 *   Home: "GET /",
 *   Article: "GET /article/<id:int>/<slug>",
 *   Other: t.case({ n: t.int }),
 * })
 * type Site = Infer<typeof Site>
 * //=> { $: "Home" } | { $: "Article"; id: number; slug: string } | { $: "Other"; n: number }
 * ```
 */
export function union<const Cases extends Readonly<Record<string, CaseInput>>>(
  cases: ValidateCases<Cases>,
  ...attributes: UnionAttribute[]
): UnionDescriptor<Readonly<Record<keyof Cases & string, CaseDescriptor>>, UnionOutput<Cases>, UnionResponses<Cases>> {
  const normalized: Record<string, CaseDescriptor> = Object.create(null)
  for (const tag of Object.keys(cases)) {
    const input = (cases as Record<string, CaseInput>)[tag] as CaseInput
    normalized[tag] = typeof input === "string" ? templateCase(input, {}, []) : input
  }
  return Object.freeze(
    withStandard({
      kind: "union",
      cases: Object.freeze(normalized) as Readonly<Record<keyof Cases & string, CaseDescriptor>>,
      attributes: Object.freeze([...attributes]),
    }),
  )
}

/**
 * The extra fields of a template case, with an empty record (`t.case(template,
 * {}, Returns(User))`) as the one `{}` type: each empty literal is a fresh
 * type, and the template's checks and output built against it would be
 * instantiated anew for every case (64 instantiations per route measured).
 *
 * @example
 * ```ts
 * type None = NoExtra<{}> //=> {}
 * ```
 */
export type NoExtra<Extra> = [keyof Extra] extends [never] ? {} : Extra

/**
 * One union case: a field record with attributes, or a route template with
 * extra fields (`Json` bodies, nested unions placed by a `<hole>`) and
 * attributes. One signature for both forms, not overloads, so a mistake is
 * reported as its own sentence on the first line by every compiler
 * (TypeScript 7 shows only the last overload's error; 5.9 puts "No overload
 * matches this call" first).
 *
 * @example
 * ```ts
 * t.case({ id: t.int, slug: t.string }, EndPoint("/article"))
 * t.case("POST /posts/<blog:int>", { post: Json(Post) })
 * t.case("GET /users/<id:int>", Returns(User))       // no extra fields: the attributes may follow directly
 * t.case("/blog/<sub>", { sub: BlogSite })
 * ```
 */
export function caseOf<
  const First extends string | Readonly<Record<string, FieldInput>>,
  const Second extends Readonly<Record<string, FieldInput>> | CaseAttribute = {},
  const Attributes extends readonly CaseAttribute[] = [],
>(
  first: First extends string
    ? ValidateTemplate<First, NoExtra<ExtraOf<Second>>>
    : CheckedFields<First, Second | Attributes[number]>,
  second?: Second,
  ...attributes: Attributes
): CaseDescriptor<FieldsOf<First>, CaseOutputOf<First, Second>, DeclaredResponses<AttributesOf<Second, Attributes>>>
export function caseOf(first: string | Readonly<Record<string, FieldInput>>, ...rest: unknown[]): CaseDescriptor {
  if (typeof first === "string") {
    // The extra fields, unless the attributes follow the template directly.
    const [extra, ...attributes] = (isAttribute(rest[0]) ? [undefined, ...rest] : rest) as [
      Readonly<Record<string, FieldInput>> | undefined,
      ...CaseAttribute[],
    ]
    return templateCase(first, extra ?? {}, attributes)
  }
  // After a field record come attributes only (extra fields belong in the record).
  for (const attribute of rest) if (!isAttribute(attribute)) throw new TypeError(builderMessages.caseNotAttribute)
  return Object.freeze(
    withStandard({
      kind: "case",
      fields: Object.freeze({ ...first }),
      attributes: Object.freeze([...(rest as CaseAttribute[])]),
    }),
  )
}

const isAttribute = (value: unknown): value is CaseAttribute =>
  typeof value === "object" && value !== null && (value as { readonly kind?: unknown }).kind === "attribute"

/**
 * The extra fields given after a template: the second argument, unless it
 * is already an attribute.
 *
 * @example
 * ```ts
 * type E = ExtraOf<{ post: FieldDescriptor<typeof Post, "json"> }> //=> { post: … }
 * type N = ExtraOf<RespondsAttribute<{ 200: typeof User }>>        //=> {}
 * ```
 */
export type ExtraOf<Second> = Second extends CaseAttribute ? {} : Second

/**
 * The attributes of `t.case(first, second, ...attributes)`: the second
 * argument is one when it is no field record.
 *
 * @example
 * ```ts
 * type A = AttributesOf<RespondsAttribute<{ 200: typeof User }>, []> //=> [RespondsAttribute<{ 200: typeof User }>]
 * ```
 */
export type AttributesOf<Second, Attributes extends readonly CaseAttribute[]> = Second extends CaseAttribute
  ? [Second, ...Attributes]
  : Attributes

/**
 * The field record type of a case: a template's is generic (its holes are
 * parsed at run time), a field record's is its own.
 *
 * @example
 * ```ts
 * type F = FieldsOf<"GET /x/<id:int>"> //=> Readonly<Record<string, FieldInput>>
 * ```
 */
export type FieldsOf<First> = First extends string ? Readonly<Record<string, FieldInput>> : First

/**
 * The TypeScript type of a case: from a template's holes and extra fields,
 * or from a field record.
 *
 * @example
 * ```ts
 * type O = CaseOutputOf<"GET /users/<id:int>", {}> //=> { id: number }
 * ```
 */
export type CaseOutputOf<First, Second> = First extends string
  ? TemplateCaseOutput<First, NoExtra<ExtraOf<Second>>>
  : First extends Readonly<Record<string, FieldInput>>
    ? FieldsOutput<First>
    : never

/** Re-exported so `Simplify` users need one import. */
export type { Simplify }

/**
 * The descriptor `Router.Infer` routes: the one given, or the union of a
 * bare case record.
 *
 * @example
 * ```ts
 * inferInput({ Home: "GET /" }).kind //=> "union"
 * ```
 */
export function inferInput(input: Descriptor | Readonly<Record<string, CaseInput>>): Descriptor {
  return isDescriptor(input) ? input : union(input as never)
}

const descriptorKinds = new Set([
  "int",
  "float",
  "string",
  "bool",
  "bigint",
  "datetime",
  "enum",
  "option",
  "list",
  "tuple",
  "map",
  "lazy",
  "record",
  "case",
  "union",
])

// A record of cases may have a case named "kind", but its value is a template or a case, never a bare kind name.
function isDescriptor(input: object): input is Descriptor {
  const kind = (input as { kind?: unknown }).kind
  return typeof kind === "string" && descriptorKinds.has(kind)
}
