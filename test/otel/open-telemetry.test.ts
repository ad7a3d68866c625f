/**
 * Issue 38, item 1: `OpenTelemetry()` as the host option `telemetry`, with
 * the official SDK (an in-memory span exporter, a metric reader) on
 * node:http, Express and the Fetch host: one server span per request named
 * by the declared route, the incoming trace continued, the handler inside
 * the span's context, refusals and exceptions on their spans, and the two
 * HTTP server metrics by route and status.
 */
import { ATTR_ERROR_TYPE, ATTR_HTTP_RESPONSE_STATUS_CODE, ATTR_HTTP_ROUTE } from "@opentelemetry/semantic-conventions"
import { type SpanContext, trace } from "@opentelemetry/api"
import { afterAll, beforeEach, describe, expect, it } from "vitest"
import { Router as ClientRouter } from "../../src/client/index.js"
import { Content, Fetch, Json, Sitelet, t } from "../../src/index.js"
import { OpenTelemetry } from "../../src/otel/index.js"
import { expressHost, fetchHost, type HostUnderTest, nodeHost } from "../host/support.js"
import { finished, metricExporter, reader, spans } from "./sdk.js"

// The handler's own span (a database call, say): its parent must be the request's span.
let inner: SpanContext | undefined
const Api = t.union({
  Article: "GET /articles/<id:int>",
  Boom: "GET /boom",
  Create: t.case("POST /articles", { article: Json(t.record({ title: t.string })) }),
})
const site = Sitelet.Shift(
  "api",
  Sitelet.Infer(Api, {
    Article: async (_ctx, e) => {
      await new Promise((resolve) => setTimeout(resolve, 1))
      const span = trace.getTracer("test").startSpan("db.query")
      inner = span.spanContext()
      span.end()
      return Content.Json({ id: e.id })
    },
    Boom: () => {
      throw new TypeError("the handler's bug")
    },
    Create: (_ctx, e) => Content.Json(e.article),
  }),
)

const traceId = "4bf92f3577b34da6a3ce929d0e0e4736"
const parentId = "00f067aa0ba902b7"

const hosts: Array<[string, () => Promise<HostUnderTest> | HostUnderTest]> = [
  ["node:http", () => nodeHost(site, { telemetry: OpenTelemetry(), onError: () => undefined })],
  ["Express", () => expressHost(site, { telemetry: OpenTelemetry(), onError: () => undefined })],
  ["the Fetch host", () => fetchHost(site, { telemetry: OpenTelemetry(), onError: () => undefined })],
]

const opened: HostUnderTest[] = []
afterAll(async () => {
  for (const host of opened) await host.close()
})
beforeEach(() => spans.reset())

describe.each(hosts)("OpenTelemetry() on %s", (name, make) => {
  let host: HostUnderTest
  const open = async () => {
    host ??= await make()
    if (!opened.includes(host)) opened.push(host)
    return host
  }
  it("names the span by the declared route, continues the incoming trace, and runs the handler inside it", async () => {
    const response = await (await open()).send({
      target: "/api/articles/42?token=secret",
      headers: { traceparent: `00-${traceId}-${parentId}-01`, "user-agent": "test-agent/1.0" },
    })
    expect(response.status).toBe(200)
    const [dbSpan, server] = await finished(2)
    expect(server!.name).toBe("GET /api/articles/{id}")
    expect(server!.kind).toBe(1) // SERVER
    expect(server!.spanContext().traceId).toBe(traceId)
    expect(server!.parentSpanContext?.spanId).toBe(parentId)
    expect(server!.attributes).toMatchObject({
      "http.route": "/api/articles/{id}",
      "http.request.method": "GET",
      "http.response.status_code": 200,
      "url.path": "/api/articles/42",
      "url.scheme": "http",
      "user_agent.original": "test-agent/1.0",
      "sitelets.endpoint": "Article",
    })
    // The host as the Host header names it (the test clients send localhost or 127.0.0.1).
    expect(["127.0.0.1", "localhost"]).toContain(server!.attributes["server.address"])
    // The query is not recorded unless asked for (its values can be secrets).
    expect(server!.attributes["url.query"]).toBeUndefined()
    expect(dbSpan!.name).toBe("db.query")
    expect(dbSpan!.parentSpanContext?.spanId).toBe(server!.spanContext().spanId)
    expect(inner?.traceId).toBe(traceId)
  })

  it("records a handler's exception on its span: status error, error.type the exception's class", async () => {
    const response = await (await open()).send({ target: "/api/boom" })
    expect(response.status).toBe(500)
    const [server] = await finished(1)
    expect(server!.name).toBe("GET /api/boom")
    expect(server!.status.code).toBe(2) // ERROR
    expect(server!.attributes["error.type"]).toBe("TypeError")
    expect(server!.events.map((event) => event.name)).toEqual(["exception"])
  })

  it("makes spans of refusals too: a 404 outside the routes, a 400 of a malformed body", async () => {
    expect((await (await open()).send({ target: "/nowhere" })).status).toBe(404)
    const body = "{not json"
    const refused = await (await open()).send({
      method: "POST",
      target: "/api/articles",
      headers: { "content-type": "application/json" },
      body,
    })
    expect(refused.status).toBe(400)
    const [missing, malformed] = await finished(2)
    expect(missing!.name).toBe("GET")
    expect(missing!.attributes["http.route"]).toBeUndefined()
    // Under Express the sitelet passes what it does not take to the app's next middleware: its span says so.
    if (name === "Express") expect(missing!.attributes).toMatchObject({ "sitelets.passed": true })
    else expect(missing!.attributes).toMatchObject({ [ATTR_HTTP_RESPONSE_STATUS_CODE]: 404 })
    // A 4xx is the client's error: no error.type on a SERVER span, its status unset (the HTTP conventions).
    expect(missing!.attributes[ATTR_ERROR_TYPE]).toBeUndefined()
    expect(malformed!.attributes).toMatchObject({ [ATTR_HTTP_RESPONSE_STATUS_CODE]: 400 })
    expect(malformed!.attributes[ATTR_ERROR_TYPE]).toBeUndefined()
    expect(malformed!.status.code).toBe(0)
    // The path and method matched before the body failed: the span keeps the route's name.
    expect(malformed!.name).toBe("POST /api/articles")
    expect(malformed!.attributes[ATTR_HTTP_ROUTE]).toBe("/api/articles")
  })
})

