/**
 * `OpenApi.Document(siteOrRouter, { info, servers })`: an OpenAPI 3.1
 * document from the one declaration, the routes a router describes
 * (`router.describe()`): one operation per case and method, typed path and
 * query parameters, request bodies from `Json` and `FormData` fields, JSON
 * Schemas from the descriptors.
 */
import type { Descriptor } from "../descriptor/descriptor.js"
import { resolve } from "../descriptor/composites.js"
import { datePattern, defaultPathDateFormat } from "../descriptor/date-format.js"
import { type JsonSchema, scalarSchema } from "../json/json-schema.js"
import { type Answer, answersOf, bodySchema, type DocumentedHost, mergeAnswers, problemSchema } from "./answers.js"
import { type DescribedField, type DescribedRoute, type DescribedSegment, describeRoutes } from "../router/describe.js"
import type { Router } from "../router/router.js"

/**
 * What `OpenApi.Document` takes besides the site.
 *
 * @example
 * ```ts
 * const options: OpenApiOptions = { info: { title: "Blog API", version: "1.0.0" }, servers: [{ url: "https://api.example.com" }] }
 * ```
 */
export interface OpenApiOptions {
  /** The document's `info` object (title and version at least). */
  readonly info: { readonly title: string; readonly version: string } & Readonly<Record<string, unknown>>
  /** The `servers` list. */
  readonly servers?: ReadonlyArray<{ readonly url: string; readonly description?: string }>
  /**
   * The options the site is hosted with (the same object given to
   * `NodeHandler`, `Middleware` or `Fetch.Handler`): the statuses the host
   * answers by itself under them (403 with `csrf`, 405 with
   * `methodNotAllowed`, 304 with `etag`, 503 with `deadline`) are listed.
   */
  readonly host?: DocumentedHost
  /** Shorthand for `host: { methodNotAllowed }`. */
  readonly methodNotAllowed?: boolean
  /**
   * The session cookie's name, for the security scheme of `Protect`-ed
   * operations. Default: the host's `session.cookieName`, else `"sitelets_session"`.
   */
  readonly sessionCookie?: string
}

/**
 * An OpenAPI 3.1 document, as plain data (`JSON.stringify` it to serve it).
 *
 * @example
 * ```ts
 * const document: OpenApiDocument = OpenApi.Document(site, { info: { title: "x", version: "1" } })
 * ```
 */
export type OpenApiDocument = Record<string, unknown> & { readonly openapi: "3.1.0" }

const operationMethods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

/** The JSON Schema of a scalar in a URL (its text form), or a string marked with how the path carries it. */
function textSchema(descriptor: Descriptor): JsonSchema {
  const d = resolve(descriptor)
  const scalar = scalarSchema(d)
  if (scalar !== undefined) return scalar
  switch (d.kind) {
    case "datetime":
      return { type: "string", pattern: datePattern(d.format ?? defaultPathDateFormat) }
    case "option":
      return textSchema(d.of)
    case "list":
      return { type: "array", items: textSchema(d.of) }
    case "file":
      return { type: "string", contentMediaType: "application/octet-stream" }
    default:
      return { type: "string" }
  }
}

/**
 * Under `methodNotAllowed` the host answers a plain `OPTIONS` for a path
 * with `204` and `Allow` (a CORS part, its preflight with the same 204): the
 * path's `options` operation, unless a case taking any method answers it.
 */
function addMethodAnswer(item: Record<string, JsonSchema>, taken: Set<string>): void {
  const operations = Object.values(item)
  const first = operations[0]
  if (first === undefined || item.options !== undefined || operations.some((o) => o["x-sitelets-any-method"])) return
  const parameters = (first.parameters as JsonSchema[]).filter((parameter) => parameter.in === "path")
  const id = uniqueId(`${String(first.operationId)}.Options`, taken)
  const text = { "text/plain": { schema: { type: "string" } } }
  item.options = {
    operationId: id,
    parameters,
    responses: {
      "204": { description: "The methods this path answers", headers: { Allow: { schema: { type: "string" } } } },
      "400": {
        description: "A malformed request target (percent-encoding, UTF-8), or more than one Host header",
        content: text,
      },
      ...(parameters.length > 0 ? { "404": { description: "The path does not parse", content: text } } : {}),
      "414": { description: "The request target over the host's limits", content: text },
    },
    "x-sitelets-method-answer": true,
  }
}

