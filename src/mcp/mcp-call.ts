/**
 * A tool call as the HTTP request it stands for, and that request's answer
 * as the call's result. The arguments are written where the operation
 * reads them — path parameters into the path (percent-encoded), query
 * parameters into the query, header and cookie parameters into headers, the
 * body as JSON or as a form — with no check of their own: the site's router
 * and handler check them, so a call is refused exactly as the request
 * would be, with the same status and sentence. The MCP request's own
 * credentials (`Authorization`, cookies, API-key headers) go with it.
 */
import { reasonPhrase } from "../sitelet/http/http-status.js"
import { mcpMessages } from "./mcp-messages.js"
import { responseMeta, responseMetaKey } from "./mcp-meta.js"
import type { ToolPlan } from "./mcp-tools.js"

/** What an MCP client gets back from `tools/call`. */
export interface ToolResult {
  readonly content: ReadonlyArray<{ readonly type: "text"; readonly text: string }>
  readonly structuredContent?: Record<string, unknown>
  readonly isError?: boolean
  readonly _meta?: Record<string, unknown>
  readonly [key: string]: unknown
}

// Forwarded from the MCP request: its credentials and where it comes from (the CSRF check and a limit keyed on a
// forwarded client address read those); a scheme's API-key header is added by its name.
const credentialHeaders = ["authorization", "cookie", "origin", "sec-fetch-site", "x-forwarded-for", "x-real-ip"]

/**
 * The headers of the MCP request a tool's request carries: its
 * credentials (`Authorization`, cookies, the API-key headers the document's
 * security schemes name) and where it comes from — never its connection,
 * body or MCP protocol headers.
 *
 * @example
 * ```ts
 * forwardedHeaders((name) => (name === "authorization" ? "Bearer t" : null), []) //=> [["authorization", "Bearer t"]]
 * ```
 */
export function forwardedHeaders(
  get: (name: string) => string | null,
  apiKeyHeaders: readonly string[],
): Array<[string, string]> {
  const kept: Array<[string, string]> = []
  for (const name of [...credentialHeaders, ...apiKeyHeaders.map((key) => key.toLowerCase())]) {
    const value = get(name)
    if (value !== null && !kept.some(([known]) => known === name)) kept.push([name, value])
  }
  return kept
}

/** An argument's text in a URL or a header, as a client following the document writes it. */
function textOf(value: unknown): string {
  return typeof value === "string" ? value : typeof value === "object" ? JSON.stringify(value) : String(value)
}

const values = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : [value])

// `.` and `..`, which URL parsing resolves away, and the empty segment, which routing drops: each would move the
// request to another path (encodeURIComponent keeps dots, so a segment is one of these only as it is given).
const isMovingSegment = (segment: string): boolean => segment === "" || segment === "." || segment === ".."

