import { type CaseDoc, docOf } from "../../descriptor/doc.js"
import type { CaseDescriptor, Descriptor, RecordDescriptor, ResponseMap } from "../../descriptor/descriptor.js"
import { declaredHeaders, declaredResponses } from "../../descriptor/responses.js"
import { resolve } from "../../descriptor/composites.js"
import * as descriptorMessages from "../../descriptor/messages.js"
import { caseFields, type FieldInfo } from "../../descriptor/fields.js"
import { registerTemplateParser } from "../../descriptor/template-case.js"
import { parseTemplate } from "../../template/parse-template.js"
import { parseEndPoint } from "./endpoint.js"
import type { PathCodec } from "./match-state.js"
import { codecMessages } from "./codec-messages.js"
import { paramCodecOf, type ParamCodec } from "./param-codec.js"
import { pathCodecOf, type ScalarPathCodec } from "./path-codec.js"
import type { TextCodec } from "./scalar.js"
import { wildcardCodec } from "./wildcard.js"
import { socketOf, type WebSocketAttribute } from "../../descriptor/web-socket.js"

// The router reads route templates: parsed, and checked, from here on (a server loads it before its declarations).
registerTemplateParser(parseTemplate)

/**
 * A piece of a compiled path: a literal segment, or a field read by a codec.
 *
 * @example
 * ```ts
 * alternativesOf(t.case({ id: t.int }), "X", "X", "X")[0].elements //=> [{ literal: "X" }, { field: 0, name: "id", … }]
 * ```
 */
export type Element =
  | { readonly literal: string }
  | {
      readonly field: number
      readonly name: string
      readonly codec: PathCodec
      readonly wildcard: boolean
      readonly type: Descriptor
      /** Set when the field is exactly one segment read by a text codec (matched and linked without continuations). */
      readonly text: TextCodec | undefined
    }

/**
 * A field read from the query or the form body.
 *
 * @example
 * ```ts
 * alternativesOf(t.case({ q: Query(t.string) }), "S", "S", "S")[0].shape.params[0].key //=> "q"
 * ```
 */
export interface ParamField {
  readonly index: number
  readonly name: string
  readonly key: string
  readonly source: "query" | "form" | "header" | "cookie"
  readonly codec: ParamCodec
}

/**
 * What every URL alternative of one case or record shares: its fields and where non-path ones come from.
 *
 * @example
 * ```ts
 * alternativesOf(t.case({ post: Json(Post) }), "C", "C", "C")[0].shape.json?.name //=> "post"
 * ```
 */
export interface Shape {
  /** The `$` of built values, or undefined for records. */
  readonly tag: string | undefined
  readonly caseName: string
  readonly fields: readonly FieldInfo[]
  readonly params: readonly ParamField[]
  readonly json: { readonly index: number; readonly name: string; readonly descriptor: Descriptor } | undefined
  /** The answers the case declares (`Returns`, `Responds`), for documents. */
  readonly responses: ResponseMap | undefined
  /** The case's `MaxBytes`: the largest body it reads, in place of the host's limit. */
  readonly maxBytes: number | undefined
  /** The response headers its declaration describes, by status, for documents. */
  readonly responseHeaders?: Readonly<Record<number, Readonly<Record<string, string>>>> | undefined
  /** Its `WebSocket` declaration: the case upgrades, with these messages. */
  readonly socket?: WebSocketAttribute
  /** Its `Doc`: what documents say of it (never read by routing). */
  readonly doc?: CaseDoc
}

/**
 * One URL of a case: one `EndPoint` string (or the default `/<Tag>/<fields>`).
 *
 * @example
 * ```ts
 * alternativesOf(t.case({}, EndPoint("GET /a", "/b")), "X", "X", "X").map((a) => a.firstMethod) //=> ["GET", undefined]
 * ```
 */
export interface Alternative {
  readonly shape: Shape
  /** Accepted methods (HEAD is accepted where GET is), or undefined for every method. */
  readonly methods: ReadonlySet<string> | undefined
  /** The method a link to this alternative carries. */
  readonly firstMethod: string | undefined
  readonly elements: readonly Element[]
  /** How many leading elements are literals. */
  readonly prefix: number
}

// One set per distinct method list, shared by every alternative that declares it (read-only by type): a table of
// 10,000 `GET` routes holds one set, not 10,000. Keys come from route declarations, never from requests.
const sharedSets = new Map<string, ReadonlySet<string>>()
// Every method name a case of this process declares: the candidates an `Allow` answer probes (see host/allowed-methods).
const declared = new Set<string>()
const methodSets = (methods: readonly string[] | undefined): ReadonlySet<string> | undefined => {
  if (methods === undefined) return undefined
  const key = methods.join(" ")
  let set = sharedSets.get(key)
  if (set === undefined) {
    sharedSets.set(key, (set = new Set(methods)))
    for (const method of methods) declared.add(method)
  }
  return set
}

/**
 * Every method name some case compiled in this process declares (a
 * superset of any one router's; names come from declarations, never from
 * requests).
 *
 * @example
 * ```ts
 * Router.Infer(t.union({ Purge: "PURGE /cache" }))
 * declaredMethods().has("PURGE") //=> true
 * ```
 */
export const declaredMethods = (): ReadonlySet<string> => declared

function isWildcardType(type: Descriptor): boolean {
  const kind = resolve(type).kind
  return kind === "string" || kind === "list"
}

