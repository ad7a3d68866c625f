/**
 * `site.Handle(request)`: the Fetch API entry point. Builds the WHATWG
 * `Response` only here, from the plain content the core produced.
 */
import type { StaticContent } from "../sitelet/content-model.js"
import type { Sitelet } from "../sitelet/sitelet.js"
import { readFetchBody } from "./fetch-body.js"
import { resolveHostOptions, type HostOptions, type ResolvedHostOptions } from "./host-options.js"
import { errorContent, serveRequest } from "./serve.js"

/**
 * A WHATWG `Response` from a plain content; `HEAD` gets no body.
 *
 * @example
 * ```ts
 * toResponse(Content.Text("hi"), "GET").status //=> 200
 * ```
 */
export function toResponse(content: StaticContent, method: string): Response {
  const headers = new Headers()
  for (const [name, value] of content.headers) headers.append(name, value)
  // 204 and 304 responses, and answers to HEAD, cannot carry a body.
  const bodyless = method === "HEAD" || content.status.code === 204 || content.status.code === 304
  const body = bodyless || content.body === undefined ? null : content.body
  return new Response(body as BodyInit | null, { status: content.status.code, statusText: content.status.text, headers })
}

/**
 * Serves a Fetch request with already-resolved options; `undefined` when
 * the sitelet does not accept it.
 *
 * @example
 * ```ts
 * await handleResolved(site, request, resolveHostOptions({ basePath: "/app" }))
 * ```
 */
export async function handleResolved<Endpoint>(
  site: Sitelet<Endpoint>,
  request: Request,
  options: ResolvedHostOptions,
): Promise<Response | undefined> {
  const outcome = await serveRequest(
    site,
    {
      method: request.method,
      target: request.url,
      headers: request.headers,
      readBody: () => readFetchBody(request, options.limits.bodyBytes),
      secure: request.url.startsWith("https:"),
    },
    options,
  )
  if (outcome.kind === "declined") return undefined
  try {
    return toResponse(outcome.content, request.method.toUpperCase())
  } catch (error) {
    // A header the runtime refuses (built by hand, bypassing `header()`): a generic 500, like a throwing handler.
    options.onError(error)
    return toResponse(errorContent(500), request.method.toUpperCase())
  }
}

/**
 * Serves a Fetch API request: a `Response`, or `undefined` when no part of
 * the sitelet accepts it. Malformed targets and limits give 4xx responses,
 * handler exceptions a generic 500.
 *
 * @example
 * ```ts
 * const response = (await handleFetch(site, request)) ?? new Response("Not Found", { status: 404 })
 * ```
 */
export function handleFetch<Endpoint>(site: Sitelet<Endpoint>, request: Request, options?: HostOptions): Promise<Response | undefined> {
  return handleResolved(site, request, resolveHostOptions(options))
}
