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
  metrics,
  propagation,
  SpanKind,
  SpanStatusCode,
  type TextMapGetter,
  trace,
} from "@opentelemetry/api"
import type { Telemetry, TelemetryEnd, TelemetryRequest } from "../internal/telemetry.js"
import { routeNamer } from "../router/route-names.js"
import type { Router } from "../router/router.js"

// One namer per router the client traces: its routes are described on its first request.
const namers = new WeakMap<object, (endpoint: unknown, method: string) => string | undefined>()

function clientRoute(router: object, endpoint: unknown, method: string): string | undefined {
  let namer = namers.get(router)
  if (namer === undefined) namers.set(router, (namer = routeNamer(router as Router<unknown>)))
  return namer(endpoint, method)
}

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
}

// The methods the conventions name; any other is `_OTHER` (with the original kept).
const knownMethods = new Set(["GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH", "QUERY"])

// The conventions' advice for `http.server.request.duration`, in seconds.
const durationBuckets = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10]

const getter: TextMapGetter<TelemetryRequest> = {
  keys: () => [],
  get: (request, key) => request.header(key) ?? undefined,
}

// `host[:port]` of the Host header (an IPv6 literal in brackets keeps them out of the name).
function serverOf(host: string | null): Attributes {
  if (host === null || host === "") return {}
  const match = /^(\[[^\]]*\]|[^:]*)(?::(\d+))?$/.exec(host)
  if (match === null) return {}
  const address = match[1]!.replace(/^\[|\]$/g, "")
  return match[2] === undefined
    ? { "server.address": address }
    : { "server.address": address, "server.port": Number(match[2]) }
}

// `error.type`: an exception's class name, else the status code of a failed answer (a refusal, a 5xx).
function errorTypeOf({ status, error }: TelemetryEnd): string | undefined {
  if (error instanceof Error && status >= 500) return error.name === "Error" ? error.constructor.name : error.name
  return status >= 400 ? String(status) : undefined
}

/**
 * The host option `telemetry` on OpenTelemetry: register your SDK (a
 * tracer provider with the W3C propagator, a meter provider) before the
 * first request; without one, the API's no-op tracer costs next to nothing.
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
 * - Given to the typed client (`Router.Fetch(…, { telemetry })`): a
 *   `CLIENT` span per request named by the route, its context sent as
 *   `traceparent`, and `http.client.request.duration`.
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
  const meter = metrics.getMeter(name)
  const duration = meter.createHistogram("http.server.request.duration", {
    unit: "s",
    description: "Duration of HTTP server requests.",
    advice: { explicitBucketBoundaries: durationBuckets },
  })
  const active = meter.createUpDownCounter("http.server.active_requests", {
    unit: "{request}",
    description: "Number of active HTTP server requests.",
  })
  const recorded = (options.requestHeaders ?? []).map((header) => header.toLowerCase())

  const clientDuration = meter.createHistogram("http.client.request.duration", {
    unit: "s",
    description: "Duration of HTTP client requests.",
    advice: { explicitBucketBoundaries: durationBuckets },
  })

  return {
    client({ method: given, url, router, endpoint }) {
      const route = clientRoute(router, endpoint, given)
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
      const name = `${known ? method : "HTTP"}${route === undefined ? "" : ` ${route}`}`
      const span = tracer.startSpan(name, { kind: SpanKind.CLIENT, attributes }, context.active())
      const carrier: Record<string, string> = {}
      propagation.inject(trace.setSpan(context.active(), span), carrier)
      let ended = false
      return {
        headers: Object.entries(carrier),
        end({ status, error }) {
          if (ended) return
          ended = true
          if (status > 0) span.setAttribute("http.response.status_code", status)
          // Client spans: a 4xx is an error too (the conventions).
          const errorType =
            error !== undefined
              ? error instanceof Error
                ? error.name
                : "Error"
              : status >= 400
                ? String(status)
                : undefined
          if (error instanceof Error) span.recordException(error)
          if (errorType !== undefined) {
            span.setAttribute("error.type", errorType)
            span.setStatus({ code: SpanStatusCode.ERROR })
          }
          span.end()
          clientDuration.record((performance.now() - started) / 1000, {
            "http.request.method": method,
            "server.address": attributes["server.address"] as string,
            ...(status > 0 ? { "http.response.status_code": status } : {}),
            ...(route === undefined ? {} : { "url.template": route }),
            ...(errorType === undefined ? {} : { "error.type": errorType }),
          })
        },
      }
    },
    start(request) {
      const started = performance.now()
      const known = knownMethods.has(request.method)
      const method = known ? request.method : "_OTHER"
      const query = request.target.indexOf("?")
      const attributes: Attributes = {
        "http.request.method": method,
        "url.path": query < 0 ? request.target : request.target.slice(0, query),
        "url.scheme": request.scheme,
        ...serverOf(request.header("host")),
      }
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
      const activeAttributes = { "http.request.method": method, "url.scheme": request.scheme }
      active.add(1, activeAttributes)
      let ended = false
      return {
        run: (work) => context.with(inside, work),
        end(result) {
          if (ended) return
          ended = true
          const { status, endpoint, route } = result
          if (result.passed === true) {
            // Not this sitelet's request (Express passed it on): no status, no duration of ours.
            span.setAttribute("sitelets.passed", true)
            span.end()
            active.add(-1, activeAttributes)
            return
          }
          if (route !== undefined) {
            span.updateName(`${known ? method : "HTTP"} ${route}`)
            span.setAttribute("http.route", route)
          }
          span.setAttribute("http.response.status_code", status)
          const tag = (endpoint as { $?: unknown } | undefined)?.$
          if (typeof tag === "string") span.setAttribute("sitelets.endpoint", tag)
          const errorType = errorTypeOf(result)
          if (errorType !== undefined) span.setAttribute("error.type", errorType)
          if (result.error instanceof Error && status >= 500) span.recordException(result.error)
          // Server spans: a 4xx is the client's error, not the span's (the conventions).
          if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR })
          span.end()
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
