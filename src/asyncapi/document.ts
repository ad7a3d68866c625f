/**
 * `AsyncApi.Document(siteOrRouter, { info, servers? })`: an AsyncAPI 3.0
 * document of a site's WebSocket channels, from the same declaration the
 * server and the typed client use — each channel's address and
 * parameters, the messages of each side with their JSON Schemas, and the
 * security of the channels behind `Sitelet.Protect`. Plain data, so
 * `Content.Json(document)` serves it.
 */
import type { Descriptor } from "../descriptor/descriptor.js"
import { jsonSchemaOf } from "../json/json-schema.js"
import { describeRoutes, type DescribedRoute } from "../router/describe.js"
import type { SecurityScheme } from "../router/route-source.js"
import type { Router } from "../router/router.js"
import { isBytes, type SocketLimits, socketLimitDefaults, type SocketSide } from "../descriptor/web-socket.js"
import { eventDataOf } from "../descriptor/media.js"

/**
 * Options of `AsyncApi.Document`.
 *
 * @example
 * ```ts
 * const options: AsyncApiOptions = { info: { title: "Chat", version: "1.0.0" }, servers: { local: { host: "localhost:8080", protocol: "ws" } } }
 * ```
 */
export interface AsyncApiOptions {
  /** The document's `info` object (title and version at least). */
  readonly info: { readonly title: string; readonly version: string } & Readonly<Record<string, unknown>>
  /** The session cookie's name, for channels behind `Auth.Session()` (default `sitelets_session`, the host's default). */
  readonly sessionCookie?: string
  /** The `servers` object: name → `{ host, protocol: "ws" | "wss", pathname? }`. */
  readonly servers?: Readonly<
    Record<string, { readonly host: string; readonly protocol: string; readonly pathname?: string }>
  >
}

/** An AsyncAPI 3.0 document as plain data. */
export type AsyncApiDocument = Record<string, unknown> & { readonly asyncapi: "3.0.0" }

type Json = Record<string, unknown>

// `#/$defs/x` of a recursive message type, hoisted to the document's components under the message's name.
function hoisted(schema: unknown, prefix: string): unknown {
  if (Array.isArray(schema)) return schema.map((item) => hoisted(item, prefix))
  if (typeof schema !== "object" || schema === null) return schema
  const out: Json = {}
  for (const [key, value] of Object.entries(schema)) {
    if (key === "$schema" || key === "$defs") continue
    out[key] =
      key === "$ref" && typeof value === "string" && value.startsWith("#/$defs/")
        ? `#/components/schemas/${prefix}.${value.slice("#/$defs/".length)}`
        : hoisted(value, prefix)
  }
  return out
}

// A side's message: a binary frame for Bytes, else the descriptor's JSON Schema.
function messageOf(side: SocketSide, name: string, title: string, prefix: string, schemas: Json): Json {
  if (isBytes(side))
    return { name, title, contentType: "application/octet-stream", payload: { type: "string", format: "binary" } }
  return { name, title, contentType: "application/json", payload: payloadOf(side, prefix, schemas) }
}

function payloadOf(descriptor: Descriptor, name: string, schemas: Json): unknown {
  const schema = jsonSchemaOf(descriptor) as Json
  const defs = (schema.$defs ?? {}) as Json
  for (const [key, value] of Object.entries(defs)) schemas[`${name}.${key}`] = hoisted(value, name)
  return hoisted(schema, name)
}

// AsyncAPI's names for the schemes `Sitelet.Protect` documents in OpenAPI terms.
function schemeOf(scheme: SecurityScheme, sessionCookie: string): Json {
  const description = scheme.description === undefined ? {} : { description: scheme.description }
  if (scheme.type === "http")
    return {
      type: "http",
      scheme: scheme.scheme ?? "bearer",
      ...(scheme.bearerFormat ? { bearerFormat: scheme.bearerFormat } : {}),
      ...description,
    }
  const name = scheme.in === "cookie" ? sessionCookie : (scheme.name ?? "")
  return { type: "httpApiKey", name, in: scheme.in ?? "header", ...description }
}

