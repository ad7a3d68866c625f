/**
 * The option `telemetry`: what a host asks of a tracer for each request —
 * a scope started at its arrival, the handler run inside it, and its end
 * with the status and the route — and what the typed client asks for each
 * request it sends (a client span, and the headers that carry its context).
 * `sitelets/otel` implements it on OpenTelemetry; hosts and the client
 * import nothing of OpenTelemetry, and without the option make no scope.
 */

/** What a host knows of a request when it arrives. */
export interface TelemetryRequest {
  /** Upper-case. */
  readonly method: string
  /** The path and query as received (origin-form). */
  readonly target: string
  readonly scheme: "http" | "https"
  /** A request header (`traceparent`, `host`, `user-agent`, …), or null. */
  header(name: string): string | null
}

/** How a request ended. */
export interface TelemetryEnd {
  readonly status: number
  /** The endpoint value the sitelet matched, or undefined (refused before routing, not found). */
  readonly endpoint: unknown
  /** Its route as declared (`/blog/{id}`), or undefined. */
  readonly route: string | undefined
  /** The handler's exception (a 500), a refusal's (a 4xx) or the deadline's (a 503). */
  readonly error?: unknown
  /** Under Express: the sitelet did not take the request, and passed it on (`next()`); `status` is 0. */
  readonly passed?: boolean
}

/** One request's scope: the handler runs inside it, and it ends once. */
export interface TelemetryScope {
  run<Value>(work: () => Value): Value
  end(result: TelemetryEnd): void
}

/**
 * A tracer for hosts (`telemetry` option): `OpenTelemetry()` from
 * `sitelets/otel`, or your own.
 *
 * @example
 * ```ts
 * import { OpenTelemetry } from "sitelets/otel"
 * createServer(NodeHandler(site, { telemetry: OpenTelemetry() }))
 * ```
 */
export interface Telemetry {
  start(request: TelemetryRequest): TelemetryScope
  /** A request the typed client sends: its span, and the headers to send with it (`traceparent`). */
  client?(request: TelemetryClientRequest): TelemetryClientScope
}

/** What the typed client knows of a request it is about to send. */
export interface TelemetryClientRequest {
  readonly method: string
  /** The absolute URL. */
  readonly url: string
  /**
   * The router and endpoint value it was made from: the tracer names its
   * route (`/api/articles/{id}`) with them, so the client carries no
   * naming code of its own.
   */
  readonly router: object
  readonly endpoint: unknown
}

/** A client request's scope: the headers carrying its context, and its end. */
export interface TelemetryClientScope {
  /** Headers to add to the request (`traceparent`, `tracestate`). */
  readonly headers: ReadonlyArray<readonly [string, string]>
  /** The answer's status, or the failure (no answer: status 0). */
  end(result: { readonly status: number; readonly error?: unknown }): void
}
