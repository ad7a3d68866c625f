/**
 * What the server answers an operation with: the statuses of the case's
 * declaration (or of its kind of content), merged with the statuses the
 * library itself answers under the host's options. The rule is the
 * README's table (OpenAPI, "What the document promises"); the property
 * test of `test/openapi/truth.test.ts` sends random and malformed requests
 * through the real hosts and checks every answer against it.
 */
import type { Descriptor } from "../descriptor/descriptor.js"
import { eventDataOf, isMedia } from "../descriptor/media.js"
import { isNoBody } from "../descriptor/no-body.js"
import { jsonSchemaOf, type JsonSchema } from "../json/json-schema.js"
import type { DescribedRoute } from "../router/describe.js"
import { Http } from "../sitelet/http/http-status.js"

/**
 * The host options a document follows: the same object given to the host
 * (`NodeHandler(site, options)`, `Fetch.Handler(site, options)`), so the
 * document and the server cannot drift apart.
 *
 * @example
 * ```ts
 * const host: DocumentedHost = { csrf: true, methodNotAllowed: true, etag: true, deadline: 5_000 }
 * ```
 */
export interface DocumentedHost {
  readonly csrf?: unknown
  readonly methodNotAllowed?: boolean
  readonly etag?: boolean
  readonly deadline?: number
  readonly problemDetails?: boolean
  /** The session options: their `cookieName` names the session cookie's security scheme. */
  readonly session?: { readonly cookieName?: string }
}

/** The reference to the shared schema of the library's `application/problem+json` answers. */
export const problemRef: JsonSchema = { $ref: "#/components/schemas/Problem" }

/**
 * The RFC 9457 problem document the hosts write for a refused body
 * (`src/host/problem.ts`), as a JSON Schema.
 *
 * @example
 * ```ts
 * document.components.schemas.Problem === problemSchema
 * ```
 */
export const problemSchema: JsonSchema = {
  type: "object",
  description: "A refusal the library writes itself (RFC 9457)",
  required: ["type", "title", "status", "detail"],
  properties: {
    type: { type: "string" },
    title: { type: "string" },
    status: { type: "integer", minimum: 400, maximum: 599 },
    detail: { type: "string" },
    errors: {
      type: "array",
      items: {
        type: "object",
        required: ["detail"],
        properties: {
          pointer: { type: "string" },
          path: { type: "string" },
          field: { type: "string" },
          detail: { type: "string" },
        },
      },
    },
  },
}

type Media = Record<string, { schema: JsonSchema }>
/** One response of an operation. */
export interface Answer {
  description: string
  content?: Media
  headers?: Record<string, JsonSchema>
}

const text: Media = { "text/plain": { schema: { type: "string" } } }
const problem: Media = { "application/problem+json": { schema: problemRef } }
const anything: Media = { "*/*": { schema: {} } }
const unsafe = new Set(["post", "put", "patch", "delete"])

/** The runtime's own refusal of a request whose head is too large: Node's at 16 KiB, a long target's too. */
export const headersTooLarge =
  "Request header fields too large: the request line and headers over the runtime's limit (Node: 16 KiB), which a very long target or cookie reaches before the host's 414"

const described = (code: number, fallback: string) => Http.Status.Custom(code).text || fallback

/** The JSON Schema of a body in a document: a function, so a document shares one set of named schemas. */
export type SchemaOf = (descriptor: Descriptor) => JsonSchema

/** A JSON Schema without its `$schema` (the document's dialect is 2020-12 already), its definitions inside it. */
export function bodySchema(descriptor: Descriptor): JsonSchema {
  const { $schema: _dialect, ...schema } = jsonSchemaOf(descriptor)
  return schema
}

/**
 * The responses of one operation (a route and one of its methods) under
 * the host's options: each status with every media type it can carry.
 *
 * @example
 * ```ts
 * answersOf(route, "get", { methodNotAllowed: true }) //=> { 200: …, 400: …, 404: …, 405: …, 414: …, 500: … }
 * ```
 */
