/**
 * `npm run bench:telemetry`: what the host option `telemetry` costs per
 * request (issue 38). One route with a parameter (`GET /articles/<id:int>`,
 * a JSON answer) served by node:http in a child process each — without the
 * option; with `OpenTelemetry()` and no SDK (the API's no-op tracer and
 * meter); with the official SDK (a tracer provider with a batch processor
 * whose exporter drops the spans, a meter provider, the async context
 * manager and the W3C propagator) — loaded by autocannon from this process
 * (32 connections), in interleaved rounds, the first dropped as warm-up;
 * medians reported, with the ratio to the server without the option.
 *
 * `SITELETS_BEFORE=<checkout>` adds the row `before`: the same server
 * without the option from another checkout's sources (one from before the
 * option existed, say), to show that the option off costs nothing.
 */
import { createServer } from "node:http"
import { context, metrics, propagation, trace } from "@opentelemetry/api"
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks"
import { ExportResultCode, W3CTraceContextPropagator } from "@opentelemetry/core"
import { MeterProvider, PeriodicExportingMetricReader, type PushMetricExporter } from "@opentelemetry/sdk-metrics"
import { BasicTracerProvider, BatchSpanProcessor, type SpanExporter } from "@opentelemetry/sdk-trace-base"
import { compareVariants } from "./common/variants.js"
import { OpenTelemetry } from "../src/otel/index.js"

type Variant = "off" | "api" | "sdk" | "before"
const before = process.env.SITELETS_BEFORE
const variants: readonly Variant[] = before === undefined ? ["off", "api", "sdk"] : ["off", "before", "api", "sdk"]

if (process.argv[2] === "--serve") {
  const variant = process.argv[3] as Variant
  if (variant === "sdk") {
    // Exporters that drop what they get: the cost measured is making, batching and handing over, not a network.
    const spans: SpanExporter = {
      export: (_spans, done) => done({ code: ExportResultCode.SUCCESS }),
      shutdown: async () => {},
    }
    const points: PushMetricExporter = {
      export: (_metrics, done) => done({ code: ExportResultCode.SUCCESS }),
      forceFlush: async () => {},
      shutdown: async () => {},
    }
    trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new BatchSpanProcessor(spans)] }))
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable())
    propagation.setGlobalPropagator(new W3CTraceContextPropagator())
    metrics.setGlobalMeterProvider(
      new MeterProvider({
        readers: [new PeriodicExportingMetricReader({ exporter: points, exportIntervalMillis: 1000 })],
      }),
    )
  }
  // The other checkout's sources, for the row `before` (same declaration, no option).
  const from = variant === "before" ? `${before}/src/` : "../src/"
  const lib = (await import(`${from}index.js`)) as typeof import("../src/index.js")
  const host = (await import(`${from}host/node/index.js`)) as typeof import("../src/host/node/index.js")
  const site = lib.Sitelet.Infer(lib.t.union({ Article: "GET /articles/<id:int>" }), {
    Article: (_ctx, e) => lib.Content.Json({ id: e.id, title: "An article" }),
  })
  const telemetry = variant === "off" || variant === "before" ? {} : { telemetry: OpenTelemetry() }
  const server = createServer(host.NodeHandler(site, telemetry))
  server.listen(0, "127.0.0.1", () =>
    console.log(JSON.stringify({ port: (server.address() as { port: number }).port })),
  )
} else {
  await compareVariants(import.meta.url, variants, "/articles/42", "telemetry", "vs off")
}
