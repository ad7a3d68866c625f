/**
 * Issue 38, item 1: the host's own answers are spans too, with `error.type`
 * — a 405 (methodNotAllowed), a 413 of a body over a case's `MaxBytes` and
 * a 414, which come before there is an endpoint value to name, and a
 * deadline's 503, named by its route (`error.type: timeout`, status ERROR,
 * no exception event) — on node:http, Express and the Fetch host; the
 * duration metric carries the same `error.type`.
 */
import { ATTR_ERROR_TYPE } from "@opentelemetry/semantic-conventions"
import { afterAll, beforeEach, describe, expect, it } from "vitest"
import { Content, Json, MaxBytes, Sitelet, t } from "../../src/index.js"
import { OpenTelemetry } from "../../src/otel/index.js"
import { expressHost, fetchHost, type HostUnderTest, nodeHost } from "../host/support.js"
import { finished, metricExporter, reader, spans } from "./sdk.js"

const Api = t.union({
  Note: t.case("POST /notes/<id:int>", { text: Json(t.string) }, MaxBytes(64)),
  Slow: "GET /slow",
})
const site = Sitelet.Infer(Api, {
  Note: (_ctx, e) => Content.Text(e.text),
  // Stops when its signal says so (the deadline).
  Slow: (ctx) =>
    new Promise((_resolve, reject) => {
      ctx.Signal.addEventListener("abort", () => reject(ctx.Signal.reason))
    }),
})

const options = () => ({
  telemetry: OpenTelemetry(),
  deadline: 50,
  limits: { urlLength: 256 },
  methodNotAllowed: true,
  onError: () => undefined,
})
const hosts: Array<[string, () => Promise<HostUnderTest> | HostUnderTest]> = [
  ["node:http", () => nodeHost(site, options())],
  ["Express", () => expressHost(site, options())],
  ["the Fetch host", () => fetchHost(site, options())],
]

const opened: HostUnderTest[] = []
afterAll(async () => {
  for (const host of opened) await host.close()
})
beforeEach(() => spans.reset())

describe.each(hosts)("OpenTelemetry() on the host's refusals, on %s", (_name, make) => {
  let host: HostUnderTest
  const open = async () => {
    host ??= await make()
    if (!opened.includes(host)) opened.push(host)
    return host
  }

  it("names a deadline's 503 by its route, with error.type timeout, status ERROR and no exception", async () => {
    expect((await (await open()).send({ target: "/slow" })).status).toBe(503)
    const [server] = await finished(1)
    expect(server!.name).toBe("GET /slow")
    expect(server!.attributes).toMatchObject({
      "http.route": "/slow",
      "http.response.status_code": 503,
      "error.type": "timeout",
      "sitelets.endpoint": "Slow",
    })
    expect(server!.status.code).toBe(2) // ERROR
    expect(server!.events).toEqual([])
  })

  // The body is read while the router builds the endpoint value: its 413 comes before there is one, but after the
  // path and method matched, so the span is named by the route all the same.
  it("makes a span of a 413 over the case's MaxBytes, named by its route; no error.type (the client's)", async () => {
    const response = await (await open()).send({
      method: "POST",
      target: "/notes/1",
      headers: { "content-type": "application/json" },
      body: JSON.stringify("x".repeat(200)),
    })
    expect(response.status).toBe(413)
    const [server] = await finished(1)
    expect(server!.name).toBe("POST /notes/{id}")
    expect(server!.attributes).toMatchObject({ "http.response.status_code": 413, "http.route": "/notes/{id}" })
    expect(server!.attributes[ATTR_ERROR_TYPE]).toBeUndefined()
    expect(server!.status.code).toBe(0) // the client's error: unset
  })

  it("makes a span of a 405 (methodNotAllowed): no case took the method, so no route", async () => {
    const response = await (await open()).send({ method: "DELETE", target: "/slow" })
    expect(response.status).toBe(405)
    const [server] = await finished(1)
    expect(server!.attributes).toMatchObject({ "http.response.status_code": 405 })
    expect(server!.attributes[ATTR_ERROR_TYPE]).toBeUndefined()
    expect(server!.attributes["http.request.method"]).toBe("DELETE")
  })

  it("makes a span of a 414 refused before routing: no route, the method alone as its name", async () => {
    const response = await (await open()).send({ target: `/slow?q=${"x".repeat(400)}` })
    expect(response.status).toBe(414)
    const [server] = await finished(1)
    expect(server!.name).toBe("GET")
    expect(server!.attributes["http.route"]).toBeUndefined()
    expect(server!.attributes).toMatchObject({ "http.response.status_code": 414 })
    expect(server!.attributes[ATTR_ERROR_TYPE]).toBeUndefined()
  })
})

describe("OpenTelemetry() metrics of refusals", () => {
  it("records the deadline's duration with error.type timeout, by route", async () => {
    await reader.forceFlush()
    const all = metricExporter
      .getMetrics()
      .at(-1)!
      .scopeMetrics.flatMap((scope) => scope.metrics)
    const durations = all.find((metric) => metric.descriptor.name === "http.server.request.duration")!
    const timeouts = durations.dataPoints.filter(
      (point) => point.attributes["error.type"] === "timeout" && point.attributes["http.route"] === "/slow",
    )
    expect(timeouts.map((point) => point.attributes["http.response.status_code"])).toEqual([503])
    expect((timeouts[0]!.value as { count: number }).count).toBe(3)
  })
})
