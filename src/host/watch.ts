/**
 * A request watched by the host: when `observe` or `telemetry` is on, its
 * start (method, target, id, clock) and its telemetry scope, started as it
 * arrives; with neither, nothing (no clock read, no id made, no scope). A
 * WebSocket it opens gets a session scope of its own.
 */
import { routeName } from "../router/route-names.js"
import type { Sitelet } from "../sitelet/sitelet.js"
import type { SocketBody } from "../sitelet/socket-body.js"
import type { ResolvedHostOptions } from "./host-options.js"
import type { RequestStart } from "./observe.js"
import { requestIdOf } from "./request-id.js"

/**
 * The start of a watched request, or undefined when neither `observe` nor
 * `telemetry` is set.
 *
 * @example
 * ```ts
 * const watched = watchRequest(site, options, "GET", "/blog/42", "http", (name) => request.headers.get(name))
 * ```
 */
export function watchRequest(
  site: Sitelet<any>,
  options: ResolvedHostOptions,
  method: string,
  target: string,
  scheme: "http" | "https",
  header: (name: string) => string | null,
): RequestStart | undefined {
  const telemetry = options.telemetry
  if (options.observe === undefined && telemetry === undefined) return undefined
  const scope = telemetry?.start({ method, target, scheme, header })
  // A scope nothing watches (telemetry without an SDK) is no watch at all, where no `observe` needs the record.
  const watched = scope !== undefined && scope.idle !== true
  if (options.observe === undefined && !watched) return undefined
  // The record's duration; telemetry keeps its own clock.
  const started = options.observe === undefined ? 0 : performance.now()
  return {
    method,
    target,
    // Only the record needs it at once; telemetry alone leaves it to `ctx.RequestId`, made on first read.
    requestId: options.observe === undefined ? undefined : requestIdOf({ get: header }),
    started,
    ...(watched ? { scope, router: site.Router } : {}),
  }
}

/**
 * A socket body carrying its session's telemetry scope (a child of the
 * upgrade request's), when the request is traced and the tracer makes
 * sessions; else the body as it is.
 *
 * @example
 * ```ts
 * writeNodeSocket(res, content, tracedSocket(content.body, watched, outcome.endpoint), onError, fail)
 * ```
 */
export function tracedSocket(body: SocketBody, watched: RequestStart | undefined, endpoint: unknown): SocketBody {
  const scope = watched?.scope
  const session = scope?.session
  if (watched === undefined || scope === undefined || session === undefined) return body
  const route = watched.router === undefined ? undefined : routeName(watched.router, endpoint, watched.method)
  // Opened by the session once the socket is open: an upgrade the runtime refuses leaves no scope open.
  return { ...body, openSession: () => scope.run(() => session.call(scope, { endpoint, route })) }
}
