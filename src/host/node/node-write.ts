/**
 * Writes a plain content to a `node:http` response: no WHATWG objects.
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http"
import type { RouteHeaders } from "../../router/request/request.js"
import type { ContentHeader, StaticContent } from "../../sitelet/content-model.js"

/**
 * Writes status, headers and body; `HEAD`, 204 and 304 get no body.
 * Returns the body bytes written.
 * `close` adds `Connection: close` (after a body limit was hit, so the
 * unread rest of the request is never parsed as a new one).
 *
 * @example
 * ```ts
 * writeNodeResponse(res, Content.Text("hi"), "GET", false)
 * ```
 */
export function writeNodeResponse(res: ServerResponse, content: StaticContent, method: string, close: boolean): number {
  if (res.headersSent || res.destroyed) return 0
  const code = content.status.code
  const body = content.body
  const bodyless = code === 204 || code === 304
  // One flat `writeHead` array: Node validates each field once while storing the head, and no per-response header map is built.
  const headers = content.headers
  // Sized once (a growing array reallocates); indexed reads, since destructuring a frozen tuple walks an iterator.
  const fields = new Array<string | number>(2 * headers.length + 4)
  let count = 0
  for (let i = 0; i < headers.length; i++) {
    const entry = headers[i] as ContentHeader
    const name = entry[0]
    // The host's Content-Length and `Connection: close` replace the content's own (as `setHeader` did).
    if ((!bodyless && isNamed(name, "content-length")) || (close && isNamed(name, "connection"))) continue
    fields[count++] = name
    // A content's own `Connection` (the 426's `Upgrade`) would make Node keep a connection the client asked to close.
    fields[count++] = !res.shouldKeepAlive && isNamed(name, "connection") ? `${entry[1]}, close` : entry[1]
  }
  if (close) {
    fields[count++] = "connection"
    fields[count++] = "close"
  }
  if (!bodyless) {
    fields[count++] = "content-length"
    // Stream bodies go to writeNodeStream: here a body is text or bytes.
    fields[count++] =
      body === undefined ? 0 : typeof body === "string" ? Buffer.byteLength(body) : (body as Uint8Array).byteLength
  }
  fields.length = count
  if (res.getHeaderNames().length > 0) setFields(res, fields, code, content.status.text)
  else if (content.status.text === "") res.writeHead(code, fields)
  else res.writeHead(code, content.status.text, fields)
  if (bodyless || method === "HEAD" || body === undefined) {
    res.end()
    return 0
  }
  res.end(body as string | Uint8Array)
  return fields[count - 1] as number
}

/** `name` equals `lower` (an ASCII lower-case name) ignoring case; the length test spares most `toLowerCase` copies. */
const isNamed = (name: string, lower: string): boolean => name.length === lower.length && name.toLowerCase() === lower

/**
 * Headers another middleware already set (Express's `X-Powered-By`): a flat
 * array would go through `setHeader` pair by pair and drop repeated names,
 * so each name is set once with all its values; the others stay.
 */
function setFields(res: ServerResponse, fields: ReadonlyArray<string | number>, code: number, text: string): void {
  const grouped = new Map<string, string[]>()
  for (let i = 0; i < fields.length; i += 2) {
    const key = (fields[i] as string).toLowerCase()
    const value = String(fields[i + 1])
    const values = grouped.get(key)
    if (values) values.push(value)
    else grouped.set(key, [value])
  }
  for (const [name, values] of grouped) res.setHeader(name, values.length === 1 ? (values[0] as string) : values)
  if (text === "") res.writeHead(code)
  else res.writeHead(code, text)
}

/**
 * Before `next(err)` under Connect: copies a rejected or failed outcome's
 * CORS headers (`Access-Control-*`, and `Origin` merged into `Vary`) to the
 * response, so the app's error handler answers with them (RELIABILITY G3).
 * A `Vary` another middleware set is kept and appended to, never replaced.
 *
 * @example
 * ```ts
 * setCorsHeaders(res, outcome.content)
 * next(outcome.error)
 * ```
 */
export function setCorsHeaders(res: ServerResponse, content: StaticContent): void {
  if (res.headersSent) return
  for (const [name, value] of content.headers) {
    const key = name.toLowerCase()
    if (key.startsWith("access-control-")) res.setHeader(key, value)
    else if (key === "vary") res.setHeader("vary", mergeVary(res.getHeader("vary"), value))
  }
}

/** An existing `Vary` with the tokens of `added` it lacks appended (`*` already covers every token). */
function mergeVary(existing: string | number | readonly string[] | undefined, added: string): string {
  const current = existing === undefined ? "" : Array.isArray(existing) ? existing.join(", ") : String(existing)
  const tokens = new Set(
    current
      .split(",")
      .map((token) => token.trim().toLowerCase())
      .filter((token) => token !== ""),
  )
  if (tokens.has("*")) return current
  let out = current.trim()
  for (const item of added.split(",")) {
    const token = item.trim()
    if (token === "" || tokens.has(token.toLowerCase())) continue
    tokens.add(token.toLowerCase())
    out = out === "" ? token : `${out}, ${token}`
  }
  return out
}

/**
 * A case-insensitive header view over Node's header object (own keys only).
 * Given the message, `Authorization` keeps every line a client sent,
 * joined with ", " as a Fetch `Headers` joins them (Node's header object
 * keeps only the first): two credentials are then refused as malformed on
 * every host, never one of them picked silently.
 *
 * @example
 * ```ts
 * nodeHeaders(req.headers, req).get("Content-Type") //=> "application/json"
 * ```
 */
export function nodeHeaders(headers: IncomingHttpHeaders, message?: IncomingMessage): RouteHeaders {
  return new NodeHeaders(headers, message)
}

// A class: `get` is one shared prototype method, not a closure made per request.
class NodeHeaders implements RouteHeaders {
  constructor(
    private readonly headers: IncomingHttpHeaders,
    private readonly message: IncomingMessage | undefined,
  ) {}

  get(name: string): string | null {
    const key = name.toLowerCase()
    if (!Object.hasOwn(this.headers, key)) return null
    // Read only when asked: headersDistinct is built on first access.
    if (key === "authorization" && this.message !== undefined)
      return this.message.headersDistinct.authorization?.join(", ") ?? null
    const value = this.headers[key]
    if (value === undefined) return null
    return Array.isArray(value) ? value.join(", ") : value
  }
}
