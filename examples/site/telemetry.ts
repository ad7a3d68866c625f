/**
 * The example's OpenTelemetry: when `OTEL_EXPORTER_OTLP_ENDPOINT` is set
 * (`http://localhost:4318`, a collector or Jaeger), traces and metrics go
 * there over OTLP/HTTP with the official exporters, which read the
 * standard `OTEL_EXPORTER_OTLP_*` variables themselves; the service is
 * named by `OTEL_SERVICE_NAME` (default `sitelets-example`). Unset, no SDK
 * is loaded and the host runs without the `telemetry` option.
 */
import type { Telemetry } from "../../src/otel/index.js"

/** What `npm start` serves with: the host option, a line saying where telemetry goes, and a final flush. */
export interface ExampleTelemetry {
  readonly telemetry: Telemetry | undefined
  readonly description: string
  /** Sends what is still batched, and stops the exporters (on SIGTERM, before the process exits). */
  shutdown(): Promise<void>
}

/**
 * Registers the SDK with OTLP exporters when `env` asks for it.
 *
 * @example
 * ```ts
 * const { telemetry, description } = await exampleTelemetry(process.env)
 * NodeHandler(site, { telemetry })
 * ```
 */
export async function exampleTelemetry(env: NodeJS.ProcessEnv): Promise<ExampleTelemetry> {
  const endpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT
  if (endpoint === undefined || endpoint === "")
    return {
      telemetry: undefined,
      description: "off (set OTEL_EXPORTER_OTLP_ENDPOINT to export)",
      shutdown: async () => {},
    }
  // Loaded only when asked for: a plain `npm start` does not pay for the SDK.
  const [api, hooks, core, resources, traces, meters, traceExporter, metricExporter, otel] = await Promise.all([
    import("@opentelemetry/api"),
    import("@opentelemetry/context-async-hooks"),
    import("@opentelemetry/core"),
    import("@opentelemetry/resources"),
    import("@opentelemetry/sdk-trace-base"),
    import("@opentelemetry/sdk-metrics"),
    import("@opentelemetry/exporter-trace-otlp-http"),
    import("@opentelemetry/exporter-metrics-otlp-http"),
    import("../../src/otel/index.js"),
  ])
  const resource = resources.resourceFromAttributes({ "service.name": env.OTEL_SERVICE_NAME || "sitelets-example" })
  const tracerProvider = new traces.BasicTracerProvider({
    resource,
    spanProcessors: [new traces.BatchSpanProcessor(new traceExporter.OTLPTraceExporter())],
  })
  const meterProvider = new meters.MeterProvider({
    resource,
    readers: [new meters.PeriodicExportingMetricReader({ exporter: new metricExporter.OTLPMetricExporter() })],
  })
  api.trace.setGlobalTracerProvider(tracerProvider)
  api.context.setGlobalContextManager(new hooks.AsyncLocalStorageContextManager().enable())
  api.propagation.setGlobalPropagator(new core.W3CTraceContextPropagator())
  api.metrics.setGlobalMeterProvider(meterProvider)
  return {
    telemetry: otel.OpenTelemetry(),
    description: `traces and metrics over OTLP/HTTP to ${endpoint}`,
    shutdown: async () => {
      await Promise.allSettled([tracerProvider.shutdown(), meterProvider.shutdown()])
    },
  }
}
