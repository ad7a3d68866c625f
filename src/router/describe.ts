/**
 * The routes of a router as data, for documents that describe them (an
 * OpenAPI document): each case's methods, path (literal segments and typed
 * parameters), query and form fields and JSON body. Nested unions and
 * options in a path are expanded into one route per shape, since each has
 * its own concrete path; what a path template cannot express (a list or a
 * record spread over segments, a wildcard) is one parameter marked so.
 */
import type { Descriptor, ResponseMap } from "../descriptor/descriptor.js"
import { resolve } from "../descriptor/composites.js"
import type { FieldInfo } from "../descriptor/fields.js"
import type { Alternative, Element, ParamField } from "./codec/shape.js"
import type { UnionCodec } from "./codec/union-codec.js"
import type { FilesMark, GuardAnswer, ProtectMark, RouteSource } from "./route-source.js"
import type { WebSocketAttribute } from "../descriptor/web-socket.js"
import type { CaseDoc } from "../descriptor/doc.js"

/**
 * One segment of a described path.
 *
 * @example
 * ```ts
 * const id: DescribedSegment = { kind: "param", name: "id", descriptor: t.int, shape: "segment" }
 * ```
 */
export type DescribedSegment =
  | { readonly kind: "literal"; readonly text: string }
  | {
      readonly kind: "param"
      readonly name: string
      readonly descriptor: Descriptor
      /** `segment`: one path segment; `wildcard`: the rest of the path; `segments`: several segments (a list, a tuple, a record). */
      readonly shape: "segment" | "wildcard" | "segments"
    }

/**
 * A query or form field of a described route.
 *
 * @example
 * ```ts
 * const q: DescribedField = { key: "q", descriptor: t.string, optional: false }
 * ```
 */
export interface DescribedField {
  readonly key: string
  readonly descriptor: Descriptor
  readonly optional: boolean
}

/**
 * One route: a case (its path of case names, outermost first) with one
 * concrete path.
 *
 * @example
 * ```ts
 * router.describe()[0] //=> { operation: ["Blog", "Show"], methods: ["GET"], segments: [...], query: [], form: [], json: undefined }
 * ```
 */
export interface DescribedRoute {
  readonly operation: readonly string[]
  /** The methods the case accepts (`HEAD` not listed), or undefined for every method. */
  readonly methods: readonly string[] | undefined
  readonly segments: readonly DescribedSegment[]
  readonly query: readonly DescribedField[]
  readonly form: readonly DescribedField[]
  /** `Header(d)` fields (the name as declared). */
  readonly headers?: readonly DescribedField[]
  /** `Cookie(d)` fields. */
  readonly cookies?: readonly DescribedField[]
  readonly json: Descriptor | undefined
  /** The answers its case declares (`Returns`, `Responds`): the top-level case's, which its handler serves. */
  readonly responses?: ResponseMap
  /** Behind `Sitelet.Protect`: its schemes and refusals. */
  readonly protected?: ProtectMark
  /** Served by `Sitelet.CorsContent`. */
  readonly cors?: boolean
  /** Served by `Sitelet.Files`, from this directory. */
  readonly files?: FilesMark
  /** Served by `Sitelet.InferWithErrors`: failed queries and bodies reach the handler. */
  readonly withErrors?: boolean
  /** Served with `text: "storable"`: a string a database cannot hold is a 400. */
  readonly storableText?: boolean
  /** The case's `Doc` (a nested case's, with the outer case's tags when it names none). */
  readonly doc?: CaseDoc
  /** The case's `MaxBytes`: the largest body it reads, in place of the host's limit. */
  readonly maxBytes?: number
  /** Its `WebSocket` declaration: the route upgrades, with these messages. */
  readonly socket?: WebSocketAttribute
  /** The response headers its declaration describes, by status. */
  readonly responseHeaders?: Readonly<Record<number, Readonly<Record<string, string>>>>
  /** The statuses `Sitelet.Guard`s before it may answer. */
  readonly answers?: readonly GuardAnswer[]
}

