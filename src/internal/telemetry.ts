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
  /** The body's bytes as written (compressed, when it was), when the host counted them. */
  readonly bytes?: number
  /** An event stream's events sent, once it ended. */
  readonly events?: number
}

/** One request's scope: the handler runs inside it, and it ends once. */
export interface TelemetryScope {
  run<Value>(work: () => Value): Value
  end(result: TelemetryEnd): void
  /**
   * A WebSocket session the request opened (its 101): a scope of its own,
   * inside the request's, from the upgrade to the close.
   */
  session?(start: TelemetrySessionStart): TelemetrySession
  /** Nothing records, measures or carries this request on (no SDK, meter or propagator): the host may skip it. */
  readonly idle?: boolean
}

/** What a host knows of a WebSocket session as it opens. */
export interface TelemetrySessionStart {
  /** The endpoint value of the upgrade request, and its route as declared (`/chat/{room}`). */
  readonly endpoint: unknown
  readonly route: string | undefined
}

/**
 * A WebSocket session's scope: the socket's handler runs inside it, every
 * message is counted (never a scope per message), and it ends once, with
 * the close.
 */
export interface TelemetrySession {
  run<Value>(work: () => Value): Value
  /** A message received from the peer, of this many bytes. */
  received(bytes: number): void
  /** A message sent to the peer, of this many bytes. */
  sent(bytes: number): void
  /** The close code and reason (1006 when the connection dropped), and the handler's exception (a 1011). */
  end(close: { readonly code: number; readonly reason: string; readonly error?: unknown }): void
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
  /**
   * The answer's status, or the failure (no answer: status 0); for an event
   * stream, the events it received; for a WebSocket (status 101 once open),
   * its close and the messages it received.
   */
  end(result: TelemetryClientEnd): void
}

/** How a client request ended. */
export interface TelemetryClientEnd {
  readonly status: number
  readonly error?: unknown
  /** An event stream's events received. */
  readonly events?: number
  /** A WebSocket's close, and the messages it received and sent. */
  readonly socket?: { readonly code: number; readonly received: number; readonly sent: number }
}
