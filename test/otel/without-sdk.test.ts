/**
 * `OpenTelemetry()` before any SDK is registered: the API's no-op tracer
 * and meter record nothing, so the request is not watched at all (no
 * context, no span, no route named, no metric attributes); an SDK registered after the call but before the
 * first request is used (the instruments are made on the first request).
 */
import { context, metrics, propagation, trace } from "@opentelemetry/api"
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks"
import { W3CTraceContextPropagator } from "@opentelemetry/core"
import {
  AggregationTemporality,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
} from "@opentelemetry/sdk-metrics"
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base"
import { describe, expect, it, vi } from "vitest"
import { Content, Fetch, Sitelet, t } from "../../src/index.js"
import type { Telemetry } from "../../src/internal/telemetry.js"
import { OpenTelemetry } from "../../src/otel/index.js"

const request = {
  method: "GET",
  target: "/articles/42",
  scheme: "http" as const,
  header: (name: string) => (name === "host" ? "127.0.0.1:8080" : null),
}

// An end whose route is counted when read: naming a route is a link and a lookup.
function endOf(reads: { count: number }) {
  return {
    status: 200,
    endpoint: { $: "Article", id: 42 },
    get route() {
      reads.count++
      return "/articles/{id}"
    },
  }
}

describe("OpenTelemetry() without an SDK", () => {
  // Made before any SDK is registered, as a module's top level does.
  const telemetry = OpenTelemetry()
  const early = OpenTelemetry({ name: "early" })

  it("runs the work, and names no route: nothing would record it", () => {
    const reads = { count: 0 }
    // With no SDK tracer, meter or propagator, nothing would record, measure or carry the request on: no
    // context is read or entered, no span made (issue 53: `OpenTelemetry()` without an SDK cost 1.27× in process).
    const extract = vi.spyOn(propagation, "extract")
    const enter = vi.spyOn(context, "with")
    const scope = telemetry.start(request)
    expect(scope.run(() => 7)).toBe(7)
    scope.end(endOf(reads))
    expect(reads.count).toBe(0)
    expect([extract.mock.calls.length, enter.mock.calls.length]).toEqual([0, 0])
    extract.mockRestore()
    enter.mockRestore()
  })

  it("is skipped by the hosts: an idle scope is neither entered nor ended, and the request is served", async () => {
    const used = { run: 0, end: 0 }
    const idle: Telemetry = {
      start: () => ({ idle: true, run: (work) => (used.run++, work()), end: () => void used.end++ }),
    }
    const site = Sitelet.Infer(t.union({ Home: "GET /" }), () => Content.Text("home"))
    const response = await Fetch.Handler(site, { telemetry: idle }).fetch(new Request("http://localhost/"))
    expect([response.status, await response.text()]).toEqual([200, "home"])
    expect(used).toEqual({ run: 0, end: 0 })
  })

  it("uses an SDK registered after the call but before the first request", async () => {
    const spans = new InMemorySpanExporter()
    const exporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE)
    const reader = new PeriodicExportingMetricReader({ exporter, exportIntervalMillis: 3_600_000 })
    trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] }))
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable())
    propagation.setGlobalPropagator(new W3CTraceContextPropagator())
    metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }))
    // `early` was made before the SDK, and serves its first request now: its instruments are the SDK's.
    const reads = { count: 0 }
    const scope = early.start(request)
    scope.end(endOf(reads))
    expect(reads.count).toBeGreaterThan(0)
    const [span] = spans.getFinishedSpans()
    expect(span?.name).toBe("GET /articles/{id}")
    expect(span?.attributes).toMatchObject({ "server.address": "127.0.0.1", "server.port": 8080 })
    await reader.forceFlush()
    const names = exporter
      .getMetrics()
      .flatMap((resource) => resource.scopeMetrics.flatMap((scope) => scope.metrics.map((m) => m.descriptor.name)))
    expect(names).toContain("http.server.request.duration")
  })
})