type RouteSoFar = DescribedRoute

const isOption = (descriptor: Descriptor): boolean => resolve(descriptor).kind === "option"

/** The non-path fields of an alternative's case. */
function fieldsOf(alternative: Alternative, source: ParamField["source"]): DescribedField[] {
  return alternative.shape.params
    .filter((param) => param.source === source)
    .map((param) => {
      const field = alternative.shape.fields[param.index] as FieldInfo
      // A header as the declaration spells it (the router matches it lower-cased).
      return { key: field.key, descriptor: field.type, optional: isOption(field.type) }
    })
}

// Header and cookie fields, only when the case has some (most routes have none).
function headerFieldsOf(alternative: Alternative): Pick<RouteSoFar, "headers" | "cookies"> {
  const headers = fieldsOf(alternative, "header")
  const cookies = fieldsOf(alternative, "cookie")
  return { ...(headers.length > 0 ? { headers } : {}), ...(cookies.length > 0 ? { cookies } : {}) }
}

/**
 * The routes of a union's alternatives (a union codec's), in declaration
 * order, nested unions and path options expanded.
 *
 * @example
 * ```ts
 * describeAlternatives(codec.alternatives())
 * ```
 */
export function describeAlternatives(
  alternatives: readonly Alternative[],
  visiting: ReadonlySet<readonly Alternative[]> = new Set(),
): DescribedRoute[] {
  const inside = new Set(visiting).add(alternatives)
  const out: DescribedRoute[] = []
  for (const alternative of alternatives) {
    const base: RouteSoFar = {
      operation: [alternative.shape.caseName],
      methods: alternative.methods === undefined ? undefined : [...alternative.methods],
      segments: [],
      query: fieldsOf(alternative, "query"),
      form: fieldsOf(alternative, "form"),
      json: alternative.shape.json?.descriptor,
      ...headerFieldsOf(alternative),
      ...(alternative.shape.responses === undefined ? {} : { responses: alternative.shape.responses }),
      ...(alternative.shape.maxBytes === undefined ? {} : { maxBytes: alternative.shape.maxBytes }),
      ...(alternative.shape.socket === undefined ? {} : { socket: alternative.shape.socket }),
      ...(alternative.shape.doc === undefined ? {} : { doc: alternative.shape.doc }),
      ...(alternative.shape.responseHeaders === undefined
        ? {}
        : { responseHeaders: alternative.shape.responseHeaders }),
    }
    out.push(...expand(alternative.elements, 0, base, inside))
  }
  return out
}

function nestedDoc(outer: CaseDoc | undefined, inner: CaseDoc | undefined): { doc?: CaseDoc } {
  if (outer?.Tags === undefined || inner?.Tags !== undefined) return inner === undefined ? {} : { doc: inner }
  return { doc: { ...inner, Tags: outer.Tags } }
}