const channelName = (route: DescribedRoute) => route.operation.join(".")

const addressOf = (route: DescribedRoute) =>
  `/${route.segments.map((segment) => (segment.kind === "literal" ? segment.text : `{${segment.name}}`)).join("/")}`

// What a parameter's descriptor reads, in words: "an integer", "a string".
function kindInWords(descriptor: Descriptor): string {
  const type = jsonSchemaOf(descriptor).type
  switch (type) {
    case "integer":
      return "an integer"
    case "number":
      return "a number"
    case "boolean":
      return "true or false"
    case "array":
      return "a list"
    default:
      return "a string"
  }
}

// AsyncAPI 3 parameters are strings in the address: each says what it holds, in words.
function parametersOf(route: DescribedRoute): Json {
  const parameters: Json = {}
  for (const segment of route.segments)
    if (segment.kind === "param")
      parameters[segment.name] = {
        description:
          segment.shape === "segment"
            ? `The ${segment.name}: one path segment, ${kindInWords(segment.descriptor)} (percent-encoded)`
            : `The ${segment.name}: the rest of the path, several segments`,
      }
  return parameters
}

const bytes = (n: number) =>
  n % 1024 === 0 ? (n % (1024 * 1024) === 0 ? `${n / 1024 / 1024} MiB` : `${n / 1024} KiB`) : `${n} bytes`

/**
 * What closes a socket of this declaration, in words, with the close codes
 * (RFC 6455 §7.4.1): the limits its declaration sets (else the defaults),
 * and the library's own refusals.
 *
 * @example
 * ```ts
 * socketRules({ MaxMessageBytes: 4096 }) //=> "A message over 4 KiB closes the socket with 1009; …"
 * ```
 */
export function socketRules(limits: SocketLimits | undefined): string {
  const { MaxMessageBytes, MaxMessagesPerSecond, MaxQueuedMessages, MaxBufferedBytes } = {
    ...socketLimitDefaults,
    ...limits,
  }
  return [
    `A message over ${bytes(MaxMessageBytes)} closes the socket with 1009.`,
    `More than ${MaxMessagesPerSecond} a second, more than ${MaxQueuedMessages} waiting for the server to read them, or ${bytes(MaxBufferedBytes)} unsent to a client that reads too slowly: 1008.`,
    "A message that does not decode as the declaration's: 1007; a binary frame where text is expected (or text where binary is): 1003.",
    "The server's failure: 1011; its handler's end: 1000.",
    "The upgrade itself is refused with 403 from a page of an origin the case does not allow, and 426 for a request that is no upgrade.",
  ].join(" ")
}

/**
 * The AsyncAPI 3.0 document of a site's (or router's) WebSocket channels.
 *
 * @example
 * ```ts
 * import { AsyncApi } from "sitelets"
 * const document = AsyncApi.Document(site, { info: { title: "Chat", version: "1.0.0" } })
 * ```
 */
