/**
 * The runtime matrix's telemetry site (issue 38, item 5): `OpenTelemetry()`
 * on the Fetch host with the official tracing SDK (a basic tracer
 * provider, an in-memory exporter, the W3C propagator), bundled for the
 * browser platform (the SDK's builds without Node built-ins) and served by
 * Bun, Deno and workerd. `GET /spans` answers the finished spans.
 *
 * The context manager is `AsyncLocalStorage` (from `node:async_hooks`,
 * which the three runtimes offer; workerd with `nodejs_als`) in a few
 * lines: `@opentelemetry/context-async-hooks` is CommonJS requiring
 * `async_hooks`, which an ES module bundle cannot load on Workers.
 */
import { AsyncLocalStorage } from "node:async_hooks"
import { type Context, type ContextManager, context, propagation, ROOT_CONTEXT, trace } from "@opentelemetry/api"
import { W3CTraceContextPropagator } from "@opentelemetry/core"
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base"
import { Content, Fetch, Sitelet, t, WebSocket } from "../../src/index.js"
import { OpenTelemetry } from "../../src/otel/index.js"

class StorageContextManager implements ContextManager {
  readonly #storage = new AsyncLocalStorage<Context>()
  active = () => this.#storage.getStore() ?? ROOT_CONTEXT
  with = <A extends unknown[], F extends (...args: A) => ReturnType<F>>(
    scope: Context,
    fn: F,
    thisArg?: ThisParameterType<F>,
    ...args: A
  ): ReturnType<F> => this.#storage.run(scope, () => fn.apply(thisArg, args))
  bind = <T>(scope: Context, target: T): T =>
    (typeof target === "function"
      ? (...args: unknown[]) => this.with(scope, target as (...a: unknown[]) => unknown, undefined, ...args)
      : target) as T
  enable = () => this
  disable = () => this
}

const exporter = new InMemorySpanExporter()
trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }))
context.setGlobalContextManager(new StorageContextManager())
propagation.setGlobalPropagator(new W3CTraceContextPropagator())

const Chat = WebSocket({ FromClient: t.string, FromServer: t.string })
const Api = t.union({
  Article: "GET /articles/<id:int>",
  Echo: t.case("GET /echo", {}, Chat),
  Boom: "GET /boom",
  Ticks: "GET /ticks",
  Spans: "GET /spans",
})

const site = Sitelet.Infer(Api, {
  Article: async (_ctx, e) => {
    await new Promise((resolve) => setTimeout(resolve, 1))
    // The handler's own span, after an await: its parent must be the request's span.
    trace.getTracer("app").startSpan("db.query").end()
    return Content.Json({ id: e.id })
  },
  Boom: () => {
    throw new TypeError("the handler's bug")
  },
  Echo: () =>
    Content.WebSocket(Chat, async (socket) => {
      for await (const said of socket) {
        trace.getTracer("app").startSpan("echo").end()
        if (said === "bye") return
        await socket.Send(said.toUpperCase())
      }
    }),
  Ticks: () =>
    Content.EventStream(
      (async function* () {
        for (let tick = 1; tick <= 2; tick++) {
          await new Promise((resolve) => setTimeout(resolve, 1))
          trace.getTracer("app").startSpan("tick").end()
          yield tick
        }
      })(),
    ),
  Spans: () =>
    Content.Json(
      exporter.getFinishedSpans().map((span) => ({
        name: span.name,
        kind: span.kind,
        traceId: span.spanContext().traceId,
        spanId: span.spanContext().spanId,
        parent: span.parentSpanContext?.spanId ?? null,
        attributes: span.attributes,
        status: span.status.code,
        events: span.events.map((event) => event.name),
      })),
    ),
})

/** The site's Fetch handler: workerd's entry (`telemetry-entry.mjs`) exports it as the default. */
export const handler = Fetch.Handler(site, { telemetry: OpenTelemetry(), onError: () => undefined })

// Bun and Deno: served on the port given as the last argument (no default export here: Bun would serve it too).
const runtime = globalThis as {
  Bun?: { argv: string[]; serve(options: object): unknown }
  Deno?: { args: string[]; serve(options: object, handler: unknown): unknown }
}
if (runtime.Bun !== undefined)
  runtime.Bun.serve({
    hostname: "127.0.0.1",
    port: Number(runtime.Bun.argv.at(-1)),
    fetch: handler.fetch,
    websocket: handler.websocket,
  })
else if (runtime.Deno !== undefined && runtime.Deno.args.length > 0)
  runtime.Deno.serve({ hostname: "127.0.0.1", port: Number(runtime.Deno.args[0]) }, handler.fetch)
