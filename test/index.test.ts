// biome-ignore-all format: a table, one row per line
/**
 * The public surface, sorted: any export added, renamed or removed shows up
 * here in review. Names fixed by DESIGN.md (Sitelet.Infer, Content.Json,
 * Http.Status.*, the attributes, Router.Infer, …) must never disappear.
 */
import { describe, expect, it } from "vitest"
import * as root from "../src/index.js"
import * as node from "../src/host/node/index.js"
import * as client from "../src/client/index.js"
import * as link from "../src/link/index.js"
import * as route from "../src/link/route.js"
import * as react from "../src/react/index.js"
import * as redis from "../src/redis/index.js"
import * as cloudflare from "../src/cloudflare/index.js"
import * as otel from "../src/otel/index.js"

const keys = (value: object): string[] => Object.keys(value).sort()

describe("public surface", () => {
  it("root exports", () => {
    expect(keys(root)).toEqual([
      "Application", "AsyncApi", "Auth", "Bytes", "Content", "Cookie", "Cors", "DateTimeFormat", "Doc", "EndPoint", "EventStream", "Fetch", "FormData", "Header", "HostError", "Html", "Http", "Json", "JsonError", "JsxLink", "LinkError", "MaxBytes", "Media", "Method", "Name", "NamedUnionCases", "NoBody", "OpenApi", "Query", "Responds", "Returns", "Router", "SafeHtml", "Sitelet", "TemplateError", "Topic", "WebSocket", "Wildcard", "createRouteRequest", "deferred", "escapeHtml", "header", "headerOf", "html", "mapContent", "memoryBus", "memoryStore", "parseTemplate", "resolveContent", "routeRequestFromFetch", "safeReturnPath", "safeUrl", "staticContent", "t", "toRouteRequest",
    ])
  })
  it("sitelets/node exports", () => {
    expect(keys(node)).toEqual([
      "ExportStatic", "HostError", "Middleware", "NodeHandler", "defaultLimits", "isHostError",
    ])
  })
  it("sitelets/client exports", () => {
    expect(keys(client)).toEqual([
      "Bytes", "Cookie", "DateTimeFormat", "Doc", "EndPoint", "EventStream", "FetchError", "FormData", "Header", "Json", "JsonError", "LinkError", "MaxBytes", "Media", "Method", "Name", "NamedUnionCases", "NoBody", "Query", "Responds", "Returns", "Router", "WebSocket", "Wildcard", "clientMessages", "endpointEvents", "endpointRequest", "endpointRequestParts", "fetchEndpoint", "hrefOf", "installRouter", "locationLink", "parseEventStream", "resolveLink", "routableClick", "t",
    ])
  })
  it("sitelets/link and sitelets/react exports, and the client Router's members", () => {
    // CompiledLinks, and the helpers a compiled links module imports (Router.CompileLinks writes it).
    expect(keys(link)).toEqual([
      "CompiledLinks", "LinkError", "Router", "bigintText", "boolText", "checkQueryText", "checkSegment", "dateText",
      "enumText", "floatText", "inField", "intText", "linkFiles", "linkMismatch", "linkRest", "linkUnknownCase",
      "stringText",
    ])
    expect(keys(link.Router)).toEqual(["Embed", "Infer", "Map", "Shift", "Sum"])
    expect(keys(route)).toEqual(["LinkError", "Router"])
    expect(keys(route.Router)).toEqual(["Embed", "Infer", "Map", "Shift", "Sum"])
    expect(keys(react)).toEqual(["ReactRouter"])
    expect(keys(redis)).toEqual(["redisBus", "redisStore"])
    expect(keys(otel)).toEqual(["OpenTelemetry"])
    expect(keys(cloudflare)).toEqual(["RateLimitObject", "TopicObject", "durableObjectBus", "durableObjectStore"])
    expect(keys(client.Router)).toEqual([
      "Embed", "Empty", "Events", "Fetch", "Infer", "Install", "InstallHash", "Map", "New", "Request", "Shift", "Single", "Socket", "Sum",
    ])
  })
  it("Sitelet members", () => {
    expect(keys(root.Sitelet)).toEqual([
      "Content", "CorsContent", "Embed", "EmbedInUnion", "Empty", "Fallback", "Files", "Folder", "Guard", "Infer", "InferPartial", "InferPartialInUnion", "InferWithCustomErrors", "InferWithErrors", "Map", "New", "PartOf", "Protect", "RateLimit", "Shift", "Sum", "Value",
    ])
  })
  it("Content members", () => {
    expect(keys(root.Content)).toEqual([
      "BadRequest", "Custom", "Event", "EventStream", "File", "Forbidden", "Json", "MethodNotAllowed", "NoContent", "NotFound", "NotImplemented", "Page", "RedirectPermanent", "RedirectPermanentToUrl", "RedirectSeeOther", "RedirectSeeOtherToUrl", "RedirectTemporary", "RedirectTemporaryToUrl", "ServerError", "SetStatus", "Stream", "Text", "Unauthorized", "WebSocket", "WithETag", "WithHeaders", "WithLastModified",
    ])
  })
  it("Auth members", () => {
    expect(keys(root.Auth)).toEqual(["ApiKey", "Bearer", "Jwt", "Session"])
  })
  it("Application members", () => {
    expect(keys(root.Application)).toEqual([
      "MultiPage", "SinglePage", "Text",
    ])
  })
  it("Json members", () => {
    expect(keys(root.Json)).toEqual([
      "Activate", "Decode", "Deserialize", "Encode", "Parse", "Schema", "Serialize", "Stringify",
    ])
  })
  it("Router members", () => {
    expect(keys(root.Router)).toEqual([
      "Embed", "Empty", "Infer", "Map", "New", "Shift", "Single", "Sum",
    ])
  })
  it("Cors members", () => {
    expect(keys(root.Cors)).toEqual([
      "Of",
    ])
  })
  it("OpenApi members", () => {
    expect(keys(root.OpenApi)).toEqual([
      "Document",
    ])
  })
  it("Fetch members", () => {
    expect(keys(root.Fetch)).toEqual([
      "Handler",
    ])
  })
  it("t members", () => {
    expect(keys(root.t)).toEqual([
      "array", "bigint", "bool", "case", "datetime", "enum", "file", "float", "int", "lazy", "list", "map", "option", "record", "string", "tuple", "union",
    ])
  })
  it("Http.Status members", () => {
    expect(keys(root.Http.Status)).toEqual([
      "Accepted", "BadRequest", "Conflict", "ContentTooLarge", "Created", "Custom", "Forbidden", "Found", "InternalServerError", "MethodNotAllowed", "MovedPermanently", "NoContent", "NotFound", "NotImplemented", "NotModified", "Ok", "PermanentRedirect", "SeeOther", "ServiceUnavailable", "TemporaryRedirect", "Unauthorized", "UnsupportedMediaType", "UriTooLong",
    ])
  })
  it("the Json attribute is also the Json namespace", () => {
    expect(typeof root.Json).toBe("function")
    expect(root.Json("post")).toEqual({ kind: "attribute", name: "Json", values: ["post"] })
  })
})
