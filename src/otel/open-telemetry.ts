/**
 * `OpenTelemetry(options?)`: the host option `telemetry` on OpenTelemetry's
 * API — a server span per request named by its declared route, following
 * the stable HTTP semantic conventions, the incoming trace continued, the
 * handler run inside the span's context, and the two HTTP server metrics.
 * Only this module imports `@opentelemetry/api` (an optional peer
 * dependency); what records and exports is the application's SDK.
 */
import {
  type Attributes,
  context,
  createNoopMeter,
  type Histogram,
  metrics,
  propagation,
  ProxyTracerProvider,
  SpanKind,
  SpanStatusCode,
  type TextMapGetter,
  type Tracer,
  trace,
  type UpDownCounter,
} from "@opentelemetry/api"
import type {
  Telemetry,
  TelemetryEnd,
  TelemetryRequest,
  TelemetrySession,
  TelemetrySessionStart,
} from "../internal/telemetry.js"
import { isHostError } from "../host/host-errors.js"
import { routeName } from "../router/route-names.js"
import type { Router } from "../router/router.js"

/** Options of {@link OpenTelemetry}. */
export interface OpenTelemetryOptions {
  /** The tracer's and meter's name. Default `"sitelets"`. */
  readonly name?: string
  /**
   * Request headers to record, as `http.request.header.<name>` (lower-case
   * names). Default none: headers carry credentials.
   */
  readonly requestHeaders?: readonly string[]
  /** Record the query as `url.query`. Default `false`: query values can carry secrets. */
  readonly recordQuery?: boolean
  /**
   * The names of the application's own error classes that `error.type` may
   * carry (`["DatabaseError"]`), beside JavaScript's own and the library's;
   * any other name is `_OTHER`, so a metric keeps a bounded set of series.
   */
  readonly errorTypes?: readonly string[]
}

// The error names `error.type` carries as they are: JavaScript's, the platform's and the library's. Any other name
// an exception has is `_OTHER` (the conventions' value for what is not on a known list), so a thrown name cannot
// add series to a metric without bound.
const knownErrors: readonly string[] = [
  "Error",
  "TypeError",
  "RangeError",
  "SyntaxError",
  "ReferenceError",
  "EvalError",
  "URIError",
  "AggregateError",
  "AbortError",
  "TimeoutError",
  "DOMException",
  "HostError",
  "JsonError",
  "LinkError",
  "FetchError",
]

/** The `error.type` of an exception: its class's name when it is a known one, else `_OTHER`. */
type ErrorNamer = (error: Error) => string

function errorNamer(extra: readonly string[] | undefined): ErrorNamer {
  const known = new Set([...knownErrors, ...(extra ?? [])])
  return (error) => {
    const name = error.name === "Error" ? error.constructor.name : error.name
    return known.has(name) ? name : "_OTHER"
  }
}

// The methods the conventions name; any other is `_OTHER` (with the original kept).
const knownMethods = new Set(["GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH", "QUERY"])

// The conventions' advice for `http.server.request.duration`, in seconds.
const durationBuckets = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10]

const getter: TextMapGetter<TelemetryRequest> = {
  keys: () => [],
  get: (request, key) => request.header(key) ?? undefined,
}

// `server.address` and `server.port` from the Host header (an IPv6 literal's brackets kept out of the name).
function addServer(attributes: Attributes, host: string | null): void {
  if (host === null) return
  const bracket = host.startsWith("[")
  const colon = host.indexOf(":")
  const end = bracket ? host.indexOf("]") + 1 : colon < 0 ? host.length : colon
  const address = bracket ? host.slice(1, end - 1) : host.slice(0, end)
  const rest = host.slice(end)
  if (address === "" || (bracket && end === 0) || (rest !== "" && !/^:\d{1,5}$/.test(rest))) return
  attributes["server.address"] = address
  if (rest !== "") attributes["server.port"] = Number(rest.slice(1))
}

// The endpoint value's `$` tag (the case), when it has one.
const tagOf = (endpoint: unknown): unknown => (endpoint as { $?: unknown } | undefined)?.$

