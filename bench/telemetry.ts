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
 */
import { spawn } from "node:child_process"
import { createServer } from "node:http"
import { context, metrics, propagation, trace } from "@opentelemetry/api"
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks"
import { ExportResultCode, W3CTraceContextPropagator } from "@opentelemetry/core"
import { MeterProvider, PeriodicExportingMetricReader, type PushMetricExporter } from "@opentelemetry/sdk-metrics"
import { BasicTracerProvider, BatchSpanProcessor, type SpanExporter } from "@opentelemetry/sdk-trace-base"
import autocannon from "autocannon"
import { NodeHandler } from "../src/host/node.js"
import { Content, Sitelet, t } from "../src/index.js"
import { OpenTelemetry } from "../src/otel/index.js"

type Variant = "off" | "api" | "sdk"
const variants: readonly Variant[] = ["off", "api", "sdk"]

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
  const site = Sitelet.Infer(t.union({ Article: "GET /articles/<id:int>" }), {
    Article: (_ctx, e) => Content.Json({ id: e.id, title: "An article" }),
  })
  const server = createServer(NodeHandler(site, variant === "off" ? {} : { telemetry: OpenTelemetry() }))
  server.listen(0, "127.0.0.1", () =>
    console.log(JSON.stringify({ port: (server.address() as { port: number }).port })),
  )
} else {
  const servers = await Promise.all(
    variants.map(
      (variant) =>
        new Promise<{ variant: Variant; port: number; kill: () => void }>((resolve) => {
          const child = spawn(
            process.execPath,
            ["--import", "tsx", new URL(import.meta.url).pathname, "--serve", variant],
            {
              stdio: ["ignore", "pipe", "inherit"],
            },
          )
          child.stdout!.once("data", (chunk: Buffer) =>
            resolve({ variant, port: JSON.parse(chunk.toString()).port, kill: () => child.kill() }),
          )
        }),
    ),
  )
  const rounds = 5
  const results = new Map<Variant, Array<{ rps: number; p50: number; p99: number }>>()
  for (let round = 0; round < rounds; round++)
    for (const { variant, port } of [...servers.slice(round % 3), ...servers.slice(0, round % 3)]) {
      const result = await autocannon({ url: `http://127.0.0.1:${port}/articles/42`, connections: 32, duration: 3 })
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`${variant}: ${result.non2xx} non-2xx, ${result.errors} errors`)
      if (round > 0)
        results.set(variant, [
          ...(results.get(variant) ?? []),
          { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 },
        ])
    }
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!
  const base = median(results.get("off")!.map((r) => r.rps))
  console.log("| telemetry | requests/s | p50 ms | p99 ms | vs off |\n|---|---:|---:|---:|---:|")
  for (const variant of variants) {
    const rows = results.get(variant)!
    const rps = median(rows.map((r) => r.rps))
    console.log(
      `| ${variant} | ${Math.round(rps)} | ${median(rows.map((r) => r.p50))} | ${median(rows.map((r) => r.p99))} | ${(rps / base).toFixed(2)}× |`,
    )
  }
  for (const server of servers) server.kill()
}
