/**
 * The host option `observe`: one record per request, after its answer was
 * handed to the runtime. It is what a log line, a metric or an error
 * report needs, with the matched endpoint value (group by its `$` tag, not
 * by raw URL). A hook that throws is reported to `onError` and never
 * changes the response.
 */
import type { ServeOutcome } from "./serve-outcome.js"
import type { RequestObserver } from "./request-record.js"
import type { TelemetryEnd, TelemetryScope } from "../internal/telemetry.js"
import { routeName, routeOfPath } from "../router/route-names.js"
import { parseTarget } from "../router/request/target.js"
import { isHostError } from "./host-errors.js"
import { isStreamBody } from "../sitelet/content-model.js"
import type { Router } from "../router/router.js"

/**
 * What a host notes when an observed request arrives (only with `observe`).
 *
 * @example
 * ```ts
 * const start: RequestStart = { method: "GET", target: "/", requestId, started: performance.now() }
 * ```
 */
export interface RequestStart {
  readonly method: string
  readonly target: string
  /** Made when `observe` is on (its record has it); else `ctx.RequestId` makes one on first read. */
  readonly requestId: string | undefined
  readonly started: number
  /** The request's telemetry scope (the `telemetry` option), and the router that names its route. */
  readonly scope?: TelemetryScope | undefined
  readonly router?: Router<any> | undefined
}

// The host's refusals of a body: each comes after a case matched the request's path and method.
const bodyRefusals: ReadonlySet<string> = new Set([
  "entity.parse.failed",
  "entity.too.large",
  "encoding.invalid",
  "charset.unsupported",
  "unsupported.media.type",
  "request.aborted",
])

/**
 * Builds the record of one request and hands it to the hook; a throwing
 * hook goes to `onError`.
 *
 * @example
 * ```ts
 * report(observe, onError, { method: "GET", target: "/", requestId, started }, outcome, 404, 9)
 * ```
 */
export function report(
  observe: RequestObserver | undefined,
  onError: (error: unknown) => void,
  request: RequestStart,
  outcome: ServeOutcome | undefined,
  status: number,
  bytes: number,
  error?: unknown,
): void {
  const failure = error ?? (outcome?.kind === "rejected" || outcome?.kind === "failed" ? outcome.error : undefined)
  const endpoint = outcome === undefined || outcome.kind === "declined" ? undefined : outcome.endpoint
  // Telemetry alone makes no record.
  if (observe !== undefined)
    try {
      observe({
        method: request.method,
        target: request.target,
        endpoint,
        status,
        bytes,
        duration: performance.now() - request.started,
        requestId: request.requestId ?? "",
        ...(failure === undefined ? {} : { error: failure }),
      })
    } catch (thrown) {
      onError(thrown)
    }
  const scope = request.scope
  if (scope === undefined) return
  try {
    const router = request.router
    const body = outcome === undefined || outcome.kind === "declined" ? undefined : outcome.content.body
    const ended = new RequestEnd(status, endpoint, bytes, router, request, failure)
    if (failure !== undefined) ended.error = failure
    // An event stream counts its events: read now that it has ended.
    if (body !== undefined && isStreamBody(body) && body.events !== undefined) ended.events = body.events()
    scope.end(ended)
  } catch (thrown) {
    onError(thrown)
  }
}

/**
 * How a request ended, for its telemetry scope. A class: the route is a
 * getter on its prototype (an object literal with a getter is a dictionary
 * in V8, slower to make and to read), and it is named only when the tracer
 * reads it (a span that records, a metric): a link and a lookup; for a
 * request refused over its body (its path and method matched, no endpoint
 * was made), by its path.
 */
class RequestEnd implements TelemetryEnd {
  // Set only when there is one: a scope may ask `"error" in result`.
  declare error?: unknown
  declare events?: number
  readonly #router: Router<any> | undefined
  readonly #request: RequestStart
  readonly #failure: unknown

  constructor(
    readonly status: number,
    readonly endpoint: unknown,
    readonly bytes: number,
    router: Router<any> | undefined,
    request: RequestStart,
    failure: unknown,
  ) {
    this.#router = router
    this.#request = request
    this.#failure = failure
  }

  get route(): string | undefined {
    const router = this.#router
    const request = this.#request
    if (router === undefined) return undefined
    if (this.endpoint !== undefined) return routeName(router, this.endpoint, request.method)
    const failure = this.#failure
    return isHostError(failure) && bodyRefusals.has(failure.type)
      ? routeOfPath(router, request.method, parseTarget(request.target).segments)
      : undefined
  }
}
