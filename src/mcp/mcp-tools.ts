/**
 * The MCP tools of a site, read from its OpenAPI document: one tool per
 * operation that answers JSON (the API's cases, not its pages, files,
 * streams or sockets), named by its `operationId`, described by its
 * summary and description, its `inputSchema` the operation's parameters and
 * body as one object of arguments — the same JSON Schemas as the document's,
 * its named schemas under `$defs` — and its `outputSchema` the JSON Schema
 * of its success answer when that answer is an object.
 */
import type { OpenApiDocument } from "../openapi/document.js"

/** A JSON Schema, as the document writes it. */
type Schema = Record<string, unknown>

/** Where an argument goes in the request a call makes. */
export interface ToolParameter {
  readonly name: string
  readonly in: "path" | "query" | "header" | "cookie"
  /** A path parameter of several segments (a wildcard): its value's slashes separate them. */
  readonly segments?: boolean
}

/**
 * One tool and the HTTP request a call of it stands for.
 *
 * @example
 * ```ts
 * const plan: ToolPlan = toolPlans(document)[0]
 * plan.name //=> "GetArticle"; plan.method //=> "GET"; plan.path //=> "/api/articles/{id}"
 * ```
 */
export interface ToolPlan {
  readonly name: string
  readonly description: string
  readonly inputSchema: Schema & { readonly type: "object" }
  readonly outputSchema: (Schema & { readonly type: "object" }) | undefined
  readonly method: string
  /** The OpenAPI path template: `/api/articles/{id}`. */
  readonly path: string
  readonly parameters: readonly ToolParameter[]
  /** The body: a JSON value under one argument, or form fields among the arguments. */
  readonly body:
    | { readonly kind: "json"; readonly argument: string }
    | { readonly kind: "form"; readonly keys: readonly string[] }
    | undefined
}

/**
 * Which operations are tools: by default every one that answers JSON; `Include` keeps only the operations
 * (or tags) it names, `Exclude` drops the ones it names.
 *
 * @example
 * ```ts
 * const choice: ToolChoice = { Include: ["api"], Exclude: ["Token"] }
 * ```
 */
export interface ToolChoice {
  /** Operation ids (`GetArticle`) or tags (`api`); only these are tools. */
  readonly Include?: readonly string[]
  /** Operation ids or tags left out. */
  readonly Exclude?: readonly string[]
}

const methods = ["get", "put", "post", "delete", "patch"] as const
const isJson = (type: string) => type === "application/json" || /^application\/[^;]*\+json$/.test(type)

/** The document's `#/components/schemas/X` references as an argument schema's `#/$defs/X`. */
function relocated(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(relocated)
  if (typeof schema !== "object" || schema === null) return schema
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(schema)) {
    out[key] =
      key === "$ref" && typeof value === "string" && value.startsWith("#/components/schemas/")
        ? `#/$defs/${value.slice("#/components/schemas/".length)}`
        : relocated(value)
  }
  return out
}

/** The names a schema refers to (`$ref`), followed through the definitions they name. */
function referenced(schema: unknown, defs: Readonly<Record<string, unknown>>, found = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const item of schema) referenced(item, defs, found)
  else if (typeof schema === "object" && schema !== null)
    for (const [key, value] of Object.entries(schema)) {
      if (key === "$ref" && typeof value === "string" && value.startsWith("#/$defs/")) {
        const name = value.slice("#/$defs/".length)
        if (!found.has(name)) {
          found.add(name)
          referenced(defs[name], defs, found)
        }
      } else referenced(value, defs, found)
    }
  return found
}

/** A schema with the definitions it refers to, as one self-contained JSON Schema. */
function withDefs(schema: Schema, defs: Readonly<Record<string, unknown>>): Schema {
  const names = [...referenced(schema, defs)].sort()
  return names.length === 0 ? schema : { ...schema, $defs: Object.fromEntries(names.map((name) => [name, defs[name]])) }
}

/** The success answer's JSON Schema as an object schema (a named record's definition inlined at the top), or undefined. */
function outputOf(operation: Schema, defs: Readonly<Record<string, unknown>>): ToolPlan["outputSchema"] {
  const responses = (operation.responses ?? {}) as Record<string, { content?: Record<string, { schema?: unknown }> }>
  const success = Object.keys(responses).find((code) => /^2\d\d$/.test(code) && code !== "204")
  const content = success === undefined ? undefined : responses[success]?.content
  const type = content === undefined ? undefined : Object.keys(content).find(isJson)
  if (type === undefined) return undefined
  let schema = relocated(content?.[type]?.schema) as Schema | undefined
  const ref = typeof schema?.$ref === "string" ? schema.$ref : undefined
  if (ref?.startsWith("#/$defs/") && Object.keys(schema ?? {}).length === 1)
    schema = defs[ref.slice("#/$defs/".length)] as Schema | undefined
  if (schema?.type !== "object") return undefined
  return withDefs(schema, defs) as Schema & { type: "object" }
}

