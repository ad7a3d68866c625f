/**
 * What a tool says of the HTTP exchange it stands for, in MCP's `_meta`:
 * a listed tool carries the request its calls make (method, OpenAPI path,
 * where each argument goes), a call's result the answer's status and the
 * headers a client acts on. Agents read neither; `Mcp.Tools` reads both,
 * to send a typed request as a tool call and read its result back as the
 * `Response` the site gave.
 */
import type { ToolParameter, ToolPlan } from "./mcp-tools.js"

/** The `_meta` key of a tool's request (a prefix of one label, as MCP's keys are written). */
export const requestMetaKey = "sitelets/request"
/** The `_meta` key of a call's answer. */
export const responseMetaKey = "sitelets/response"

/**
 * The request a tool's calls make, as its `_meta` carries it.
 *
 * @example
 * ```ts
 * const meta: RequestMeta = { method: "GET", path: "/api/users/{id}", parameters: [{ name: "id", in: "path" }] }
 * ```
 */
export interface RequestMeta {
  readonly method: string
  readonly path: string
  readonly parameters: readonly ToolParameter[]
  readonly body?: ToolPlan["body"]
}

/**
 * The answer a call got, as its result's `_meta` carries it: the status,
 * the headers a client acts on, and the body when the result's text is not
 * the body itself (an error result's text starts with its status line).
 *
 * @example
 * ```ts
 * const meta: ResponseMeta = { status: 404, headers: { "content-type": "application/json" }, body: '{"error":"no"}' }
 * ```
 */
export interface ResponseMeta {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly body?: string
}

// The answer's headers a client reads to act on it: what it is, where to go, what is allowed, when to retry, how to
// authenticate. Others (cookies, caching, the site's own) stay with the HTTP API.
const keptHeaders = ["content-type", "location", "allow", "retry-after", "www-authenticate"]

/**
 * A tool's request, for its `_meta`.
 *
 * @example
 * ```ts
 * requestMeta(plan) //=> { method: "GET", path: "/api/users/{id}", parameters: [{ name: "id", in: "path" }] }
 * ```
 */
export function requestMeta(plan: ToolPlan): RequestMeta {
  return {
    method: plan.method,
    path: plan.path,
    parameters: plan.parameters,
    ...(plan.body === undefined ? {} : { body: plan.body }),
  }
}

/**
 * A call's answer, for its result's `_meta`.
 *
 * @example
 * ```ts
 * responseMeta(new Response("", { status: 204 }), "", false) //=> { status: 204, headers: {} }
 * ```
 */
export function responseMeta(response: Response, body: string, verbatim: boolean): ResponseMeta {
  const headers: Record<string, string> = {}
  for (const name of keptHeaders) {
    const value = response.headers.get(name)
    if (value !== null) headers[name] = value
  }
  return { status: response.status, headers, ...(verbatim ? {} : { body }) }
}