/**
 * On a path an `InferWithErrors` part serves, a method no case takes reaches
 * the handler as `InvalidMethod`: the `options` operation answers what any
 * of the path's operations may (the methods without an operation are
 * checked against those too).
 */
function addHandlerMethodAnswer(item: Record<string, JsonSchema>, taken: Set<string>): void {
  const operations = Object.values(item)
  const first = operations[0]
  if (first === undefined || item.options !== undefined) return
  let responses: Record<string, Answer> = {}
  for (const operation of operations) responses = mergeAnswers(responses, operation.responses as Record<string, Answer>)
  item.options = {
    operationId: uniqueId(`${String(first.operationId)}.Options`, taken),
    parameters: (first.parameters as JsonSchema[]).filter((parameter) => parameter.in === "path"),
    responses: sortedByStatus(responses),
    "x-sitelets-method-answer": true,
  }
}

function uniqueId(base: string, taken: Set<string>): string {
  let id = base
  for (let n = 2; taken.has(id); n++) id = `${base}_${n}`
  taken.add(id)
  return id
}

/** Responses in status order (`default` last), as readers expect them. */
function sortedByStatus(responses: Record<string, unknown>): Record<string, unknown> {
  const codes = Object.keys(responses).sort((a, b) =>
    a === "default" ? 1 : b === "default" ? -1 : Number(a) - Number(b),
  )
  return Object.fromEntries(codes.map((code) => [code, responses[code]]))
}

/** The OpenAPI path template of a route, and its path parameters. */
function pathOf(segments: readonly DescribedSegment[]): { template: string; key: string; parameters: JsonSchema[] } {
  const parameters: JsonSchema[] = []
  const parts = segments.map((segment) => {
    if (segment.kind === "literal") return encodeURIComponent(segment.text)
    const parameter: JsonSchema = {
      name: segment.name,
      in: "path",
      required: true,
      schema: segment.shape === "segment" ? textSchema(segment.descriptor) : { type: "string" },
    }
    // A template parameter is one segment: what takes several is described, not expressed (README, OpenAPI).
    if (segment.shape !== "segment") parameter["x-sitelets-segments"] = segment.shape
    parameters.push(parameter)
    return `{${segment.name}}`
  })
  const template = `/${parts.join("/")}`
  // Templates differing only in parameter names are the same path to OpenAPI.
  const key = `/${segments.map((segment) => (segment.kind === "literal" ? segment.text : "{}")).join("/")}`
  return { template, key, parameters }
}

function queryParameters(fields: readonly DescribedField[]): JsonSchema[] {
  return fields.map((field) => {
    const list = resolve(field.descriptor).kind === "list"
    return {
      name: field.key,
      in: "query",
      required: !field.optional && !list,
      schema: textSchema(field.descriptor),
      ...(list ? { style: "form", explode: true } : {}),
    }
  })
}

// Header and cookie fields: a list header is comma-separated (OpenAPI's `simple` style, the default for headers).
function headerParameters(route: DescribedRoute): JsonSchema[] {
  const of = (where: "header" | "cookie") => (field: DescribedField) => ({
    name: field.key,
    in: where,
    required: !field.optional && resolve(field.descriptor).kind !== "list",
    schema: textSchema(field.descriptor),
  })
  return [...(route.headers ?? []).map(of("header")), ...(route.cookies ?? []).map(of("cookie"))]
}

function requestBody(route: DescribedRoute, method: string): JsonSchema | undefined {
  const body = requestBodyContent(route, method)
  // The case's MaxBytes: stated for readers, and as an extension for tools.
  return body === undefined || route.maxBytes === undefined
    ? body
    : { ...body, description: `At most ${route.maxBytes} bytes`, "x-sitelets-max-bytes": route.maxBytes }
}

