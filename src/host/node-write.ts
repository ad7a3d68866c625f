/**
 * Writes a plain content to a `node:http` response: no WHATWG objects.
 */
import type { IncomingHttpHeaders, ServerResponse } from "node:http"
import type { RouteHeaders } from "../router/request.js"
import type { StaticContent } from "../sitelet/content-model.js"

/**
 * Writes status, headers and body; `HEAD`, 204 and 304 get no body.
 * `close` adds `Connection: close` (after a body limit was hit, so the
 * unread rest of the request is never parsed as a new one).
 *
 * @example
 * ```ts
 * writeNodeResponse(res, Content.Text("hi"), "GET", false)
 * ```
 */
export function writeNodeResponse(res: ServerResponse, content: StaticContent, method: string, close: boolean): void {
  if (res.headersSent || res.destroyed) return
  res.statusCode = content.status.code
  if (content.status.text !== "") res.statusMessage = content.status.text
  const grouped = new Map<string, string[]>()
  for (const [name, value] of content.headers) {
    const key = name.toLowerCase()
    const values = grouped.get(key)
    if (values) values.push(value)
    else grouped.set(key, [value])
  }
  for (const [name, values] of grouped) res.setHeader(name, values.length === 1 ? (values[0] as string) : values)
  if (close) res.setHeader("connection", "close")
  const code = content.status.code
  const body = content.body
  if (code === 204 || code === 304) {
    res.end()
    return
  }
  const bytes = body === undefined ? 0 : typeof body === "string" ? Buffer.byteLength(body) : body.byteLength
  res.setHeader("content-length", bytes)
  if (method === "HEAD" || body === undefined) res.end()
  else res.end(body)
}

/**
 * A case-insensitive header view over Node's header object (own keys only).
 *
 * @example
 * ```ts
 * nodeHeaders(req.headers).get("Content-Type") //=> "application/json"
 * ```
 */
export function nodeHeaders(headers: IncomingHttpHeaders): RouteHeaders {
  return {
    get(name: string): string | null {
      const key = name.toLowerCase()
      if (!Object.hasOwn(headers, key)) return null
      const value = headers[key]
      if (value === undefined) return null
      return Array.isArray(value) ? value.join(", ") : value
    },
  }
}