export function answersOf(
  route: DescribedRoute,
  method: string,
  host: DocumentedHost,
  schemaOf: SchemaOf = bodySchema,
): Record<string, Answer> {
  const out: Record<string, Answer> = {}
  const add = (code: number | "default", description: string, content?: Media, headers?: Answer["headers"]) => {
    const key = String(code)
    const entry = (out[key] ??= { description })
    if (content !== undefined) entry.content = { ...entry.content, ...content }
    if (headers !== undefined) entry.headers = { ...entry.headers, ...headers }
  }
  // What the handler answers: its declaration, or what its kind of content may be.
  if (route.responses !== undefined) {
    for (const [code, answer] of Object.entries(route.responses)) {
      const status = Number(code)
      const description = described(status, `Status ${code}`)
      const declared = route.responseHeaders?.[status]
      const headers =
        declared === undefined
          ? undefined
          : Object.fromEntries(
              Object.entries(declared).map(([name, about]) => [
                name,
                { description: about, schema: { type: "string" } },
              ]),
            )
      if (isNoBody(answer)) add(status, description, undefined, headers)
      else if (isMedia(answer)) {
        // An EventStream(d): each event's data, a value of d, beside the stream's text.
        const data = eventDataOf(answer)
        const events = data === undefined ? {} : { "x-sitelets-event-data": schemaOf(data) }
        add(status, description, { [answer["~media"]]: { schema: { type: "string" }, ...events } }, headers)
      } else add(status, description, { "application/json": { schema: schemaOf(answer as Descriptor) } }, headers)
    }
  } else if (route.files) {
    add(200, "The file", anything)
    add(206, "One byte range of the file (Range)", anything)
    add(304, "Not modified since the client's copy (If-None-Match, If-Modified-Since)")
    add(416, "No satisfiable byte range (Content-Range: bytes */size)")
    add(404, "No such file", text)
  } else {
    add(200, "The endpoint's content: a page, text, JSON, a stream or a file", anything)
    // An undeclared handler may answer any status it sets (Content.SetStatus): declare them with Responds.
    add("default", "Any other answer the handler gives (declare it with Responds)", anything)
  }
  // What the library answers itself.
  const reads = route.json !== undefined || (route.form.length > 0 && method !== "get" && method !== "head")
  // Header and cookie fields fail like query fields (the request falls through, or reaches an InferWithErrors handler).
  const queryFields =
    route.query.length > 0 ||
    (route.headers?.length ?? 0) > 0 ||
    (route.cookies?.length ?? 0) > 0 ||
    (route.form.length > 0 && (method === "get" || method === "head"))
  const pathParams = route.segments.some((segment) => segment.kind === "param")
  add(400, "A malformed request target (percent-encoding, UTF-8), or more than one Host header", text)
  // `text: "storable"`: a string field with a NUL character or a lone surrogate, refused before the handler.
  if (route.storableText && (pathParams || queryFields || reads || route.json !== undefined))
    add(400, "A field holds text a database cannot hold: a NUL character (U+0000) or a lone surrogate", {
      "application/problem+json": { schema: problemRef },
    })
  if (reads) {
    // Problem details are on unless the host turns them off (then the same refusals are plain text).
    const refusal = host.problemDetails === false ? text : { ...text, ...problem }
    add(400, "The body is malformed or not what the endpoint reads (after its size and media type)", refusal)
    add(
      413,
      route.maxBytes === undefined
        ? "The body, or its form fields, over the host's limits"
        : `The body over this operation's limit of ${route.maxBytes} bytes (MaxBytes), or its form fields over the host's`,
      refusal,
    )
    add(415, "A Content-Type the endpoint does not read, or a charset other than UTF-8", refusal)
  }
  // A request that fails to parse is not accepted (the specification's rule): the host's 404. With
  // InferWithErrors the handler answers a failed query or body instead; a path that does not parse still falls through.
  if (pathParams || (!route.withErrors && queryFields)) add(404, "The request does not parse as this endpoint", text)
  add(414, "The request target, or its query parameters, over the host's limits", text)
  add(431, headersTooLarge, text)
  if (host.csrf && unsafe.has(method))
    add(
      403,
      "A cross-site request (host option csrf): one whose Origin or Sec-Fetch-Site names another site, or one with neither that carries a cookie or Basic/Digest authentication. A client of the API sends no Origin and its own credential (a bearer token)",
      text,
    )
  if (host.methodNotAllowed)
    add(405, "A method the route table does not accept at this path (Allow lists those it does)", text, {
      Allow: { schema: { type: "string" } },
    })
  if (route.protected?.redirect)
    add(307, "Not logged in (or refused by VerifyUser): redirected to the login endpoint", text, {
      Location: { schema: { type: "string" } },
    })
  if (route.protected?.challenge) {
    const challenge = { "WWW-Authenticate": { schema: { type: "string" }, description: "The accepted schemes" } }
    const problemBody = { "application/problem+json": { schema: problemRef } }
    add(
      401,
      "No credentials, or credentials refused (bad, expired or over-long token; unknown API key); checked before the body, none of which is read",
      problemBody,
      challenge,
    )
    add(
      403,
      "Authenticated, but refused by VerifyUser (before the body, none of which is read)",
      problemBody,
      challenge,
    )
  }
  // A guard's answers: its content is the application's (problem details for the library's rate limiter).
  for (const answer of route.answers ?? [])
    add(
      answer.code,
      answer.description,
      anything,
      answer.headers.length === 0
        ? undefined
        : Object.fromEntries(answer.headers.map((name) => [name, { schema: { type: "string" } }])),
    )
  if (host.etag && method === "get") add(304, "Not modified since the client's copy (host option etag)")
  if (host.deadline !== undefined) add(503, `No answer within the host's deadline (${host.deadline} ms)`, text)
  add(500, "The handler failed (reported to the host's onError)", text)
  // Without a declaration the handler may answer any status with any media type (Content.SetStatus on a page).
  if (route.responses === undefined && !route.files)
    for (const entry of Object.values(out))
      if (entry.content !== undefined) entry.content = { ...entry.content, ...anything }
  return out
}

