/**
 * The host option `observe` as data: the record each request gets and the
 * hook that takes it. The options (`host-options.ts`) name the hook's type
 * from here, so they import nothing of the pipeline that reports
 * (`observe.ts`, which builds and hands over each record).
 */

/**
 * What `observe` receives for each request.
 *
 * @example
 * ```ts
 * NodeHandler(site, {
 *   observe: (r) => console.log(`${r.requestId} ${r.method} ${r.endpoint?.$ ?? "-"} ${r.status} ${r.bytes}B ${r.duration.toFixed(1)}ms`),
 * })
 * ```
 */
export interface RequestRecord<Endpoint = unknown> {
  /** The request method, upper-case. */
  readonly method: string
  /** The request target as received (path and query). */
  readonly target: string
  /**
   * The endpoint value the sitelet matched (a handler that threw or ran past the deadline included);
   * undefined when no part accepted the request or it was refused first.
   */
  readonly endpoint: Endpoint | undefined
  /** The status sent. */
  readonly status: number
  /** Body bytes sent (after compression; 0 for HEAD, 204 and 304). */
  readonly bytes: number
  /** Milliseconds from the request's arrival at the host to its answer being handed to the runtime. */
  readonly duration: number
  /** The handler's exception (a 500), the refusal of a malformed request (a 4xx), or the deadline's (a 503). */
  readonly error?: unknown
  /** The request id, as `ctx.RequestId` gives it. */
  readonly requestId: string
}

/**
 * A request hook: `observe` in the host options.
 *
 * @example
 * ```ts
 * const observe: RequestObserver<Site> = (record) => metrics.count(record.endpoint?.$ ?? "unmatched", record.status)
 * ```
 */
export type RequestObserver<Endpoint = unknown> = (record: RequestRecord<Endpoint>) => void