/** Whether an operation answers JSON on success (or nothing, 204): an API operation. */
function answersJson(operation: Schema): boolean {
  const responses = (operation.responses ?? {}) as Record<string, { content?: Record<string, unknown> }>
  return Object.entries(responses).some(
    ([code, answer]) => /^2\d\d$/.test(code) && (code === "204" || Object.keys(answer.content ?? {}).some(isJson)),
  )
}

function chosen(operation: Schema, choice: ToolChoice | undefined): boolean {
  const names = [String(operation.operationId), ...((operation.tags as string[] | undefined) ?? [])]
  if (choice?.Exclude?.some((name) => names.includes(name))) return false
  if (choice?.Include !== undefined) return choice.Include.some((name) => names.includes(name))
  return answersJson(operation)
}

/** A summary and a description as one text: the description alone when it repeats the summary. */
function joined(summary: string, details: string): string {
  if (details === "" || details === summary) return summary
  if (summary === "") return details
  return `${summary}${/[.!?]$/.test(summary) ? "" : "."} ${details}`
}

/** The arguments of one operation: its parameters, then its body (a JSON value under `body`, or its form fields). */
function planOf(path: string, method: string, operation: Schema, defs: Record<string, unknown>): ToolPlan | undefined {
  const properties: Record<string, unknown> = {}
  const required: string[] = []
  const parameters: ToolParameter[] = []
  for (const parameter of (operation.parameters ?? []) as Array<Schema & { name: string; in: ToolParameter["in"] }>) {
    properties[parameter.name] = relocated(parameter.schema ?? {})
    if (parameter.required === true) required.push(parameter.name)
    parameters.push({
      name: parameter.name,
      in: parameter.in,
      ...(parameter["x-sitelets-segments"] === undefined ? {} : { segments: true }),
    })
  }
  let body: ToolPlan["body"]
  const content = (operation.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)?.content
  if (content !== undefined) {
    const type = Object.keys(content)[0] ?? ""
    const schema = relocated(content[type]?.schema ?? {}) as Schema
    if (isJson(type)) {
      // The body under `body` (or `requestBody`, where a parameter has that name).
      const argument = "body" in properties ? "requestBody" : "body"
      properties[argument] = schema
      required.push(argument)
      body = { kind: "json", argument }
    } else if (type === "application/x-www-form-urlencoded") {
      const fields = (schema.properties ?? {}) as Record<string, unknown>
      for (const [key, field] of Object.entries(fields)) properties[key] = field
      required.push(...((schema.required as string[] | undefined) ?? []))
      body = { kind: "form", keys: Object.keys(fields) }
      // Files (multipart) are no tool argument.
    } else return undefined
  }
  const summary = typeof operation.summary === "string" ? operation.summary : ""
  const details = typeof operation.description === "string" ? operation.description : ""
  const inputSchema = withDefs({ type: "object", properties, required }, defs) as Schema & { type: "object" }
  return {
    name: String(operation.operationId),
    description: joined(summary, details),
    inputSchema,
    outputSchema: outputOf(operation, defs),
    method: method.toUpperCase(),
    path,
    parameters,
    body,
  }
}

/**
 * The tools of a document: each operation `choice` keeps (every JSON one by
 * default), except the host's own answers (`OPTIONS`), WebSockets and
 * operations with files in their body.
 *
 * @example
 * ```ts
 * toolPlans(OpenApi.Document(site, { info })).map((tool) => tool.name) //=> ["CreateArticle", "ListArticles", …]
 * ```
 */
export function toolPlans(document: OpenApiDocument, choice?: ToolChoice): ToolPlan[] {
  const components = (document.components ?? {}) as { schemas?: Record<string, unknown> }
  const defs = relocated(components.schemas ?? {}) as Record<string, unknown>
  const plans: ToolPlan[] = []
  for (const [path, item] of Object.entries((document.paths ?? {}) as Record<string, Record<string, Schema>>))
    for (const method of methods) {
      const operation = item[method]
      if (operation === undefined || operation["x-sitelets-websocket"] !== undefined) continue
      if (!chosen(operation, choice)) continue
      const plan = planOf(path, method, operation, defs)
      if (plan !== undefined) plans.push(plan)
    }
  return plans
}
