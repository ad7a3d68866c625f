/**
 * The official SDK as the otel tests register it (once per test file, which
 * vitest runs in a process of its own): an in-memory span exporter behind a
 * simple processor, the async context manager, the W3C propagator, and a
 * meter provider whose reader is flushed by hand.
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
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base"

export const spans = new InMemorySpanExporter()
trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] }))
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable())
propagation.setGlobalPropagator(new W3CTraceContextPropagator())
export const metricExporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE)
export const reader = new PeriodicExportingMetricReader({ exporter: metricExporter, exportIntervalMillis: 3_600_000 })
metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }))

/** The finished spans, once there are `count` of them (a span ends after its response is written). */
export async function finished(count: number) {
  for (let waited = 0; spans.getFinishedSpans().length < count; waited += 5) {
    if (waited > 5000) throw new Error(`${spans.getFinishedSpans().length} spans of ${count}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  return spans.getFinishedSpans()
}

/** The finished spans, once one passes `test`. */
export async function spanWhere(test: (span: ReadableSpan) => boolean) {
  for (let waited = 0; !spans.getFinishedSpans().some(test); waited += 5) {
    if (waited > 5000) throw new Error(`no such span among ${spans.getFinishedSpans().map((span) => span.name)}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  return spans.getFinishedSpans()
}
