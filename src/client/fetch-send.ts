/**
 * The sending and the decoding of `Router.Fetch`, shared by the full client
 * (`sitelets/client`, whose routers parse and read with the one-pass JSON
 * reader) and the light one (`sitelets/fetch`, link routers and
 * `JSON.parse` + the decoder): `request` builds the typed `Request`,
 * `read` decodes JSON text by a descriptor.
 */
import type { Descriptor } from "../descriptor/descriptor.js"
import { isMedia } from "../descriptor/media.js"
import { isNoBody } from "../descriptor/no-body.js"
import type { ResponseDescriptors } from "../descriptor/responses.js"
import type { Telemetry } from "../internal/telemetry.js"
import type { JsonOptions } from "../json/options.js"
import { isJsonType, mediaTypeOf } from "../router/body/media-type.js"
import type { RoutePath } from "../router/link/route-path.js"
import type { FetchFunction, FetchInit, FetchJsonInit } from "./fetch.js"
import { FetchError } from "./fetch-error.js"
import * as clientMessages from "./messages.js"
import type { EndpointRequestInit } from "./request-parts.js"

/** What sending needs of a router: the link of a value, and the answers its case declares. */
export interface SendingRouter<Endpoint> {
  link(endpoint: Endpoint): RoutePath | undefined
  answers?(endpoint: Endpoint): ResponseDescriptors | undefined
}

/** JSON text decoded by a descriptor (`deserialize`, or `decode` of `JSON.parse`): the same value either way. */
export type JsonTextReader = (descriptor: Descriptor, text: string, options?: JsonOptions) => unknown

// Looked up at call time, so a test or a polyfill may replace the global later.
const defaultFetch: FetchFunction = (request) => globalThis.fetch(request)

/**
 * Sends the request for an endpoint value and decodes its answer, as
 * `Router.Fetch` documents.
 *
 * @example
 * ```ts
 * await sendEndpoint(api, { $: "GetUser", id: 1 }, {}, endpointRequest, deserialize) // User
 * ```
 */
export async function sendEndpoint<Endpoint, Routing extends SendingRouter<Endpoint>>(
  router: Routing,
  endpoint: Endpoint,
  init: FetchInit | FetchJsonInit<Descriptor>,
  makeRequest: (router: Routing, endpoint: Endpoint, init: EndpointRequestInit) => Request,
  read: JsonTextReader,
): Promise<unknown> {
  const {
    fetch: send = defaultFetch,
    response: expected,
    json,
    telemetry,
    ...requestInit
  } = init as FetchInit & Partial<Pick<FetchJsonInit<Descriptor>, "response" | "json">>
  const declared = expected === undefined ? router.answers?.(endpoint) : undefined
  if (expected !== undefined || declared !== undefined) {
    const headers = new Headers(requestInit.headers)
    if (!headers.has("accept")) headers.set("accept", expected !== undefined ? jsonType : acceptOf(declared))
    requestInit.headers = headers
  }
  const request = makeRequest(router, endpoint, requestInit)
  const response =
    telemetry?.client === undefined ? await send(request) : await traced(telemetry, router, endpoint, request, send)
  if (expected === undefined && declared === undefined) return response
  const where = new URL(request.url)
  const url = where.pathname + where.search
  const ok = response.status >= 200 && response.status <= 299
  const answer = expected !== undefined ? (ok ? expected : undefined) : declared?.get(response.status)
  const badStatus = () =>
    new FetchError(clientMessages.badStatus(request.method, url, response.status, response.statusText), response)
  if (answer === undefined) {
    if (ok && declared !== undefined && (await bodiless(response, declared))) return undefined
    throw badStatus()
  }
  if (isNoBody(answer)) {
    await response.body?.cancel()
    if (ok) return undefined
    throw badStatus()
  }
  // A body that is not JSON (a page, text, a file): the response itself, unread.
  if (isMedia(answer)) {
    if (ok) return response
    throw badStatus()
  }
  const contentType = response.headers.get("content-type")
  if (!isJsonType(mediaTypeOf(contentType)))
    throw new FetchError(clientMessages.notJson(request.method, url, contentType), response)
  const value = read(answer, await response.text(), json)
  if (ok) return value
  const error = badStatus()
  error.value = value
  throw error
}

/**
 * Whether an undeclared 2xx answer is a success without a body, which
 * resolves `undefined`: a 204 or 205 always; another 2xx with an empty
 * body when the case declares no 2xx body at all. The response stays
 * unread for the `FetchError` of any other answer.
 */
async function bodiless(response: Response, declared: ResponseDescriptors): Promise<boolean> {
  if (response.status === 204 || response.status === 205) return true
  for (const [code, answer] of declared) if (code >= 200 && code <= 299 && !isNoBody(answer)) return false
  return (await response.clone().text()) === ""
}

const jsonType = "application/json"

/** The media types a case's declared answers come in, for `Accept`: JSON first when one is JSON. */
function acceptOf(declared: ResponseDescriptors | undefined): string {
  const types = new Set<string>()
  for (const answer of declared?.values() ?? []) {
    if (isMedia(answer)) types.add(answer["~media"])
    else if (!isNoBody(answer)) types.add(jsonType)
  }
  if (types.size === 0) types.add(jsonType)
  return [...types].sort((a, b) => (a === jsonType ? -1 : b === jsonType ? 1 : 0)).join(", ")
}

/** Sends `request` inside a client span: its context goes out as `traceparent`, and the span ends with the answer. */
async function traced(
  telemetry: Telemetry,
  router: object,
  endpoint: unknown,
  request: Request,
  send: FetchFunction,
): Promise<Response> {
  const scope = telemetry.client!({ method: request.method, url: request.url, router, endpoint })
  for (const [name, value] of scope.headers) request.headers.set(name, value)
  try {
    const response = await send(request)
    scope.end({ status: response.status })
    return response
  } catch (error) {
    scope.end({ status: 0, error })
    throw error
  }
}
