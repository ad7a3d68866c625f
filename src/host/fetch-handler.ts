/**
 * A Fetch API handler with a 404 fallback, for Bun, Deno, Cloudflare
 * Workers and any runtime that takes `{ fetch(request) }`.
 */
import type { Sitelet } from "../sitelet/sitelet.js"
import { respond, toResponse } from "./fetch-handle.js"
import { isPromise } from "../internal/maybe-promise.js"
import { resolveHostOptions, type HostOptions } from "./host-options.js"
import { errorContent } from "./serve.js"

/**
 * An object runtimes serve directly: `export default Fetch.Handler(site)`.
 *
 * @example
 * ```ts
 * const handler: FetchHandler = Fetch.Handler(site)
 * await handler.fetch(new Request("http://x/"))
 * ```
 */
export interface FetchHandler {
  fetch(request: Request): Promise<Response>
}

// Contents are frozen: one 404 serves every request no part accepts.
const notFound = errorContent(404)

/**
 * Wraps a sitelet as `{ fetch }`; requests it does not accept get a 404.
 * Options are checked once, here.
 *
 * @example
 * ```ts
 * // Bun, Deno (`Deno.serve(handler.fetch)`), Workers:
 * export default Fetch.Handler(site)
 * ```
 */
export function Handler<Endpoint>(site: Sitelet<Endpoint>, options?: HostOptions): FetchHandler {
  const resolved = resolveHostOptions(options)
  return Object.freeze({
    fetch(request: Request): Promise<Response> {
      try {
        const answer = respond(site, request, resolved)
        // Not an async function: a synchronous answer costs one settled promise, not an async frame and its awaits.
        const orNotFound = (response: Response | undefined) => response ?? toResponse(notFound, request.method.toUpperCase())
        return isPromise(answer) ? answer.then(orNotFound) : Promise.resolve(orNotFound(answer))
      } catch (error) {
        return Promise.reject(error)
      }
    },
  })
}

/**
 * The Fetch API host: `Fetch.Handler(site, options?)`.
 *
 * @example
 * ```ts
 * import { Fetch } from "sitelets"
 * Deno.serve(Fetch.Handler(site).fetch)
 * ```
 */
export const Fetch = Object.freeze({ Handler })
