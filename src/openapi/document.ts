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
import { type JsonSchema, SchemaBuilder, scalarSchema } from "../json/json-schema.js"
import {
  type Answer,
  answersOf,
  type DocumentedHost,
  headersTooLarge,
  mergeAnswers,
  problemSchema,
  type SchemaOf,
  socketAnswers,
  sortedByStatus,
  withRefusalOrder,
} from "./answers.js"
import { OperationNamer } from "./operation-names.js"
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
   * Descriptions of the document's tags, by name (`{ api: "The JSON API" }`);
   * a tag without one is described by where it comes from.
   */
  readonly tags?: Readonly<Record<string, string>>
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

const text = { "text/plain": { schema: { type: "string" } } }
const anything = { "*/*": { schema: {} } }
const targetRefusals = {
  "400": {
    description: "A malformed request target (percent-encoding, UTF-8), or more than one Host header",
    content: text,
  },
  "414": { description: "The request target over the host's limits", content: text },
  "431": { description: headersTooLarge, content: text },
}
const allowHeader = {
  Allow: { description: "The methods the route table accepts at this path", schema: { type: "string" } },
}

// The operation the library adds for OPTIONS: named after the path's first operation, in its tags.
function methodOperation(first: JsonSchema, namer: OperationNamer, path: string, description: string): JsonSchema {
  return {
    operationId: namer.reserve(`${String(first.operationId)}.Options`),
    summary: `Methods of ${path}`,
    description,
    ...(first.tags === undefined ? {} : { tags: first.tags }),
    parameters: (first.parameters as JsonSchema[]).filter((parameter) => parameter.in === "path"),
    // Answered before any credential is asked for.
    security: [],
  }
}

/**
 * Under `methodNotAllowed` the host answers a plain `OPTIONS` for a path
 * with `204` and `Allow` (a CORS part, its preflight with the same 204): the
 * path's `options` operation, unless a case taking any method answers it.
 */
function addMethodAnswer(item: Record<string, JsonSchema>, namer: OperationNamer, path: string): void {
  const operations = Object.values(item)
  const first = operations[0]
  if (first === undefined || item.options !== undefined || operations.some((o) => o["x-sitelets-any-method"])) return
  const operation = methodOperation(
    first,
    namer,
    path,
    "Answered by the host (its option methodNotAllowed): 204 with Allow, the methods the route table accepts at this path.",
  )
  item.options = {
    ...operation,
    responses: {
      "204": { description: "The methods this path answers", headers: allowHeader },
      "400": targetRefusals["400"],
      ...((operation.parameters as unknown[]).length > 0
        ? { "404": { description: "The path does not parse", content: text } }
        : {}),
      "414": targetRefusals["414"],
      "431": targetRefusals["431"],
    },
    "x-sitelets-method-answer": true,
  }
}

/**
 * On a path an `InferWithErrors` part serves (without `methodNotAllowed`,
 * under which the host answers `OPTIONS` itself), a method no case takes
 * reaches the handler as `InvalidMethod`: the `options` operation answers what the
 * handler does with it (any status; a 405 gets `Allow` from the host), after
 * the refusals that come before any handler (credentials, limits).
 */
