/**
 * Issue 50, item 7: telemetry as OTel users read it, checked against the
 * constants of `@opentelemetry/semantic-conventions`. On a SERVER span,
 * `error.type` marks only the server's failures (a 5xx, a thrown error),
 * never a 4xx; once the path matched, the span keeps the route's name and
 * `http.route` whatever the outcome (401, 400, 413, 415); and what a
 * request can vary stays bounded: 300 thrown error names make two series of
 * the duration metric, not 300 (`_OTHER`, or a name the application lists).
 */
import {
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ERROR_TYPE_VALUE_OTHER,
  METRIC_HTTP_SERVER_REQUEST_DURATION,
} from "@opentelemetry/semantic-conventions"
import { afterAll, beforeEach, describe, expect, it } from "vitest"
import { Auth, Content, Json, MaxBytes, Sitelet, t } from "../../src/index.js"
import { OpenTelemetry } from "../../src/otel/index.js"
import { fetchHost, type HostUnderTest, nodeHost } from "../host/support.js"
import { finished, metricExporter, reader, spans } from "./sdk.js"

class DatabaseError extends Error {
  override name = "DatabaseError"
}

const Api = t.union({
  Note: t.case("POST /notes/<id:int>", { text: Json(t.record({ text: t.string })) }, MaxBytes(64)),
  Boom: "GET /boom/<name>",
})
const open = Sitelet.Infer(Api, {
  Note: (_ctx, e) => Content.Text(e.text.text),
  Boom: (_ctx, e) => {
    if (e.name === "db") throw new DatabaseError("down")
    const error = new Error("boom")
    error.name = `Failure${e.name}`
    throw error
  },
})
const Secret = t.union({ Vault: "GET /vault" })
const guarded = Sitelet.Protect(
  { VerifyUser: () => true, Credentials: [Auth.Bearer()] },
  Sitelet.Infer(Secret, { Vault: () => Content.Text("gold") }),
)
const site = Sitelet.Sum<any>(open, guarded)

const options = () => ({
  telemetry: OpenTelemetry({ errorTypes: ["DatabaseError"] }),
  onError: () => undefined,
  session: { secret: "a".repeat(32) },
})
const hosts: Array<[string, () => Promise<HostUnderTest> | HostUnderTest]> = [
  ["node:http", () => nodeHost(site, options())],
  ["the Fetch host", () => fetchHost(site, options())],
]
const opened: HostUnderTest[] = []
afterAll(async () => {
  for (const host of opened) await host.close()
})
beforeEach(() => spans.reset())

describe.each(hosts)("OpenTelemetry() by the HTTP conventions, on %s", (_name, make) => {
  let host: HostUnderTest
  const ready = async () => {
    host ??= await make()
    if (!opened.includes(host)) opened.push(host)
    return host
  }
  const json = { "content-type": "application/json" }

  it("keeps the route's name and http.route once the path matched, whatever the 4xx, with no error.type", async () => {
    const sent = [
      await (await ready()).send({ target: "/vault" }),
      await (await ready()).send({ method: "POST", target: "/notes/1", headers: json, body: "{not json" }),
      await (await ready()).send({
        method: "POST",
        target: "/notes/1",
        headers: json,
        body: JSON.stringify({ text: "x".repeat(100) }),
      }),
      await (await ready()).send({
        method: "POST",
        target: "/notes/1",
        headers: { "content-type": "text/plain" },
        body: "x",
      }),
    ]
    expect(sent.map((answer) => answer.status)).toEqual([401, 400, 413, 415])
    const done = await finished(4)
    expect(
      done.map((span) => [
        span.name,
        span.attributes[ATTR_HTTP_ROUTE],
        span.attributes[ATTR_HTTP_RESPONSE_STATUS_CODE],
      ]),
    ).toEqual([
      ["GET /vault", "/vault", 401],
      ["POST /notes/{id}", "/notes/{id}", 400],
      ["POST /notes/{id}", "/notes/{id}", 413],
      ["POST /notes/{id}", "/notes/{id}", 415],
    ])
    for (const span of done) {
      expect(span.attributes[ATTR_ERROR_TYPE], span.name).toBeUndefined()
      expect(span.status.code, span.name).toBe(0)
    }
  })

  it("names a 404 outside the routes by its method alone, without error.type", async () => {
    expect((await (await ready()).send({ target: "/nowhere" })).status).toBe(404)
    const [span] = await finished(1)
    expect([span!.name, span!.attributes[ATTR_HTTP_ROUTE], span!.attributes[ATTR_ERROR_TYPE]]).toEqual([
      "GET",
      undefined,
      undefined,
    ])
  })

  it("gives a thrown error's class as error.type from a closed set: _OTHER for a name it does not know", async () => {
    for (const name of ["a", "b", "db"])
      expect((await (await ready()).send({ target: `/boom/${name}` })).status).toBe(500)
    const done = await finished(3)
    expect(done.map((span) => span.attributes[ATTR_ERROR_TYPE])).toEqual([
      ERROR_TYPE_VALUE_OTHER,
      ERROR_TYPE_VALUE_OTHER,
      "DatabaseError",
    ])
    for (const span of done) expect(span.status.code).toBe(2)
  })
})

describe("the duration metric's series", () => {
  it("stays bounded under 300 distinct thrown names: one series for _OTHER, one for the listed class", async () => {
    const host = await nodeHost(site, options())
    opened.push(host)
    for (let i = 0; i < 300; i++) await host.send({ target: `/boom/n${i}` })
    await host.send({ target: "/boom/db" })
    await reader.forceFlush()
    const metrics = metricExporter
      .getMetrics()
      .flatMap((resource) => resource.scopeMetrics.flatMap((scope) => scope.metrics))
    const duration = metrics.find((metric) => metric.descriptor.name === METRIC_HTTP_SERVER_REQUEST_DURATION)!
    const boom = duration.dataPoints.filter((point) => point.attributes[ATTR_HTTP_ROUTE] === "/boom/{name}")
    const types = new Set(boom.map((point) => point.attributes[ATTR_ERROR_TYPE]))
    expect(types).toEqual(new Set([ERROR_TYPE_VALUE_OTHER, "DatabaseError"]))
    expect(boom.every((point) => point.attributes[ATTR_HTTP_REQUEST_METHOD] === "GET")).toBe(true)
  })
})
