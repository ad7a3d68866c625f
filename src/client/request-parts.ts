/**
 * The parts of a typed request — method, URL, headers and body — from an
 * endpoint value's route path, shared by the full client
 * (`sitelets/client`) and the light one (`sitelets/fetch`): no router,
 * only the JSON writer.
 */
import type { RoutePath } from "../router/link/route-path.js"
import { LinkError } from "../router/link/link-error.js"
import { serialize } from "../json/write/serialize.js"
import * as clientMessages from "./messages.js"

/**
 * Options of a typed request: every `RequestInit` member except `method` and
 * `body` (the endpoint decides those), plus `base`, the absolute URL the
 * link is resolved against (default: the page's `location.href`).
 */
export interface EndpointRequestInit extends Omit<RequestInit, "method" | "body"> {
  readonly base?: string | URL
  /**
   * Credentials for a `Sitelet.Protect`-ed API: `{ bearer: token }` sends
   * `Authorization: Bearer <token>` (a token of `ctx.UserSession.IssueToken`
   * or an identity provider's JWT), `{ header, apiKey }` sends the key in
   * that header. (`credentials`, fetch's own option, is about cookies.)
   */
  readonly auth?: ClientAuth
}

/**
 * The credentials the typed client sends.
 *
 * @example
 * ```ts
 * await Router.Fetch(api, { $: "Me" }, { auth: { bearer: token } })
 * await Router.Fetch(api, { $: "Me" }, { auth: { header: "X-API-Key", apiKey: key } })
 * ```
 */
export type ClientAuth = { readonly bearer: string } | { readonly header: string; readonly apiKey: string }

/** The parts of a typed request before it becomes a `Request`. */
export interface EndpointRequestParts {
  /** The link of the endpoint (path and query), relative to the site root. */
  readonly path: string
  /** The first method of the linked case; `GET` when the case has none. */
  readonly method: string
  /** Headers: the caller's, plus `Content-Type` for a body. */
  readonly headers: Headers
  /** JSON text (the codec's), a urlencoded form, a multipart `FormData` (with files), or undefined. */
  readonly body: string | FormData | undefined
}

const jsonType = "application/json"
const formType = "application/x-www-form-urlencoded"

function formText(fields: ReadonlyArray<readonly [string, string]>): string {
  const form = new URLSearchParams()
  for (const [key, value] of fields) form.append(key, value)
  return form.toString()
}

/**
 * The method, path, headers and body of the request a route path (an
 * endpoint value's link) describes, `text` being its URL: a `Json` body is
 * serialized with the JSON codec (`Content-Type: application/json`);
 * `FormData` fields are urlencoded (in the query, for a GET or HEAD, where
 * the server reads them), or multipart with a file; header fields are
 * headers, cookie fields one `Cookie` header. A `Content-Type` given in
 * `headers` is kept.
 *
 * @example
 * ```ts
 * requestParts({ segments: ["posts"], query: [], method: "POST", body: { kind: "json", descriptor: Post, value } }, "/posts")
 * //=> { path: "/posts", method: "POST", headers: Headers { content-type: "application/json" }, body: '{"title":…}' }
 * ```
 */
export function requestParts(route: RoutePath, text: string, headersInit?: HeadersInit): EndpointRequestParts {
  let path = text
  const method = route.method ?? "GET"
  const headers = new Headers(headersInit)
  let body: string | FormData | undefined
  if (route.body?.kind === "form" && (method === "GET" || method === "HEAD")) {
    // A GET has no body: its form fields travel in the query, where the server reads them.
    const fields = route.body.fields
    if (!fields.every((field): field is readonly [string, string] => typeof field[1] === "string"))
      throw new LinkError("", clientMessages.fileInQuery(method))
    if (fields.length > 0) path += (path.includes("?") ? "&" : "?") + formText(fields)
  } else if (route.body?.kind === "json") {
    body = serialize(route.body.descriptor, route.body.value as never)
    if (!headers.has("content-type")) headers.set("content-type", jsonType)
  } else if (route.body?.kind === "form") {
    const fields = route.body.fields
    if (fields.every((field): field is readonly [string, string] => typeof field[1] === "string")) {
      body = formText(fields)
      if (!headers.has("content-type")) headers.set("content-type", formType)
    } else {
      // A file field: multipart/form-data, whose boundary the runtime writes into the Content-Type itself.
      const multipart = new FormData()
      for (const [name, value] of fields)
        if (typeof value === "string") multipart.append(name, value)
        else multipart.append(name, value as unknown as Blob, value.name === "" ? "blob" : value.name)
      body = multipart
    }
  }
  // Header fields, each value its own line of the header (the server reads a list from them all).
  for (const [name, value] of route.headers ?? []) headers.append(name, value)
  if (route.cookies !== undefined && route.cookies.length > 0) {
    // Percent-encoded, as the server's cookie parser decodes them: any text survives the trip.
    const jar = route.cookies.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("; ")
    const given = headers.get("cookie")
    headers.set("cookie", given === null ? jar : `${given}; ${jar}`)
  }
  return { path, method, headers, body }
}

function defaultBase(): string | undefined {
  const location = (globalThis as { location?: { href?: unknown } }).location
  return typeof location?.href === "string" ? location.href : undefined
}

/**
 * The absolute URL of a site-root-relative link against a base URL.
 *
 * @example
 * ```ts
 * resolveLink("/a?b=1", "http://127.0.0.1:8080/x/y") //=> "http://127.0.0.1:8080/a?b=1"
 * ```
 */
export function resolveLink(path: string, base: string | URL | undefined = defaultBase()): string {
  if (base === undefined) throw new TypeError(clientMessages.noBase(path))
  let origin: string
  try {
    origin = new URL(base).origin
  } catch {
    throw new TypeError(clientMessages.badBase(String(base)))
  }
  if (origin === "null") throw new TypeError(clientMessages.badBase(String(base)))
  // The link is already percent-encoded and canonical: append it, do not re-resolve it.
  return origin + path
}

/**
 * The `Request` of a request's parts: the caller's `init` adds headers,
 * credentials, a signal…; the parts alone decide method, URL and body.
 *
 * @example
 * ```ts
 * requestOf(endpointRequestParts(api, e), { base: "http://localhost:8080", auth: { bearer: token } })
 * ```
 */
export function requestOf(parts: EndpointRequestParts, init: EndpointRequestInit): Request {
  const { base, headers: _headers, auth, ...rest } = init
  // Headers.set refuses a value with CR, LF or NUL (a TypeError): no header injection through a token.
  if (auth !== undefined)
    if ("bearer" in auth) parts.headers.set("authorization", `Bearer ${auth.bearer}`)
    else parts.headers.set(auth.header, auth.apiKey)
  const url = resolveLink(parts.path, base)
  // Spread first: a method or body slipped into `init` past the types never wins over the endpoint's.
  return new Request(url, { ...rest, method: parts.method, headers: parts.headers, body: parts.body ?? null })
}
