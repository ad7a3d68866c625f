/**
 * What linking needs of a case: its URL pieces in order (literals, path
 * fields, the wildcard) and its query fields — read from the case's fields
 * and attributes, or straight from its route template when the template
 * parser is not loaded (a bundle that only links). The declaration is
 * trusted as the type checker accepted it: the router and the codec check
 * it and print the sentences; this reader carries none of them.
 */
import type { CaseAttribute, Descriptor, FieldInput, FieldSource } from "../../descriptor/descriptor.js"
import { list, option, resolve } from "../../descriptor/composites.js"
import { bigint, bool, datetime, float, int, string } from "../../descriptor/primitives.js"
import { type TemplateSource, templateOf } from "../../descriptor/template-case.js"
import { splitQuery } from "../../template/parse-query.js"

/** A field as linking sees it. */
export interface LinkField {
  readonly name: string
  readonly type: Descriptor
  readonly source: FieldSource
  readonly key: string
}

/** A piece of a case's URL path. */
export type LinkPiece = { readonly literal: string } | { readonly field: LinkField; readonly rest: boolean }

/** A case's URL: its path pieces and its query fields, in the order the router writes them. */
export interface LinkShape {
  readonly pieces: readonly LinkPiece[]
  readonly query: readonly LinkField[]
  /** Its methods (upper case; undefined: every method); a link carries the first. */
  readonly methods: readonly string[] | undefined
  /** Every field, in declaration order (the order of the endpoint value's keys). */
  readonly fields: readonly LinkField[]
}

const scalars: Readonly<Record<string, Descriptor>> = { int, float, string, bool, bigint, datetime }

// A hole's `:type` as the template parser reads it (valid, as the types checked): base, then `[]`, then `?`.
function holeType(spec: string): Descriptor {
  const optional = spec.endsWith("?")
  const base = optional ? spec.slice(0, -1) : spec
  const listed = base.endsWith("[]")
  const name = listed ? base.slice(0, -2) : base
  const item = name.startsWith("datetime(") ? datetime(name.slice(9, -1)) : (scalars[name] ?? string)
  const type = listed ? list(item) : item
  return optional ? option(type) : type
}

// `<name>`, `<name:type>`, `<...name>`: [name, type spec, rest].
function hole(text: string): readonly [string, string | undefined, boolean] {
  const rest = text.startsWith("<...")
  const inner = text.slice(rest ? 4 : 1, -1)
  const colon = inner.indexOf(":")
  return colon < 0 ? [inner, undefined, rest] : [inner.slice(0, colon), inner.slice(colon + 1), rest]
}

const fieldOf = (name: string, input: FieldInput): LinkField =>
  input.kind === "field"
    ? { name, type: input.of, source: input.source, key: input.key ?? name }
    : { name, type: input, source: "path", key: name }

// DateTimeFormat reaches through option and list, as the router's caseFields does.
function withFormat(type: Descriptor, format: string): Descriptor {
  const target = resolve(type)
  if (target.kind === "option") return option(withFormat(target.of, format))
  if (target.kind === "list") return list(withFormat(target.of, format))
  return datetime(format)
}

/** The methods of an `EndPoint` string or a template (upper case), or undefined for every method. */
function endPointMethods(text: string): string[] | undefined {
  const route = text.trim()
  return route.startsWith("/")
    ? undefined
    : route
        .slice(0, route.indexOf(" "))
        .split("|")
        .map((method) => method.trim().toUpperCase())
}

/** The path of an `EndPoint` string or a template: methods and query dropped, literals decoded once. */
function endPointPieces(text: string): Array<{ literal: string } | { hole: string; rest: boolean }> {
  let route = text.trim()
  if (!route.startsWith("/")) route = route.slice(route.indexOf(" ") + 1).trim()
  return splitQuery(route)[0]
    .split("/")
    .filter((raw) => raw !== "")
    .map((raw) => {
      if (!(raw.startsWith("<") && raw.endsWith(">"))) return { literal: decodeURIComponent(raw) }
      const [name, , rest] = hole(raw)
      return { hole: name, rest }
    })
}