/**
 * One operation's responses merged into another's: the statuses of both,
 * each with the media types of both. A later case with the same path and
 * method is tried when the first does not parse, so the operation answers
 * what either answers.
 *
 * @example
 * ```ts
 * mergeAnswers(answersOf(byId, "get", host), answersOf(bySlug, "get", host))
 * ```
 */
export function mergeAnswers(into: Record<string, Answer>, from: Record<string, Answer>): Record<string, Answer> {
  const out: Record<string, Answer> = { ...into }
  for (const [code, answer] of Object.entries(from)) {
    const existing = out[code]
    out[code] =
      existing === undefined
        ? answer
        : {
            description: existing.description,
            ...(existing.content || answer.content ? { content: { ...existing.content, ...answer.content } } : {}),
            ...(existing.headers || answer.headers ? { headers: { ...existing.headers, ...answer.headers } } : {}),
          }
  }
  return out
}

// The library's refusals in the order it decides them (docs/security.md, "The order of refusals").
const refusalOrder = ["404", "405", "307", "401", "403", "429", "413", "415", "406", "400"] as const

/**
 * Adds `x-sitelets-refusals` to each operation of a path item: the refusal
 * statuses it lists, in the order the server decides them (the first that
 * applies is the answer; those before 413 read no byte of the body).
 *
 * @example
 * ```ts
 * withRefusalOrder(item) // item.post["x-sitelets-refusals"] //=> ["404", "405", "401", "403", "413", "415", "400"]
 * ```
 */
export function withRefusalOrder(item: Record<string, JsonSchema>): void {
  for (const operation of Object.values(item)) {
    const responses = operation.responses as Record<string, unknown> | undefined
    if (responses === undefined) continue
    const order = refusalOrder.filter((code) => responses[code] !== undefined)
    if (order.length > 0) operation["x-sitelets-refusals"] = order
  }
}

/**
 * An upgrade's answers: 101 instead of a 200, 426 to a request that is no
 * upgrade, 403 from another site's page, and the handshakes RFC 6455 has
 * refused with a 400 (upgrade.ts checks them on every host).
 *
 * @example
 * ```ts
 * socketAnswers(answersOf(route, "get", host))["101"] //=> { description: "Switching Protocols: …" }
 * ```
 */
export function socketAnswers(answers: Record<string, Answer>): Record<string, unknown> {
  const { 200: _ok, ...rest } = answers
  const malformed = rest["400"]
  return {
    ...rest,
    101: { description: "Switching Protocols: the connection is the WebSocket described by the AsyncAPI document" },
    400: {
      description: `${malformed === undefined ? "" : `${malformed.description}; or `}a handshake RFC 6455 refuses: a Sec-WebSocket-Version other than 13 (answered with Sec-WebSocket-Version: 13), a missing or malformed Sec-WebSocket-Key`,
      headers: { ...malformed?.headers, "Sec-WebSocket-Version": { schema: { type: "string", const: "13" } } },
      content: { ...malformed?.content, ...text },
    },
    403: { description: "Forbidden: an upgrade from a page of an origin the case does not allow", content: text },
    426: {
      description: "Upgrade Required: the request was no WebSocket upgrade",
      headers: { Upgrade: { schema: { type: "string", const: "websocket" } } },
      content: text,
    },
  }
}

/**
 * Responses in status order (`default` last), as readers expect them.
 *
 * @example
 * ```ts
 * Object.keys(sortedByStatus({ default: {}, 404: {}, 200: {} })) //=> ["200", "404", "default"]
 * ```
 */
export function sortedByStatus(responses: Record<string, unknown>): Record<string, unknown> {
  const codes = Object.keys(responses).sort((a, b) =>
    a === "default" ? 1 : b === "default" ? -1 : Number(a) - Number(b),
  )
  return Object.fromEntries(codes.map((code) => [code, responses[code]]))
}