function Document(site: { readonly Router: Router<any> } | Router<any>, options: AsyncApiOptions): AsyncApiDocument {
  const router: Router<unknown> = "Router" in site ? site.Router : site
  const described = describeRoutes(router)
  const routes = described.filter((route) => route.socket !== undefined)
  // Server-sent events: a GET route declaring an EventStream(d) answer (Returns(EventStream(Message))).
  const streams = described.flatMap((route) => {
    const data = Object.values(route.responses ?? {})
      .map(eventDataOf)
      .find((found) => found !== undefined)
    return data === undefined || route.socket !== undefined ? [] : [{ route, data }]
  })
  const channels: Json = {}
  const operations: Json = {}
  const messages: Json = {}
  const schemas: Json = {}
  const securitySchemes: Json = {}
  // A protected route's operations carry its schemes (any one admits); the schemes join the components.
  const securityOf = (route: DescribedRoute): Json => {
    const security = (route.protected?.schemes ?? []).map(([scheme, definition]) => {
      securitySchemes[scheme] = schemeOf(definition, options.sessionCookie ?? "sitelets_session")
      return { $ref: `#/components/securitySchemes/${scheme}` }
    })
    return security.length === 0 ? {} : { security }
  }
  for (const route of routes) {
    const socket = route.socket!
    const name = channelName(route)
    const address = addressOf(route)
    const parameters = parametersOf(route)
    messages[`${name}.FromClient`] = messageOf(
      socket.fromClient,
      "FromClient",
      `What the client sends on ${name}`,
      `${name}.FromClient`,
      schemas,
    )
    messages[`${name}.FromServer`] = messageOf(
      socket.fromServer,
      "FromServer",
      `What the server sends on ${name}`,
      `${name}.FromServer`,
      schemas,
    )
    const about = [route.doc?.Description, socketRules(socket.limits)].filter((text) => text !== undefined)
    channels[name] = {
      address,
      ...(route.doc?.Summary === undefined ? {} : { summary: route.doc.Summary }),
      description: about.join("\n\n"),
      ...(Object.keys(parameters).length === 0 ? {} : { parameters }),
      "x-sitelets-limits": { ...socketLimitDefaults, ...socket.limits },
      messages: {
        FromClient: { $ref: `#/components/messages/${name}.FromClient` },
        FromServer: { $ref: `#/components/messages/${name}.FromServer` },
      },
      bindings: { ws: socketBinding(socket.protocols) },
    }
    const security = securityOf(route)
    // Operations are the server's: it receives the client's messages and sends its own.
    operations[`${name}.receive`] = {
      action: "receive",
      channel: { $ref: `#/channels/${name}` },
      messages: [{ $ref: `#/channels/${name}/messages/FromClient` }],
      ...security,
    }
    operations[`${name}.send`] = {
      action: "send",
      channel: { $ref: `#/channels/${name}` },
      messages: [{ $ref: `#/channels/${name}/messages/FromServer` }],
      ...security,
    }
  }
  for (const { route, data } of streams) {
    const name = channelName(route)
    const parameters = parametersOf(route)
    messages[`${name}.Event`] = {
      name: "Event",
      title: `An event of ${name} (its data)`,
      contentType: "application/json",
      payload: payloadOf(data, `${name}.Event`, schemas),
    }
    channels[name] = {
      address: addressOf(route),
      description: "Server-sent events (text/event-stream): each event's data is one message, in JSON",
      ...(Object.keys(parameters).length === 0 ? {} : { parameters }),
      messages: { Event: { $ref: `#/components/messages/${name}.Event` } },
      bindings: { http: { bindingVersion: "0.3.0" } },
    }
    operations[`${name}.send`] = {
      action: "send",
      channel: { $ref: `#/channels/${name}` },
      messages: [{ $ref: `#/channels/${name}/messages/Event` }],
      ...securityOf(route),
    }
  }
  return {
    asyncapi: "3.0.0",
    info: { ...options.info },
    ...(options.servers === undefined ? {} : { servers: structuredClone(options.servers) as Json }),
    defaultContentType: "application/json",
    channels,
    operations,
    components: {
      messages,
      ...(Object.keys(schemas).length === 0 ? {} : { schemas }),
      ...(Object.keys(securitySchemes).length === 0 ? {} : { securitySchemes }),
    },
  }
}

/**
 * The AsyncAPI namespace: `AsyncApi.Document(siteOrRouter, { info, servers? })`.
 *
 * @example
 * ```ts
 * const document = AsyncApi.Document(site, { info: { title: "Chat", version: "1.0.0" } })
 * ```
 */
export const AsyncApi = Object.freeze({ Document })

// The handshake's binding: its method, and the subprotocols the server selects from (the first the client offers).
function socketBinding(protocols: readonly string[] | undefined): Json {
  if (protocols === undefined) return { method: "GET", bindingVersion: "0.1.0" }
  const header = {
    type: "string",
    description: `The subprotocols the client offers; the server selects the first of ${protocols.join(", ")} among them, else none`,
    examples: [protocols.join(", ")],
  }
  return {
    method: "GET",
    headers: { type: "object", properties: { "Sec-WebSocket-Protocol": header } },
    bindingVersion: "0.1.0",
  }
}
