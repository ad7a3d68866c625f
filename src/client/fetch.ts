/**
 * `Router.Fetch`: send the typed request for an endpoint value and, given a
 * response descriptor, decode the JSON answer with the codec.
 */
import type { Descriptor, Infer } from "../descriptor/descriptor.js"
import { deserialize } from "../json/codec.js"
import type { JsonOptions } from "../json/options.js"
import { isJsonType, mediaTypeOf } from "../router/body.js"
import type { Router } from "../router/router.js"
import { FetchError } from "./fetch-error.js"
import { clientMessages } from "./messages.js"
import { endpointRequest, type EndpointRequestInit } from "./request.js"

/** A `fetch`-like function (the global one by default; a sitelet's `Handle` in tests). */
export type FetchFunction = (request: Request) => Promise<Response>

/** Options of `Router.Fetch` without a response descriptor. */
export interface FetchInit extends EndpointRequestInit {
  /** Sends the request (default: the global `fetch`). */
  readonly fetch?: FetchFunction
}

/** Options of `Router.Fetch` that decode the answer. */
export interface FetchJsonInit<Response extends Descriptor> extends FetchInit {
  /** The descriptor of the JSON answer: it is checked and typed with `Json.Decode`. */
  readonly response: Response
  /** Limits of the JSON decoder (depth, bigint digits…). */
  readonly json?: JsonOptions
}

// Looked up at call time, so a test or a polyfill may replace the global later.
const defaultFetch: FetchFunction = (request) => globalThis.fetch(request)

/**
 * Sends the request for an endpoint value. Without `response` it resolves
 * to the `Response` as received (any status). With a `response` descriptor
 * it asks for JSON, throws `FetchError` on a non-2xx status or a non-JSON
 * answer, and resolves to the answer decoded (validated) by the codec;
 * a mismatch throws `JsonError` naming the JSON path.
 *
 * @example
 * ```ts
 * const created = await Router.Fetch(api, { $: "Create", blog: 3, post }, { response: Post })
 * created.published.getFullYear() // a Date, typed as Post
 * const raw = await Router.Fetch(api, { $: "Remove", id: 7 }) // a Response
 * ```
 */
export function fetchEndpoint<Endpoint, Answer extends Descriptor>(
  router: Router<Endpoint>,
  endpoint: Endpoint,
  init: FetchJsonInit<Answer>,
): Promise<Infer<Answer>>
export function fetchEndpoint<Endpoint>(
  router: Router<Endpoint>,
  endpoint: Endpoint,
  init?: FetchInit,
): Promise<Response>
export async function fetchEndpoint<Endpoint>(
  router: Router<Endpoint>,
  endpoint: Endpoint,
  init: FetchInit | FetchJsonInit<Descriptor> = {},
): Promise<unknown> {
  const {
    fetch: send = defaultFetch,
    response: expected,
    json,
    ...requestInit
  } = init as FetchInit & Partial<Pick<FetchJsonInit<Descriptor>, "response" | "json">>
  if (expected !== undefined) {
    const headers = new Headers(requestInit.headers)
    if (!headers.has("accept")) headers.set("accept", "application/json")
    requestInit.headers = headers
  }
  const request = endpointRequest(router, endpoint, requestInit)
  const response = await send(request)
  if (expected === undefined) return response
  const where = new URL(request.url)
  const url = where.pathname + where.search
  if (response.status < 200 || response.status > 299) {
    throw new FetchError(clientMessages.badStatus(request.method, url, response.status, response.statusText), response)
  }
  const contentType = response.headers.get("content-type")
  if (!isJsonType(mediaTypeOf(contentType)))
    throw new FetchError(clientMessages.notJson(request.method, url, contentType), response)
  return deserialize(expected, await response.text(), json)
}
