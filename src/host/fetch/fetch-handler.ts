/**
 * A Fetch API handler with a 404 fallback, for Bun, Deno, Cloudflare
 * Workers and any runtime that takes `{ fetch(request, env?, ctx?) }`.
 */
import { bunSocketHandlers, upgradedByBun } from "./fetch-socket.js"
import type { HostEnv } from "../../sitelet/context.js"
import type { Sitelet } from "../../sitelet/sitelet.js"
import { respond, toResponse, type RuntimeExtras } from "./fetch-handle.js"
import { isPromise } from "../../internal/maybe-promise.js"
import { resolveHostOptions, type HostOptions } from "../host-options.js"
import { errorContent } from "../answer-finish.js"

/**
 * The part of Workers' `ExecutionContext` the host uses: `ctx.WaitUntil`
 * hands work to it.
 *
 * @example
 * ```ts
 * const executionContext: WaitUntilContext = { waitUntil: (work) => void work }
 * ```
 */
export interface WaitUntilContext {
  waitUntil(work: Promise<unknown>): void
}

/**
 * An object runtimes serve directly: `export default Fetch.Handler(site)`.
 * `fetch` takes what the runtime passes after the request: on Workers the
 * `env` bindings and the `ExecutionContext` (they become `ctx.Env` and
 * `ctx.WaitUntil`); on Bun the server and on Deno the connection info,
 * which also become `ctx.Env` when `fetch` is handed over as it is.
 *
 * @example
 * ```ts
 * const handler: FetchHandler = Fetch.Handler(site)
 * await handler.fetch(new Request("http://x/"))
 * await handler.fetch(request, env, executionContext) // Workers
 * ```
 */
export interface FetchHandler {
  fetch(request: Request, env?: object, executionContext?: WaitUntilContext): Promise<Response>
  /**
   * Bun's WebSocket handlers, for the sites with WebSocket cases:
   * `Bun.serve({ fetch: handler.fetch, websocket: handler.websocket })`. Deno and Workers need nothing more.
   */
  readonly websocket: typeof bunSocketHandlers
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
export function Handler<Endpoint>(site: Sitelet<Endpoint>, options?: HostOptions<NoInfer<Endpoint>>): FetchHandler {
  const resolved = resolveHostOptions(options)
  return Object.freeze({
    fetch(request: Request, env?: object, executionContext?: WaitUntilContext): Promise<Response> {
      try {
        const answer = respond(
          site,
          request,
          resolved,
          env === undefined && executionContext === undefined ? undefined : extrasOf(env, executionContext),
          notFound,
        )
        // Not an async function: a synchronous answer costs one settled promise, not an async frame and its awaits
        // (nor a closure: one is made only to wait).
        return isPromise(answer)
          ? answer.then((response) => orNotFound(response, request))
          : Promise.resolve(orNotFound(answer, request))
      } catch (error) {
        return Promise.reject(error)
      }
    },
    websocket: bunSocketHandlers,
  })
}

/** The answer to give: `respond` answers with the 404 itself, and the fallback stays for the type. */
function orNotFound(response: Response | undefined, request: Request): Response {
  // Bun took an upgrade: `fetch` returns nothing, as Bun asks.
  if (response === upgradedByBun) return undefined as unknown as Response
  return response ?? toResponse(notFound, request.method.toUpperCase())
}

function extrasOf(env: object | undefined, executionContext: WaitUntilContext | undefined): RuntimeExtras {
  // Only an object is bindings; anything else leaves ctx.Env to the env option.
  const bindings = typeof env === "object" && env !== null ? (env as HostEnv) : undefined
  const waitUntil =
    typeof executionContext?.waitUntil === "function"
      ? (work: Promise<unknown>) => executionContext.waitUntil(work)
      : undefined
  return { env: bindings, waitUntil }
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