// Closes that are no failure: normal, going away, and none given.
const cleanCloses = new Set([1000, 1001, 1005])

// A WebSocket session's span, in the active context (the upgrade request's span): counts, not a span per message.
function sessionOf(tracer: Tracer, { endpoint, route }: TelemetrySessionStart, nameOf: ErrorNamer): TelemetrySession {
  const attributes: Attributes = {}
  if (route !== undefined) attributes["http.route"] = route
  const tag = tagOf(endpoint)
  if (typeof tag === "string") attributes["sitelets.endpoint"] = tag
  const span = tracer.startSpan(route === undefined ? "WebSocket" : `WebSocket ${route}`, { attributes })
  const inside = trace.setSpan(context.active(), span)
  let received = 0
  let receivedBytes = 0
  let sent = 0
  let sentBytes = 0
  let ended = false
  return {
    run: (work) => context.with(inside, work),
    received(bytes) {
      received++
      receivedBytes += bytes
    },
    sent(bytes) {
      sent++
      sentBytes += bytes
    },
    end({ code, reason, error }) {
      if (ended) return
      ended = true
      if (span.isRecording()) {
        span.setAttributes({
          "sitelets.websocket.close_code": code,
          "sitelets.websocket.messages_received": received,
          "sitelets.websocket.bytes_received": receivedBytes,
          "sitelets.websocket.messages_sent": sent,
          "sitelets.websocket.bytes_sent": sentBytes,
        })
        if (reason !== "") span.setAttribute("sitelets.websocket.close_reason", reason)
        if (!cleanCloses.has(code))
          span.setAttribute("error.type", error instanceof Error ? nameOf(error) : String(code))
        if (error instanceof Error) span.recordException(error)
        // The server's failure (1011, the handler threw) is the span's error; a peer's close is the peer's.
        if (code === 1011) span.setStatus({ code: SpanStatusCode.ERROR })
      }
      span.end()
    },
  }
}

interface Instruments {
  readonly duration: Histogram
  readonly active: UpDownCounter
  readonly clientDuration: Histogram
  /** False under the API's no-op meter (no SDK): nothing is recorded, so no attributes are made. */
  readonly metered: boolean
}

function instrumentsOf(name: string): Instruments {
  const meter = metrics.getMeter(name)
  return {
    duration: meter.createHistogram("http.server.request.duration", {
      unit: "s",
      description: "Duration of HTTP server requests.",
      advice: { explicitBucketBoundaries: durationBuckets },
    }),
    active: meter.createUpDownCounter("http.server.active_requests", {
      unit: "{request}",
      description: "Number of active HTTP server requests.",
    }),
    clientDuration: meter.createHistogram("http.client.request.duration", {
      unit: "s",
      description: "Duration of HTTP client requests.",
      advice: { explicitBucketBoundaries: durationBuckets },
    }),
    metered: meter !== createNoopMeter(),
  }
}

// A SERVER span's `error.type`: only for the server's own failures (a 4xx is the client's error, not the
// operation's, in the HTTP conventions): `timeout` for the host's deadline (the conventions' own value), an
// exception's class name (from a closed set), else the 5xx status code.
function errorTypeOf({ status, error }: TelemetryEnd, nameOf: ErrorNamer): string | undefined {
  if (status < 500) return undefined
  if (isHostError(error)) return error.type === "request.deadline" ? "timeout" : String(status)
  if (error instanceof Error) return nameOf(error)
  return String(status)
}

// The API's no-op tracer provider: what the global provider delegates to until an SDK registers one.
const noopTracing = new ProxyTracerProvider().getDelegate()

// The scope of a request nothing watches: the host skips it (`idle`), and a caller of its own runs the work as it is.
const idleScope = Object.freeze({ idle: true, run: <Value>(work: () => Value) => work(), end: () => undefined })

/** Whether no SDK's tracer provider is registered (read per request: one may be registered at any time). */
function tracesNothing(): boolean {
  const provider = trace.getTracerProvider()
  return provider instanceof ProxyTracerProvider && provider.getDelegate() === noopTracing
}

