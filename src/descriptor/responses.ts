/**
 * Declared answers (`Returns`, `Responds`) read back from descriptors: the
 * status → descriptor map of each case, at run time and in types. The
 * sitelet writes `Content.Json` with them, the client decodes with them and
 * the OpenAPI document lists them.
 */
import { resolve } from "./composites.js"
import type { CaseAttribute, CaseDescriptor, Descriptor, NoResponses, ResponseMap } from "./descriptor.js"
import type { MediaAnswer } from "./media.js"
import type { NoBody } from "./no-body.js"
import { type TemplateSource, templateOf } from "./template-case.js"

/**
 * The answers a case declares, by status code: the descriptor of the JSON
 * body, `NoBody`, or `Media(type)`.
 *
 * @example
 * ```ts
 * const declared: ResponseDescriptors = new Map([[200, User], [204, NoBody], [404, Problem]])
 * ```
 */
export type ResponseDescriptors = ReadonlyMap<number, Descriptor | NoBody | MediaAnswer>

/**
 * The declared answers of a descriptor's cases, by case key (`UnionResponses`
 * of a `t.union`); `{}` for a descriptor whose cases declare none.
 *
 * @example
 * ```ts
 * type Answers = ResponsesOf<typeof Api> //=> { GetUser: { 200: typeof User }; Home: undefined }
 * ```
 */
export type ResponsesOf<D> = D extends { readonly "~responses"?: infer Responses }
  ? unknown extends Responses
    ? NoResponses
    : Exclude<Responses, undefined>
  : NoResponses

/**
 * The answers a case declares (its `Returns`/`Responds`), else `undefined`.
 *
 * @example
 * ```ts
 * declaredResponses(t.case({}, Returns(User)).attributes) //=> { 200: User }
 * ```
 */
export function declaredResponses(attributes: readonly CaseAttribute[]): ResponseMap | undefined {
  for (const attribute of attributes) if (attribute.name === "Responds") return attribute.responses
  return undefined
}

/**
 * The response headers a case declares by status (`Responds(…, { Headers })`), else `undefined`.
 *
 * @example
 * ```ts
 * declaredHeaders(t.case({}, Returns(User, { Headers: { ETag: "The version" } })).attributes) //=> { 200: { ETag: "The version" } }
 * ```
 */
export function declaredHeaders(
  attributes: readonly CaseAttribute[],
): Readonly<Record<number, Readonly<Record<string, string>>>> | undefined {
  for (const attribute of attributes) if (attribute.name === "Responds") return attribute.headers
  return undefined
}

/**
 * The same answers as a map from status code to descriptor.
 *
 * @example
 * ```ts
 * responseDescriptors({ 200: User }) //=> Map { 200 => User }
 * ```
 */
export function responseDescriptors(responses: ResponseMap): ResponseDescriptors {
  return new Map(
    Object.entries(responses).map(([code, answer]) => [Number(code), answer as Descriptor | NoBody | MediaAnswer]),
  )
}

/**
 * The answers each case of a union descriptor declares, by case key;
 * `undefined` when none declares any (or the descriptor is not a union).
 *
 * @example
 * ```ts
 * unionResponses(t.union({ User: t.case("GET /user", {}, Returns(User)) })) //=> Map { "User" => Map { 200 => User } }
 * ```
 */
export function unionResponses(descriptor: Descriptor): ReadonlyMap<string, ResponseDescriptors> | undefined {
  const target = resolve(descriptor)
  if (target.kind !== "union") return undefined
  const byCase = new Map<string, ResponseDescriptors>()
  for (const [key, member] of Object.entries(target.cases as Readonly<Record<string, CaseDescriptor>>)) {
    // A template case not parsed yet keeps its attributes apart: read there, the template stays unparsed.
    const declared = declaredResponses(
      (member as { readonly [templateOf]?: TemplateSource })[templateOf]?.attributes ?? member.attributes,
    )
    if (declared !== undefined) byCase.set(key, responseDescriptors(declared))
  }
  return byCase.size === 0 ? undefined : byCase
}

/**
 * The declared answers of an endpoint value's case, looked up in
 * {@link unionResponses} (computed on the first call).
 *
 * @example
 * ```ts
 * caseAnswers(Api)({ $: "GetUser", id: 1 })?.get(200) //=> User
 * ```
 */
export function caseAnswers(descriptor: Descriptor): (endpoint: unknown) => ResponseDescriptors | undefined {
  let byCase: ReadonlyMap<string, ResponseDescriptors> | undefined | null = null
  return (endpoint) => {
    if (byCase === null) byCase = unionResponses(descriptor)
    const tag = typeof endpoint === "object" && endpoint !== null ? (endpoint as { readonly $?: unknown }).$ : undefined
    return byCase !== undefined && typeof tag === "string" ? byCase.get(tag) : undefined
  }
}
