/**
 * The request view hosts build for a router with a route table (it
 * routes on the raw target): method, headers and body reader at once, the
 * target parsed on first read of its path, segments or query, so a request
 * the table answers is never split or decoded; `bad` is answered without a
 * parse for a target nothing could be wrong with. Every other router gets
 * plain data from `createRouteRequest` (a spread copies it whole; a spread
 * of this view would drop the parsed fields, which no router with a table
 * does).
 */
import type { BodyLimits } from "./body-limits.js"
import type { RouteHeaders, RouteRequest } from "./request.js"
import { type ParsedTarget, parseTarget, surelyGood } from "./target.js"

/**
 * A {@link RouteRequest} over a raw target, parsed lazily (once).
 *
 * @example
 * ```ts
 * const view = new RequestView("GET", "/a%20b?x=1", noHeaders, noBody, undefined)
 * view.bad      //=> undefined
 * view.target   //=> "/a%20b?x=1" (nothing parsed yet)
 * view.segments //=> ["a b"]
 * ```
 */
export class RequestView implements RouteRequest {
  #parsed: ParsedTarget | undefined = undefined

  constructor(
    readonly method: string,
    readonly target: string,
    readonly headers: RouteHeaders,
    readonly body: (limit?: number) => Promise<Uint8Array>,
    readonly bodyLimits: BodyLimits | undefined,
  ) {}

  get path(): string {
    return this.#view().path
  }

  get segments(): readonly string[] {
    return this.#view().segments
  }

  get query(): ReadonlyMap<string, readonly string[]> {
    return this.#view().query
  }

  get bad(): string | undefined {
    return this.#parsed === undefined && surelyGood(this.target) ? undefined : this.#view().bad
  }

  #view(): ParsedTarget {
    return (this.#parsed ??= parseTarget(this.target))
  }
}
