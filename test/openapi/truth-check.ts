/**
 * Checks an answer against an OpenAPI document the way a validating proxy
 * does: the operation for the request's method and path, its status (or
 * `default`), the media type, and the JSON body under the listed schema
 * (ajv, draft 2020-12). Used by `truth.test.ts`.
 */
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020.js"
import type { OpenApiDocument } from "../../src/openapi/document.js"

type Schema = Record<string, unknown>
interface Response {
  readonly description: string
  readonly content?: Record<string, { readonly schema: Schema }>
}
/** One operation of the document. */
export interface Operation {
  readonly operationId: string
  readonly parameters: ReadonlyArray<Schema>
  readonly responses: Record<string, Response>
}

/** An answer as received. */
export interface Answer {
  readonly status: number
  readonly contentType: string | undefined
  readonly body: string
}

const ajv = new Ajv2020({ strict: false, validateFormats: false, allowUnionTypes: true })
const compiled = new WeakMap<object, ValidateFunction>()

const decode = (segment: string): string => {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/**
 * A document's operations, found by method and raw path as a validating
 * proxy finds them: literal segments equal (decoded), a parameter one
 * segment (or any number, when marked `x-sitelets-segments`); concrete
 * paths before templated ones.
 */
export class DocumentIndex {
  private readonly templates: Array<{ parts: string[]; item: Record<string, Operation>; literals: number }>
  private readonly components: Schema
  constructor(readonly document: OpenApiDocument) {
    const paths = document.paths as Record<string, Record<string, Operation>>
    this.templates = Object.entries(paths)
      .map(([template, item]) => {
        const parts = template === "/" ? [] : template.slice(1).split("/")
        return { parts, item, literals: parts.filter((part) => !part.startsWith("{")).length }
      })
      .sort((a, b) => b.literals - a.literals)
    this.components = ((document as Schema).components as Schema | undefined)?.schemas as Schema
  }

  /** Every path item whose template fits the path, most literal first. */
  items(rawPath: string): Array<Record<string, Operation>> {
    const segments = rawPath
      .split("/")
      .filter((segment) => segment !== "")
      .map(decode)
    return this.templates.filter(({ parts, item }) => fits(parts, segments, item)).map(({ item }) => item)
  }

  /**
   * What is wrong with an answer to `method rawPath`, or undefined when the
   * document lists it. A method no operation of the path has is checked
   * against the statuses any operation of the path lists (405, 404…).
   */
  problem(method: string, rawPath: string, answer: Answer): string | undefined {
    const lower = method.toLowerCase()
    const items = this.items(rawPath)
    const where = `${method} ${rawPath} → ${answer.status} ${answer.contentType ?? "(no type)"}`
    if (items.length === 0) return answer.status === 404 ? undefined : `${where}: no path of the document fits`
    // The first path whose item has the method is the operation (a proxy's choice); a path item without it
    // answers with what its other operations list.
    const withMethod = items.find((item) => item[lower] !== undefined || (lower === "head" && item.get !== undefined))
    const operations = withMethod ? [withMethod[lower] ?? (withMethod.get as Operation)] : items.flatMap(Object.values)
    const failures: string[] = []
    for (const operation of operations) {
      const failure = this.against(operation, answer)
      if (failure === undefined) return undefined
      failures.push(`${operation.operationId}: ${failure}`)
    }
    return `${where}: ${failures.join("; ")}`
  }

  private against(operation: Operation, answer: Answer): string | undefined {
    const response = operation.responses[String(answer.status)] ?? operation.responses.default
    if (response === undefined) return `status not listed (lists ${Object.keys(operation.responses).join(", ")})`
    const listed = response.content
    if (listed === undefined) return answer.body === "" ? undefined : "a body where the document lists none"
    if (answer.contentType === undefined) return answer.body === "" ? undefined : "a body without Content-Type"
    const type = answer.contentType.split(";")[0]?.trim().toLowerCase() ?? ""
    const media = listed[type] ?? listed[`${type.split("/")[0]}/*`] ?? listed["*/*"]
    if (media === undefined) return `media type ${type} not listed (lists ${Object.keys(listed).join(", ")})`
    if (!(type === "application/json" || type.endsWith("+json")) || Object.keys(media.schema).length === 0)
      return undefined
    let value: unknown
    try {
      value = JSON.parse(answer.body)
    } catch {
      return `a ${type} body that is not JSON: ${answer.body.slice(0, 80)}`
    }
    const validate = this.validator(media.schema)
    return validate(value) ? undefined : `body ${answer.body.slice(0, 120)} invalid: ${ajv.errorsText(validate.errors)}`
  }

  private validator(schema: Schema): ValidateFunction {
    let validate = compiled.get(schema)
    if (validate === undefined) {
      validate = ajv.compile(inlineComponents(schema, this.components) as Schema)
      compiled.set(schema, validate)
    }
    return validate
  }
}

function fits(parts: readonly string[], segments: readonly string[], item: Record<string, Operation>): boolean {
  const loose = new Set(
    Object.values(item).flatMap((operation) =>
      operation.parameters.filter((p) => p["x-sitelets-segments"] !== undefined).map((p) => `{${String(p.name)}}`),
    ),
  )
  const walk = (p: number, s: number): boolean => {
    if (p === parts.length) return s === segments.length
    const part = parts[p] as string
    if (loose.has(part)) {
      for (let end = s; end <= segments.length; end++) if (walk(p + 1, end)) return true
      return false
    }
    if (s === segments.length) return false
    if (part.startsWith("{")) return walk(p + 1, s + 1)
    return decode(part) === segments[s] && walk(p + 1, s + 1)
  }
  return walk(0, 0)
}

/** The schema with `#/components/schemas/…` references replaced by the components themselves. */
function inlineComponents(schema: unknown, components: Schema): unknown {
  if (Array.isArray(schema)) return schema.map((item) => inlineComponents(item, components))
  if (typeof schema !== "object" || schema === null) return schema
  const ref = (schema as Schema).$ref
  if (typeof ref === "string" && ref.startsWith("#/components/schemas/"))
    return inlineComponents(components[ref.slice("#/components/schemas/".length)], components)
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, inlineComponents(value, components)]))
}