function addHandlerMethodAnswer(item: Record<string, JsonSchema>, namer: OperationNamer, path: string): void {
  const operations = Object.values(item)
  const first = operations[0]
  if (first === undefined || item.options !== undefined) return
  let merged: Record<string, Answer> = {}
  for (const operation of operations) merged = mergeAnswers(merged, operation.responses as Record<string, Answer>)
  // What refuses a request before its handler runs: Protect (307, 401, 403), guards (429, 503), the 404 of a path.
  const before = Object.fromEntries(
    ["307", "401", "403", "404", "429", "503"].flatMap((code) => (merged[code] ? [[code, merged[code]]] : [])),
  )
  const operation = methodOperation(
    first,
    namer,
    path,
    "A method no case takes at this path reaches the handler of its InferWithErrors part (InvalidMethod), which answers it; a 405 carries Allow, the methods the route table accepts here.",
  )
  item.options = {
    ...operation,
    responses: sortedByStatus({
      ...before,
      ...targetRefusals,
      "405": {
        description: "The handler's answer to a method no case takes (Allow added by the host)",
        headers: allowHeader,
        content: anything,
      },
      "500": { description: "The handler failed (reported to the host's onError)", content: text },
      default: {
        description: "Any other answer the handler gives to a method no case takes (InvalidMethod)",
        content: anything,
      },
    }),
    "x-sitelets-method-answer": true,
  }
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

function requestBody(route: DescribedRoute, method: string, schemaOf: SchemaOf): JsonSchema | undefined {
  const body = requestBodyContent(route, method, schemaOf)
  // The case's MaxBytes: stated for readers, and as an extension for tools.
  return body === undefined || route.maxBytes === undefined
    ? body
    : { ...body, description: `At most ${route.maxBytes} bytes`, "x-sitelets-max-bytes": route.maxBytes }
}

function requestBodyContent(route: DescribedRoute, method: string, schemaOf: SchemaOf): JsonSchema | undefined {
  if (route.json !== undefined)
    return { required: true, content: { "application/json": { schema: schemaOf(route.json) } } }
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

/**
 * The OpenAPI 3.1 document of a site (or a router): one operation per case
 * and method; `operationId`, `summary`, `description` and tags from the
 * case's `Doc`, else from the case (its name: `Admin.Messages`, the method
 * added for a case with several, a later path of one case named by what it
 * adds; the first path segment as its tag); named records (`Name`) as
 * components; path and query parameters typed by their
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
  const namer = new OperationNamer()
  // One set of named schemas for the whole document: a Name'd record is one component, however often it is used.
  const schemas = new SchemaBuilder("#/components/schemas/", new Set(["Problem"]))
  const schemaOf: SchemaOf = (descriptor) => schemas.of(descriptor)
  // Each tag with its description: the one given, else where the tag comes from.
  const tags = new Map<string, string>()
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
      const names = namer.name(route, method)
      if (existing !== undefined) {
        // Same path and method: the first case wins when parsing; the later one is documented under it, and
        // what it answers (tried when the first does not parse) is the operation's too.
        const also = (existing["x-sitelets-alternatives"] as string[] | undefined) ?? []
        existing["x-sitelets-alternatives"] = [...also, names.operationId]
        existing.responses = sortedByStatus(
          mergeAnswers(existing.responses as Record<string, Answer>, answersOf(route, method, host, schemaOf)),
        )
        continue
      }
      for (const tag of names.tags)
        if (!tags.has(tag))
          tags.set(
            tag,
            options.tags?.[tag] ??
              (route.segments[0]?.kind === "literal" && route.segments[0].text === tag
                ? `Operations under /${tag}`
                : `Operations of the ${tag} part`),
          )
      const body = requestBody(route, method, schemaOf)
      const query = body === undefined && route.json === undefined ? [...route.query, ...route.form] : route.query
      const answers = answersOf(route, method, host, schemaOf)
      const operation: JsonSchema = {
        operationId: names.operationId,
        summary: names.summary,
        description: names.description,
        tags: [...names.tags],
        ...(route.doc?.Deprecated ? { deprecated: true } : {}),
        parameters: [...parameters, ...queryParameters(query), ...headerParameters(route)],
        ...(body === undefined ? {} : { requestBody: body }),
        responses: sortedByStatus(route.socket ? socketAnswers(answers) : answers),
        ...(route.methods === undefined ? { "x-sitelets-any-method": true } : {}),
        // A WebSocket case: its messages are the AsyncAPI document's channel of the same name.
        ...(route.socket ? { "x-sitelets-websocket": { channel: route.operation.join(".") } } : {}),
        // Behind Sitelet.Protect: any one of its schemes admits (the requirements are alternatives); else none is
        // asked for, said so (an empty list), as linters want every operation's security stated.
        security: route.protected ? route.protected.schemes.map(([name]) => ({ [name]: [] })) : [],
        ...(route.cors ? { "x-sitelets-cors": true } : {}),
      }
      for (const [name, scheme] of route.protected?.schemes ?? [])
        schemes.set(name, scheme.in === "cookie" ? { ...scheme, name: sessionCookie } : { ...scheme })
      if (route.withErrors) handlerAnswers.add(item)
      item[method] = operation
    }
  }
  for (const [path, item] of Object.entries(paths)) {
    if (host.methodNotAllowed) addMethodAnswer(item, namer, path)
    else if (handlerAnswers.has(item)) addHandlerMethodAnswer(item, namer, path)
    withRefusalOrder(item)
  }
  return {
    openapi: "3.1.0",
    info: { ...options.info },
    ...(options.servers === undefined ? {} : { servers: options.servers.map((server) => ({ ...server })) }),
    ...(tags.size === 0 ? {} : { tags: [...tags].map(([name, description]) => ({ name, description })) }),
    paths,
    components: {
      schemas: { Problem: problemSchema, ...schemas.defs },
      ...(schemes.size === 0 ? {} : { securitySchemes: Object.fromEntries(schemes) }),
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