describe("OpenTelemetry() server attributes", () => {
  it.each([
    ["[::1]:8443", { "server.address": "::1", "server.port": 8443 }],
    ["example.com", { "server.address": "example.com" }],
    ["example.com:80", { "server.address": "example.com", "server.port": 80 }],
    ["example.com:x", {}],
    ["[::1", {}],
    ["[::1]x", {}],
    [":80", {}],
  ])("reads server.address and server.port from the Host header %s, or leaves them out", async (host, expected) => {
    spans.reset()
    const handler = Fetch.Handler(site, { telemetry: OpenTelemetry() })
    const request = new Request("http://127.0.0.1/api/articles/1", { headers: { host } })
    expect(request.headers.get("host")).toBe(host)
    expect((await handler.fetch(request)).status).toBe(200)
    const server = (await finished(2)).find((span) => span.name.startsWith("GET /api"))!
    const { "server.address": address, "server.port": port } = server.attributes
    expect({
      ...(address === undefined ? {} : { "server.address": address }),
      ...(port === undefined ? {} : { "server.port": port }),
    }).toEqual(expected)
  })
})

describe("OpenTelemetry() metrics", () => {
  it("records http.server.request.duration by route and status, and active requests back to zero", async () => {
    await reader.forceFlush()
    const exported = metricExporter.getMetrics().at(-1)!
    const all = exported.scopeMetrics.flatMap((scope) => scope.metrics)
    const durations = all.find((metric) => metric.descriptor.name === "http.server.request.duration")!
    expect(durations.descriptor.unit).toBe("s")
    const byRoute = durations.dataPoints.find(
      (point) =>
        point.attributes["http.route"] === "/api/articles/{id}" &&
        point.attributes["http.response.status_code"] === 200,
    )
    expect(byRoute).toBeDefined()
    expect((byRoute!.value as { count: number }).count).toBeGreaterThanOrEqual(3)
    const activeRequests = all.find((metric) => metric.descriptor.name === "http.server.active_requests")!
    expect(activeRequests.dataPoints.every((point) => point.value === 0)).toBe(true)
  })

  it("measures nothing without the option", async () => {
    spans.reset()
    const plain = fetchHost(site)
    expect((await plain.send({ target: "/api/articles/1" })).status).toBe(200)
    await plain.close()
    // Only the handler's own span: no server span, and nothing for it to be a child of.
    const [only, ...rest] = spans.getFinishedSpans()
    expect(rest).toEqual([])
    expect(only!.name).toBe("db.query")
    expect(only!.parentSpanContext).toBeUndefined()
  })
})

describe("OpenTelemetry() in the typed client", () => {
  it("makes a client span named by the route, and the server continues its trace through traceparent", async () => {
    spans.reset()
    const telemetry = OpenTelemetry()
    const server = Fetch.Handler(site, { telemetry })
    const api = ClientRouter.Shift("api", ClientRouter.Infer(Api))
    const response = (await ClientRouter.Fetch(
      api,
      { $: "Article", id: 7 },
      {
        base: "http://127.0.0.1:8080",
        telemetry,
        fetch: async (request) => (await server.fetch(request))!,
      },
    )) as Response
    expect(response.status).toBe(200)
    const finished = spans.getFinishedSpans()
    const client = finished.find((span) => span.kind === 2)! // CLIENT
    const serverSpan = finished.find((span) => span.kind === 1)! // SERVER
    expect(client.name).toBe("GET /api/articles/{id}")
    expect(client.attributes).toMatchObject({
      "http.request.method": "GET",
      "url.full": "http://127.0.0.1:8080/api/articles/7",
      "url.template": "/api/articles/{id}",
      "http.response.status_code": 200,
    })
    expect(serverSpan.spanContext().traceId).toBe(client.spanContext().traceId)
    expect(serverSpan.parentSpanContext?.spanId).toBe(client.spanContext().spanId)
  })

  it("ends the client span with the failure when nothing answers, and marks a 4xx an error", async () => {
    spans.reset()
    const telemetry = OpenTelemetry()
    const api = ClientRouter.Shift("api", ClientRouter.Infer(Api))
    const base = "http://127.0.0.1:8080"
    await expect(
      ClientRouter.Fetch(
        api,
        { $: "Article", id: 1 },
        { base, telemetry, fetch: () => Promise.reject(new TypeError("fetch failed")) },
      ),
    ).rejects.toThrow("fetch failed")
    await ClientRouter.Fetch(
      api,
      { $: "Article", id: 2 },
      { base, telemetry, fetch: async () => new Response("", { status: 404 }) },
    )
    const [failed, missing] = spans.getFinishedSpans()
    expect(failed!.attributes["error.type"]).toBe("TypeError")
    expect(failed!.status.code).toBe(2)
    expect(missing!.attributes).toMatchObject({ "http.response.status_code": 404, "error.type": "404" })
  })
})