function requestBodyContent(route: DescribedRoute, method: string): JsonSchema | undefined {
  if (route.json !== undefined)
    return { required: true, content: { "application/json": { schema: bodySchema(route.json) } } }
  // A GET or HEAD has no body: its form fields are read from the query.
  if (route.form.length === 0 || method === "get" || method === "head") return undefined
  const properties: Record<string, JsonSchema> = {}
  const required: string[] = []
  let files = false
  for (const field of route.form) {
    const item = resolve(field.descriptor)
    const inner = item.kind === "option" || item.kind === "list" ? resolve(item.of) : item
    if (inner.kind === "file") files = true
    properties[field.key] = textSchema(field.descriptor)
    if (!field.optional && item.kind !== "list") required.push(field.key)
  }
  const type = files ? "multipart/form-data" : "application/x-www-form-urlencoded"
  return { required: required.length > 0, content: { [type]: { schema: { type: "object", properties, required } } } }
}

/** A unique operation id from the case path (`Blog.Show`), the method added when a case has several. */
function operationIdOf(route: DescribedRoute, method: string, taken: Set<string>): string {
  const base =
    route.operation.length === 0 ? `${method}${route.segments.length === 0 ? "Root" : ""}` : route.operation.join(".")
  const withMethod = (route.methods?.length ?? 1) > 1 ? `${base}_${method}` : base
  let id = withMethod
  for (let n = 2; taken.has(id); n++) id = `${withMethod}_${n}`
  taken.add(id)
  return id
}

/**
 * The OpenAPI 3.1 document of a site (or a router): one operation per case
 * and method; `operationId` from the case path (`Admin.Messages`, the
 * method added for a case with several, a number for a repeat), tags from
 * the first path segment, path and query parameters typed by their
 * descriptors, request bodies from `Json` fields (`application/json`, the
 * descriptor's JSON Schema) and `FormData` fields (urlencoded, or multipart
 * with a file field), a 400 for a route that reads a query or a body, a 405
 * with `methodNotAllowed`, `security` (the schemes its credentials accept:
 * the session cookie, bearer tokens, API keys, JWTs) and its refusals (307,
 * 401, 403) for a `Protect`-ed part, `x-sitelets-cors` for a `CorsContent` one. A case
 * without a method is one `get` operation
 * marked `x-sitelets-any-method`. Nested unions and options in a path are
 * expanded into concrete paths; several segments in one parameter (a list,
 * a wildcard) are marked `x-sitelets-segments`; a later case with the same
 * path and method (tried after the first) is listed under the first one's
 * `x-sitelets-alternatives`. A case's declared answers (`Returns`,
 * `Responds`) are its responses, each with the JSON Schema of its
 * descriptor; a case without any has `default`.
 *
 * @example
 * ```ts
 * const document = OpenApi.Document(site, { info: { title: "Blog", version: "1.0.0" } })
 * Sitelet.Content("/openapi.json", { $: "OpenApi" }, () => Content.Json(document))
 * ```
 */