// An origin of a plain host and port: anything else (a Host header a client chose) is not trusted as a base.
const plainOrigin = /^https?:\/\/(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/

/**
 * The base of a tool's requests: the origin the MCP request reached, when
 * it is a plain one, else `http://localhost`; then the path the site is
 * mounted under.
 *
 * @example
 * ```ts
 * toolBase("http://example.com:8080", "/app") //=> "http://example.com:8080/app"
 * toolBase("http://a/b", "")                  //=> "http://localhost"
 * ```
 */
export function toolBase(origin: string | undefined, applicationPath: string): string {
  return `${origin !== undefined && plainOrigin.test(origin) ? origin : "http://localhost"}${applicationPath}`
}

/**
 * The request a call of `plan` with `args` stands for, sent to `base`
 * (the site's origin and the path it is mounted under), with `forwarded`
 * headers; or the sentence of what the arguments lack.
 *
 * @example
 * ```ts
 * const request = toolRequest(plan, { id: 1 }, "http://localhost", [])
 * request.url //=> "http://localhost/api/articles/1"
 * ```
 */
export function toolRequest(
  plan: ToolPlan,
  args: Readonly<Record<string, unknown>>,
  base: string,
  forwarded: ReadonlyArray<readonly [string, string]>,
): Request | string {
  const given = (name: string) => Object.hasOwn(args, name) && args[name] !== undefined && args[name] !== null
  let path = plan.path
  const query = new URLSearchParams()
  const headers = new Headers(forwarded as Array<[string, string]>)
  const cookies: string[] = []
  for (const parameter of plan.parameters) {
    if (!given(parameter.name)) {
      if (parameter.in === "path") return mcpMessages.missingArgument(plan.name, parameter.name)
      continue
    }
    const value = args[parameter.name]
    switch (parameter.in) {
      case "path": {
        // One segment, its slashes encoded; a parameter of several (a wildcard) keeps them between its segments.
        // No segment may be empty, `.` or `..`, which would move the request to another path: a call reaches its
        // own operation's path, never another (an operation left out of the tools, say).
        // Its segments: the text's, split at its slashes, or an array's items (a segment that has a slash).
        const segments =
          parameter.segments !== true
            ? [textOf(value)]
            : Array.isArray(value)
              ? value.map(textOf)
              : textOf(value).split("/")
        if (segments.some(isMovingSegment)) return mcpMessages.movingSegment(plan.name, parameter.name)
        path = path.replace(`{${parameter.name}}`, segments.map(encodeURIComponent).join("/"))
        break
      }
      case "query":
        for (const item of values(value)) query.append(parameter.name, textOf(item))
        break
      case "header":
        headers.set(parameter.name, values(value).map(textOf).join(", "))
        break
      case "cookie":
        cookies.push(`${parameter.name}=${encodeURIComponent(textOf(value))}`)
        break
    }
  }
  if (cookies.length > 0) headers.set("cookie", [headers.get("cookie"), ...cookies].filter(Boolean).join("; "))
  let body: string | undefined
  // A body the arguments lack is sent as none: the site refuses it as it refuses such a request.
  if (plan.body?.kind === "json") {
    if (given(plan.body.argument)) {
      body = JSON.stringify(args[plan.body.argument])
      headers.set("content-type", "application/json")
    }
  } else if (plan.body?.kind === "form") {
    const form = new URLSearchParams()
    for (const key of plan.body.keys)
      if (given(key)) for (const item of values(args[key])) form.append(key, textOf(item))
    body = form.toString()
    headers.set("content-type", "application/x-www-form-urlencoded")
  }
  const search = query.toString()
  const url = `${base}${path}${search === "" ? "" : `?${search}`}`
  return new Request(url, { method: plan.method, headers, ...(body === undefined ? {} : { body }) })
}

// The status as an HTTP client shows it: `404 Not Found` (runtimes leave a standard phrase out of `statusText`).
const statusLine = (response: Response) => `${response.status} ${response.statusText || reasonPhrase(response.status)}`

/**
 * The result of a call from its request's answer: a success's body as text
 * (and, for a tool with an `outputSchema`, as structured content); any
 * other status an error result carrying the status and the answer's own
 * sentence — a refusal reads as the HTTP client would read it. Its `_meta`
 * (`sitelets/response`) keeps the status, the headers a client acts on and
 * the body where the text is not the body itself, for `Mcp.Tools`.
 *
 * @example
 * ```ts
 * await toolResult(plan, new Response('{"id":1}', { headers: { "content-type": "application/json" } }))
 * //=> { content: [{ type: "text", text: '{"id":1}' }], structuredContent: { id: 1 }, _meta: { … } }
 * ```
 */
export async function toolResult(plan: ToolPlan, response: Response | undefined): Promise<ToolResult> {
  // No part of the site took the request: the host's own answer would be a 404.
  if (response === undefined)
    return { isError: true, content: [{ type: "text", text: mcpMessages.notServed(plan.name) }] }
  const text = await response.text()
  if (response.status < 200 || response.status > 299) {
    const location = response.headers.get("location")
    const said = text === "" ? (location === null ? "" : `: ${location}`) : `: ${text}`
    const _meta = { [responseMetaKey]: responseMeta(response, text, false) }
    return { isError: true, content: [{ type: "text", text: `${statusLine(response)}${said}` }], _meta }
  }
  const _meta = { [responseMetaKey]: responseMeta(response, text, text !== "") }
  const type = response.headers.get("content-type") ?? ""
  if (plan.outputSchema !== undefined && /json/.test(type) && text !== "") {
    const value: unknown = JSON.parse(text)
    if (typeof value === "object" && value !== null && !Array.isArray(value))
      return { content: [{ type: "text", text }], structuredContent: value as Record<string, unknown>, _meta }
  }
  return { content: [{ type: "text", text: text === "" ? statusLine(response) : text }], _meta }
}
