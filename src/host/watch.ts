/**
 * A request watched by the host: when `observe` or `telemetry` is on, its
 * start (method, target, id, clock) and its telemetry scope, started as it
 * arrives; with neither, nothing (no clock read, no id made, no scope).
 */
import { routeNamer } from "../router/route-names.js"
import type { Sitelet } from "../sitelet/sitelet.js"
import type { ResolvedHostOptions } from "./host-options.js"
import type { RequestStart } from "./observe.js"
import { requestIdOf } from "./request-id.js"

// One namer per sitelet: its routes are described once, on the first traced request.
const namers = new WeakMap<object, (endpoint: unknown, method: string) => string | undefined>()

function namerOf(site: Sitelet<any>) {
  let namer = namers.get(site)
  if (namer === undefined) namers.set(site, (namer = routeNamer(site.Router)))
  return namer
}

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
  const started = performance.now()
  return {
    method,
    target,
    // Only the record needs it at once; telemetry alone leaves it to `ctx.RequestId`, made on first read.
    requestId: options.observe === undefined ? undefined : requestIdOf({ get: header }),
    started,
    ...(telemetry === undefined
      ? {}
      : { scope: telemetry.start({ method, target, scheme, header }), routeOf: namerOf(site) }),
  }
}