/**
 * The host option `telemetry` on OpenTelemetry: register your SDK (a
 * tracer provider with the W3C propagator, a meter provider) before the
 * first request; without one, nothing is named or measured.
 *
 * - A `SERVER` span per request, named `METHOD route` (`GET /blog/{id}`:
 *   the declaration's route, never the URL), with `http.route`,
 *   `http.request.method`, `http.response.status_code`, `url.path`,
 *   `url.scheme`, `server.address`/`server.port`, `user_agent.original`,
 *   `sitelets.endpoint` (the case's `$` tag), `error.type` on failures;
 *   the status is an error for a 5xx, and a handler's exception is recorded.
 * - The incoming `traceparent`/`tracestate` is continued (the global
 *   propagator), and the handler runs inside the span's context.
 * - `http.server.request.duration` (seconds, the conventions' buckets) and
 *   `http.server.active_requests`.
 * - A WebSocket session is a span of its own (upgrade to close: the close
 *   code, messages and bytes each way); an event stream's request span
 *   lasts until the stream ends, with the events sent.
 * - Given to the typed client (`Router.Fetch`, `Router.Events`,
 *   `Router.Socket`: `{ telemetry }`): a `CLIENT` span per request named by
 *   the route, its context sent as `traceparent` (not by a WebSocket: the
 *   platform's sends no headers), and `http.client.request.duration`.
 *
 * @example
 * ```ts
 * import { OpenTelemetry } from "sitelets/otel"
 * createServer(NodeHandler(site, { telemetry: OpenTelemetry() }))
 * export default Fetch.Handler(site, { telemetry: OpenTelemetry() }) // Bun, Deno, Workers
 * ```
 */