function elementsOf(
  shape: Shape,
  endPoint: string | undefined,
  defaultLiteral: string | undefined,
  wildcard: boolean,
): { methods: readonly string[] | undefined; elements: Element[] } {
  const name = shape.caseName
  const parsed =
    endPoint === undefined
      ? { methods: undefined, segments: defaultLiteral === undefined ? [] : [{ literal: defaultLiteral }] }
      : parseEndPoint(endPoint, name)
  const pathFields = shape.fields
    .map((field, index) => ({ field, index }))
    .filter(({ field }) => field.source === "path")
  const placed = new Set<string>()
  const elements: Element[] = []
  const fieldElement = (index: number, rest: boolean): Element => {
    const field = shape.fields[index] as FieldInfo
    const where = `Case '${name}' field '${field.name}'`
    if (rest && !isWildcardType(field.type)) throw new TypeError(descriptorMessages.wildcardNotLast(name))
    const codec = rest ? wildcardCodec(field.type, where) : pathCodecOf(field.type, where)
    return {
      field: index,
      name: field.name,
      codec,
      wildcard: rest,
      type: field.type,
      text: (codec as Partial<ScalarPathCodec>).text,
    }
  }
  for (const segment of parsed.segments) {
    if ("literal" in segment) {
      elements.push(segment)
      continue
    }
    const found = pathFields.find(({ field }) => field.name === segment.hole)
    if (!found) throw new TypeError(codecMessages.endPointHoleUnknown(name, endPoint ?? "", segment.hole))
    if (placed.has(segment.hole))
      throw new TypeError(codecMessages.endPointHoleTwice(name, endPoint ?? "", segment.hole))
    placed.add(segment.hole)
    elements.push(fieldElement(found.index, segment.rest))
  }
  for (const { field, index } of pathFields) if (!placed.has(field.name)) elements.push(fieldElement(index, false))
  const lastField = elements.findLastIndex((element) => "field" in element)
  if (wildcard) {
    const last = elements[lastField]
    if (last === undefined || !("field" in last) || !isWildcardType(last.type))
      throw new TypeError(descriptorMessages.wildcardNotLast(name))
    if (!last.wildcard) elements[lastField] = fieldElement(last.field, true)
  }
  elements.forEach((element, index) => {
    if ("field" in element && element.wildcard && index !== elements.length - 1)
      throw new TypeError(descriptorMessages.wildcardNotLast(name))
  })
  // Exactly sized: an array grown by push keeps 16 spare slots, and a large table has one per alternative.
  return { methods: parsed.methods, elements: elements.slice() }
}

/**
 * Compiles a case (or record) into its URL alternatives: one per `EndPoint`
 * string (all parse, the first links), or the default `/<urlTag>/<fields>`.
 * Throws for impossible shapes: a hole naming no path field, a Wildcard whose
 * last field is not a string or list, a map or a `:`/`/` date format in the
 * path, a query or form field of a composite type.
 *
 * @example
 * ```ts
 * alternativesOf(t.case({ id: t.int }, EndPoint("/a", "/b")), "X", "X").length //=> 2
 * ```
 */
export function alternativesOf(
  descriptor: CaseDescriptor | RecordDescriptor,
  tag: string | undefined,
  urlTag: string | undefined,
  caseName: string,
): Alternative[] {
  const fields = caseFields(descriptor as CaseDescriptor, caseName)
  const params: ParamField[] = []
  let json: Shape["json"]
  fields.forEach((field, index) => {
    const where = `Case '${caseName}' field '${field.name}'`
    if (field.source === "query" || field.source === "form" || field.source === "header" || field.source === "cookie") {
      params.push({
        index,
        name: field.name,
        // Header names are matched case-insensitively: kept lower-case, as every host's header view reads them.
        key: field.source === "header" ? field.key.toLowerCase() : field.key,
        source: field.source,
        codec: paramCodecOf(field.type, where, field.source === "form" ? "form" : "query"),
      })
    } else if (field.source === "json") {
      json = { index, name: field.name, descriptor: field.type }
    }
  })
  const attributes = descriptor.kind === "case" ? descriptor.attributes : []
  const maxBytes = attributes.find((attribute) => attribute.name === "MaxBytes")?.bytes
  const responseHeaders = declaredHeaders(attributes)
  const socket = socketOf(attributes)
  const doc = docOf(attributes)
  const shape: Shape = {
    tag,
    caseName,
    fields,
    params,
    json,
    responses: declaredResponses(attributes),
    maxBytes,
    ...(responseHeaders === undefined ? {} : { responseHeaders }),
    ...(socket === undefined ? {} : { socket }),
    ...(doc === undefined ? {} : { doc }),
  }
  const endPoints = attributes.flatMap((attribute) => (attribute.name === "EndPoint" ? attribute.values : []))
  const method = attributes.find((attribute) => attribute.name === "Method")?.values
  const wildcard = attributes.some((attribute) => attribute.name === "Wildcard")
  const urls = endPoints.length > 0 ? endPoints : [undefined]
  return urls.map((endPoint) => {
    const { methods, elements } = elementsOf(shape, endPoint, urlTag, wildcard)
    const accepted = methods ?? method
    // The upgrade is a GET (RFC 6455): a socket case that could be reached by another method is a mistake.
    if (socket !== undefined && (accepted?.length !== 1 || accepted[0] !== "GET"))
      throw new TypeError(descriptorMessages.socketMethod(caseName))
    let prefix = 0
    while (prefix < elements.length && "literal" in (elements[prefix] as Element)) prefix++
    return { shape, methods: methodSets(accepted), firstMethod: accepted?.[0], elements, prefix }
  })
}