/** A template case's fields and attributes, read from the template without its parser. */
function fromTemplate(source: TemplateSource): { fields: LinkField[]; attributes: readonly CaseAttribute[] } {
  const { template, extra } = source
  const route = template.startsWith("/") ? template : template.slice(template.indexOf(" ") + 1)
  const [path, query] = splitQuery(route)
  const fields: LinkField[] = []
  const typeOf = (name: string, spec: string | undefined): Descriptor => {
    const given = Object.hasOwn(extra, name) ? (extra[name] as FieldInput) : undefined
    if (spec === undefined && given !== undefined) return given.kind === "field" ? given.of : given
    return holeType(spec ?? "string")
  }
  let wildcard = false
  for (const raw of path.split("/")) {
    if (!raw.startsWith("<")) continue
    const [name, spec, rest] = hole(raw)
    wildcard ||= rest
    fields.push({ name, type: typeOf(name, spec), source: "path", key: name })
  }
  if (query !== undefined)
    for (const pair of query.split("&")) {
      const equals = pair.indexOf("=")
      const [name, spec] = hole(pair.slice(equals + 1))
      fields.push({ name, type: typeOf(name, spec), source: "query", key: pair.slice(0, equals) })
    }
  for (const name of Object.keys(extra))
    if (!fields.some((field) => field.name === name)) fields.push(fieldOf(name, extra[name] as FieldInput))
  const methods = template.startsWith("/") ? "" : template.slice(0, template.indexOf(" ") + 1)
  const endPoint = { kind: "attribute", name: "EndPoint", values: [methods + path] } as unknown as CaseAttribute
  const flag = { kind: "attribute", name: "Wildcard", values: [] } as unknown as CaseAttribute
  return { fields, attributes: [endPoint, ...(wildcard ? [flag] : []), ...source.attributes] }
}

/**
 * A case's `Name(…)`, the tag of its default URL, read without parsing its
 * template.
 *
 * @example
 * ```ts
 * nameOf(t.case({}, Name("a"))) //=> "a"
 * ```
 */
export function nameOf(descriptor: { readonly attributes: readonly CaseAttribute[] }): string | undefined {
  const source = (descriptor as { readonly [templateOf]?: TemplateSource })[templateOf]
  const attributes = source === undefined ? descriptor.attributes : source.attributes
  return (attributes.find((attribute) => attribute.name === "Name") as { values?: readonly string[] } | undefined)
    ?.values?.[0]
}

/**
 * The URL shapes of a case or record, as the router reads and links them:
 * one per `EndPoint` (all parse, the first links), or the default
 * `/<urlTag>/<fields…>`; each with its holes placed, the other path fields
 * after them, the last one the wildcard under `Wildcard`, query fields in
 * field order.
 *
 * @example
 * ```ts
 * linkShapes(t.case("GET /blog/<id:int>?q=<q:string?>"), "Post")[0].pieces //=> [{ literal: "blog" }, { field: id… }]
 * ```
 */
export function linkShapes(
  descriptor: { readonly fields: Readonly<Record<string, FieldInput>>; readonly attributes?: readonly CaseAttribute[] },
  urlTag: string | undefined,
): LinkShape[] {
  const source = (descriptor as { readonly [templateOf]?: TemplateSource })[templateOf]
  let fields: LinkField[]
  let attributes: readonly CaseAttribute[]
  if (source !== undefined) ({ fields, attributes } = fromTemplate(source))
  else {
    fields = Object.keys(descriptor.fields).map((name) => fieldOf(name, descriptor.fields[name] as FieldInput))
    attributes = descriptor.attributes ?? []
  }
  const move = (name: string, change: Partial<LinkField>) => {
    const index = fields.findIndex((field) => field.name === name)
    if (index >= 0) fields[index] = { ...(fields[index] as LinkField), ...change }
  }
  const endPoints: string[] = []
  let methods: string[] | undefined
  let wildcard = false
  for (const attribute of attributes) {
    const values = (attribute as { readonly values: readonly string[] }).values
    if (attribute.name === "EndPoint") endPoints.push(...values)
    else if (attribute.name === "Method") methods ??= [...values]
    else if (attribute.name === "Wildcard") wildcard = true
    else if (attribute.name === "Query") for (const name of values) move(name, { source: "query" })
    else if (attribute.name === "FormData") for (const name of values) move(name, { source: "form" })
    else if (attribute.name === "Json") move(values[0] as string, { source: "json" })
    else if (attribute.name === "DateTimeFormat") {
      const type = fields.find((field) => field.name === values[0])?.type
      if (type !== undefined) move(values[0] as string, { type: withFormat(type, values[1] as string) })
    }
  }
  const path = fields.filter((field) => field.source === "path")
  const query = fields.filter((field) => field.source === "query")
  return (endPoints.length > 0 ? endPoints : [undefined]).map((endPoint) => {
    const placed = new Set<string>()
    const pieces: LinkPiece[] = []
    const segments =
      endPoint === undefined ? (urlTag === undefined ? [] : [{ literal: urlTag }]) : endPointPieces(endPoint)
    for (const segment of segments) {
      if ("literal" in segment) pieces.push(segment)
      else {
        placed.add(segment.hole)
        pieces.push({ field: path.find((field) => field.name === segment.hole) as LinkField, rest: segment.rest })
      }
    }
    for (const field of path) if (!placed.has(field.name)) pieces.push({ field, rest: false })
    if (wildcard) {
      const last = pieces.findLastIndex((piece) => "field" in piece)
      pieces[last] = { field: (pieces[last] as { field: LinkField }).field, rest: true }
    }
    return {
      pieces,
      query,
      methods: (endPoint === undefined ? undefined : endPointMethods(endPoint)) ?? methods,
      fields,
    }
  })
}