export function Document(
  site: { readonly Router: Router<any> } | Router<any>,
  options: OpenApiOptions,
): OpenApiDocument {
  const router: Router<any> = "Router" in site ? site.Router : site
  const host: DocumentedHost = { methodNotAllowed: options.methodNotAllowed, ...options.host }
  const sessionCookie = options.sessionCookie ?? host.session?.cookieName ?? "sitelets_session"
  const paths: Record<string, Record<string, JsonSchema>> = {}
  const templates = new Map<string, string>()
  const taken = new Set<string>()
  const tags = new Set<string>()
  const schemes = new Map<string, JsonSchema>()
  // Paths an InferWithErrors part serves: its handler answers any method there (InvalidMethod).
  const handlerAnswers = new Set<Record<string, JsonSchema>>()
  for (const route of describeRoutes(router)) {
    const { template, key, parameters } = pathOf(route.segments)
    const path = templates.get(key) ?? template
    templates.set(key, path)
    const item = (paths[path] ??= {})
    const methods = route.methods === undefined ? ["get"] : route.methods.map((method) => method.toLowerCase())
    for (const method of methods) {
      if (!operationMethods.includes(method)) continue
      const existing = item[method]
      const id = operationIdOf(route, method, taken)
      if (existing !== undefined) {
        // Same path and method: the first case wins when parsing; the later one is documented under it, and
        // what it answers (tried when the first does not parse) is the operation's too.
        const also = (existing["x-sitelets-alternatives"] as string[] | undefined) ?? []
        existing["x-sitelets-alternatives"] = [...also, id]
        existing.responses = sortedByStatus(
          mergeAnswers(existing.responses as Record<string, Answer>, answersOf(route, method, host)),
        )
        continue
      }
      const first = route.segments[0]
      const tag = route.segments.length > 1 && first?.kind === "literal" ? first.text : undefined
      if (tag !== undefined) tags.add(tag)
      const body = requestBody(route, method)
      const query = body === undefined && route.json === undefined ? [...route.query, ...route.form] : route.query
      const operation: JsonSchema = {
        operationId: id,
        ...(tag === undefined ? {} : { tags: [tag] }),
        parameters: [...parameters, ...queryParameters(query), ...headerParameters(route)],
        ...(body === undefined ? {} : { requestBody: body }),
        responses: sortedByStatus(
          route.socket ? socketAnswers(answersOf(route, method, host)) : answersOf(route, method, host),
        ),
        ...(route.methods === undefined ? { "x-sitelets-any-method": true } : {}),
        // A WebSocket case: its messages are the AsyncAPI document's channel of the same name.
        ...(route.socket ? { "x-sitelets-websocket": { channel: route.operation.join(".") } } : {}),
        // Behind Sitelet.Protect: any one of its schemes admits (the requirements are alternatives).
        ...(route.protected ? { security: route.protected.schemes.map(([name]) => ({ [name]: [] })) } : {}),
        ...(route.cors ? { "x-sitelets-cors": true } : {}),
      }
      for (const [name, scheme] of route.protected?.schemes ?? [])
        schemes.set(name, scheme.in === "cookie" ? { ...scheme, name: sessionCookie } : { ...scheme })
      if (route.withErrors) handlerAnswers.add(item)
      item[method] = operation
    }
  }
  for (const item of Object.values(paths))
    if (handlerAnswers.has(item)) addHandlerMethodAnswer(item, taken)
    else if (host.methodNotAllowed) addMethodAnswer(item, taken)
  return {
    openapi: "3.1.0",
    info: { ...options.info },
    ...(options.servers === undefined ? {} : { servers: options.servers.map((server) => ({ ...server })) }),
    ...(tags.size === 0 ? {} : { tags: [...tags].map((name) => ({ name })) }),
    paths,
    components: {
      schemas: { Problem: problemSchema },
      ...(schemes.size === 0 ? {} : { securitySchemes: Object.fromEntries(schemes) }),
    },
  }
}

const plainText = { "text/plain": { schema: { type: "string" } } }

// An upgrade's answers: 101 instead of a 200, 426 to a request that is no upgrade, 403 from another site's page.
function socketAnswers(answers: Record<string, unknown>): Record<string, unknown> {
  const { 200: _ok, ...rest } = answers
  return {
    ...rest,
    101: { description: "Switching Protocols: the connection is the WebSocket described by the AsyncAPI document" },
    403: { description: "Forbidden: an upgrade from a page of an origin the case does not allow", content: plainText },
    426: {
      description: "Upgrade Required: the request was no WebSocket upgrade",
      headers: { Upgrade: { schema: { type: "string", const: "websocket" } } },
      content: plainText,
    },
  }
}

/**
 * The OpenAPI namespace: `OpenApi.Document(siteOrRouter, { info, servers })`.
 *
 * @example
 * ```ts
 * import { OpenApi } from "sitelets"
 * const document = OpenApi.Document(site, { info: { title: "Blog", version: "1.0.0" } })
 * ```
 */
export const OpenApi = Object.freeze({ Document })