export function OpenTelemetry(options: OpenTelemetryOptions = {}): Telemetry {
  const name = options.name ?? "sitelets"
  const tracer = trace.getTracer(name)
  const recorded = (options.requestHeaders ?? []).map((header) => header.toLowerCase())
  const nameOf = errorNamer(options.errorTypes)
  // Made on the first request, so an SDK registered after this call but before the first request is used.
  let instruments: Instruments | undefined

  return {
    client({ method: given, url, router, endpoint }) {
      instruments ??= instrumentsOf(name)
      const { clientDuration, metered } = instruments
      const route = routeName(router as Router<unknown>, endpoint, given)
      const started = performance.now()
      const known = knownMethods.has(given)
      const method = known ? given : "_OTHER"
      const target = new URL(url)
      // The query is left out of url.full: its values can carry secrets.
      const attributes: Attributes = {
        "http.request.method": method,
        "url.full": target.origin + target.pathname,
        "server.address": target.hostname,
        "server.port": Number(target.port || (target.protocol === "https:" ? 443 : 80)),
      }
      if (!known) attributes["http.request.method_original"] = given
      if (route !== undefined) attributes["url.template"] = route
      const spanName = `${known ? method : "HTTP"}${route === undefined ? "" : ` ${route}`}`
      const span = tracer.startSpan(spanName, { kind: SpanKind.CLIENT, attributes }, context.active())
      const carrier: Record<string, string> = {}
      propagation.inject(trace.setSpan(context.active(), span), carrier)
      let ended = false
      return {
        headers: Object.entries(carrier),
        end({ status, error, events, socket }) {
          if (ended) return
          ended = true
          // Client spans: a 4xx is an error too (the conventions).
          const errorType =
            error !== undefined
              ? error instanceof Error
                ? nameOf(error)
                : "Error"
              : status >= 400
                ? String(status)
                : socket !== undefined && !cleanCloses.has(socket.code)
                  ? String(socket.code)
                  : undefined
          if (span.isRecording()) {
            if (status > 0) span.setAttribute("http.response.status_code", status)
            if (events !== undefined) span.setAttribute("sitelets.event_stream.events", events)
            if (socket !== undefined)
              span.setAttributes({
                "sitelets.websocket.close_code": socket.code,
                "sitelets.websocket.messages_received": socket.received,
                "sitelets.websocket.messages_sent": socket.sent,
              })
            if (error instanceof Error) span.recordException(error)
            if (errorType !== undefined) {
              span.setAttribute("error.type", errorType)
              span.setStatus({ code: SpanStatusCode.ERROR })
            }
          }
          span.end()
          if (!metered) return
          clientDuration.record((performance.now() - started) / 1000, {
            "http.request.method": method,
            "server.address": target.hostname,
            ...(status > 0 ? { "http.response.status_code": status } : {}),
            ...(route === undefined ? {} : { "url.template": route }),
            ...(errorType === undefined ? {} : { "error.type": errorType }),
          })
        },
      }
    },
    start(request) {
      instruments ??= instrumentsOf(name)
      const { duration, active, metered } = instruments
      // Nothing would record, measure or carry this request on (no SDK tracer, meter or propagator): no work for it.
      if (!metered && tracesNothing() && propagation.fields().length === 0) return idleScope
      const started = performance.now()
      const known = knownMethods.has(request.method)
      const method = known ? request.method : "_OTHER"
      const query = request.target.indexOf("?")
      // What a sampler may decide on is given at the start (the conventions).
      const attributes: Attributes = {
        "http.request.method": method,
        "url.path": query < 0 ? request.target : request.target.slice(0, query),
        "url.scheme": request.scheme,
      }
      addServer(attributes, request.header("host"))
      if (!known) attributes["http.request.method_original"] = request.method
      if (options.recordQuery === true && query >= 0) attributes["url.query"] = request.target.slice(query + 1)
      const agent = request.header("user-agent")
      if (agent !== null) attributes["user_agent.original"] = agent
      for (const header of recorded) {
        const value = request.header(header)
        if (value !== null) attributes[`http.request.header.${header}`] = [value]
      }
      const parent = propagation.extract(context.active(), request, getter)
      const span = tracer.startSpan(known ? method : "HTTP", { kind: SpanKind.SERVER, attributes }, parent)
      const inside = trace.setSpan(parent, span)
      const activeAttributes = metered ? { "http.request.method": method, "url.scheme": request.scheme } : undefined
      if (activeAttributes !== undefined) active.add(1, activeAttributes)
      let ended = false
      return {
        run: (work) => context.with(inside, work),
        session: (opened) => sessionOf(tracer, opened, nameOf),
        end(result) {
          if (ended) return
          ended = true
          const recording = span.isRecording()
          // Neither a span that records nor a meter: nothing to name or measure (no SDK registered).
          if (!recording && activeAttributes === undefined) return span.end()
          if (result.passed === true) {
            // Not this sitelet's request (Express passed it on): no status, no duration of ours.
            if (recording) span.setAttribute("sitelets.passed", true)
            span.end()
            if (activeAttributes !== undefined) active.add(-1, activeAttributes)
            return
          }
          const { status, endpoint, route } = result
          const errorType = errorTypeOf(result, nameOf)
          if (recording) {
            if (route !== undefined) {
              span.updateName(`${known ? method : "HTTP"} ${route}`)
              span.setAttribute("http.route", route)
            }
            span.setAttribute("http.response.status_code", status)
            if (result.bytes !== undefined && status !== 101) span.setAttribute("http.response.body.size", result.bytes)
            if (result.events !== undefined) span.setAttribute("sitelets.event_stream.events", result.events)
            const tag = tagOf(endpoint)
            if (typeof tag === "string") span.setAttribute("sitelets.endpoint", tag)
            if (errorType !== undefined) span.setAttribute("error.type", errorType)
            // The host's own refusals (a deadline's 503) are answers, not exceptions.
            if (result.error instanceof Error && status >= 500 && !isHostError(result.error))
              span.recordException(result.error)
            // Server spans: a 4xx is the client's error, not the span's (the conventions).
            if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR })
          }
          span.end()
          if (activeAttributes === undefined) return
          active.add(-1, activeAttributes)
          duration.record((performance.now() - started) / 1000, {
            "http.request.method": method,
            "url.scheme": request.scheme,
            "http.response.status_code": status,
            ...(route === undefined ? {} : { "http.route": route }),
            ...(errorType === undefined ? {} : { "error.type": errorType }),
          })
        },
      }
    },
  }
}