/** Every shape of the path from element `at` on, appended to `route`. */
function expand(
  elements: readonly Element[],
  at: number,
  route: RouteSoFar,
  visiting: ReadonlySet<readonly Alternative[]>,
): DescribedRoute[] {
  if (at === elements.length) return [route]
  const element = elements[at] as Element
  if ("literal" in element)
    return expand(
      elements,
      at + 1,
      { ...route, segments: [...route.segments, { kind: "literal", text: element.literal }] },
      visiting,
    )
  const param = (shape: "segment" | "wildcard" | "segments", descriptor = element.type): RouteSoFar => ({
    ...route,
    segments: [...route.segments, { kind: "param", name: element.name, descriptor, shape }],
  })
  // A wildcard may take no segment at all (an empty list or string): that is its own concrete path.
  if (element.wildcard)
    return [...expand(elements, at + 1, route, visiting), ...expand(elements, at + 1, param("wildcard"), visiting)]
  if (element.text !== undefined) return expand(elements, at + 1, param("segment"), visiting)
  const type = resolve(element.type)
  const nested = (element.codec as Partial<UnionCodec>).alternatives?.()
  // A recursive union (an expression tree in the path) has no finite set of paths: one parameter of several segments.
  if (type.kind === "union" && nested !== undefined && !visiting.has(nested)) {
    // A nested union continues the path: one route per inner route, its case added to the operation.
    return describeAlternatives(nested, visiting).flatMap((inner) =>
      expand(
        elements,
        at + 1,
        {
          operation: [...route.operation, ...inner.operation],
          methods: inner.methods ?? route.methods,
          segments: [...route.segments, ...inner.segments],
          query: [...route.query, ...inner.query],
          form: [...route.form, ...inner.form],
          json: inner.json ?? route.json,
          ...(route.headers || inner.headers ? { headers: [...(route.headers ?? []), ...(inner.headers ?? [])] } : {}),
          ...(route.cookies || inner.cookies ? { cookies: [...(route.cookies ?? []), ...(inner.cookies ?? [])] } : {}),
          // The handler serves the outer case: its declaration, not the inner one's.
          ...(route.responses === undefined ? {} : { responses: route.responses }),
          ...(route.responseHeaders === undefined ? {} : { responseHeaders: route.responseHeaders }),
          // The body is read with the limit of the case that reads it: the inner one's, else the outer one's.
          ...((inner.maxBytes ?? route.maxBytes) === undefined ? {} : { maxBytes: inner.maxBytes ?? route.maxBytes }),
          // A socket is the inner case's: the case that upgrades.
          ...((inner.socket ?? route.socket) === undefined ? {} : { socket: inner.socket ?? route.socket }),
          // The operation is the inner case: its Doc, under the outer case's tags when it names none.
          ...nestedDoc(route.doc, inner.doc),
        },
        visiting,
      ),
    )
  }
  if (type.kind === "option" && resolve(type.of).kind !== "option") {
    // `/None` or `/Some/<value>`: two concrete paths.
    const none = { ...route, segments: [...route.segments, { kind: "literal" as const, text: "None" }] }
    const some = { ...route, segments: [...route.segments, { kind: "literal" as const, text: "Some" }] }
    const item = resolve(type.of)
    const someShape = item.kind === "union" || item.kind === "option" ? "segments" : "segment"
    return [
      ...expand(elements, at + 1, none, visiting),
      ...expand(
        elements,
        at + 1,
        {
          ...some,
          segments: [...some.segments, { kind: "param", name: element.name, descriptor: type.of, shape: someShape }],
        },
        visiting,
      ),
    ]
  }
  return expand(elements, at + 1, param("segments"), visiting)
}

/**
 * The routes of a router, in order: each source's alternatives described
 * under its prefix, a single path as one route of any method.
 *
 * @example
 * ```ts
 * describeRoutes(Router.Shift("api", Router.Infer(Api)))[0]?.segments[0] //=> { kind: "literal", text: "api" }
 * ```
 */
export function describeRoutes(router: { describe(): readonly RouteSource[] }): DescribedRoute[] {
  return router.describe().flatMap((source) => {
    const prefix = source.prefix.map((text): DescribedSegment => ({ kind: "literal", text }))
    const marks = {
      ...(source.protected ? { protected: source.protected } : {}),
      ...(source.cors ? { cors: true } : {}),
      ...(source.files ? { files: source.files } : {}),
      ...(source.withErrors ? { withErrors: true } : {}),
      ...(source.answers ? { answers: source.answers } : {}),
      ...(source.storableText ? { storableText: true } : {}),
    }
    if (source.alternatives === undefined)
      return [
        {
          operation: source.name === undefined ? [] : [source.name],
          // HEAD is answered wherever GET is: not an operation of its own.
          methods: source.methods?.filter((method) => method !== "HEAD"),
          segments: prefix,
          query: [],
          form: [],
          json: undefined,
          ...marks,
        },
      ]
    return describeAlternatives(source.alternatives).map((route) => ({
      ...route,
      segments: [...prefix, ...route.segments],
      ...marks,
    }))
  })
}
