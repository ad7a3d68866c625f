/**
 * JSON contents: `Content.Json` keeps its value until the content is
 * resolved, so the sitelet can write it with the codec of the response the
 * case declares (`Returns(User)`, `Responds({ 404: Problem })`) and the type
 * of the handler can check the value against that declaration.
 */
import type { Descriptor } from "../descriptor/descriptor.js"
import { isMedia } from "../descriptor/media.js"
import { isNoBody } from "../descriptor/no-body.js"
import type { ResponseDescriptors } from "../descriptor/responses.js"
import { serialize } from "../json/codec/codec.js"
import type { Content, ContentHeader, DeferredContent, StaticContent } from "./content-model.js"
import type { HttpStatus } from "./http/http-status.js"

/**
 * The body of `Content.Json` before it is written: the value, and the
 * descriptor given to `Content.Json` if any.
 *
 * @example
 * ```ts
 * Content.Json({ ok: true }).body //=> { kind: "json", value: { ok: true }, descriptor: undefined }
 * ```
 */
export interface JsonBody<Value = unknown> {
  readonly kind: "json"
  readonly value: Value
  readonly descriptor: Descriptor | undefined
}

/**
 * What `Content.Json` returns: a content whose status and value are in its
 * type, written as JSON text when it is resolved. `Content.SetStatus` keeps
 * the value and changes the status in the type too.
 *
 * @example
 * ```ts
 * const found: JsonContent<{ id: number }, 200> = Content.Json({ id: 1 })
 * const missing: JsonContent<{ error: string }, 404> = Content.SetStatus(Http.Status.NotFound, Content.Json({ error: "no" }))
 * ```
 */
export interface JsonContent<Value = unknown, Code extends number = number> {
  readonly kind: "static"
  readonly status: HttpStatus<Code>
  readonly headers: readonly ContentHeader[]
  readonly body: JsonBody<Value>
}

/**
 * Every content but a `Content.Json`.
 *
 * @example
 * ```ts
 * const page: NonJsonContent<Site> = Content.Text("hi")
 * ```
 */
export type NonJsonContent<Endpoint> = StaticContent | DeferredContent<Endpoint>

/**
 * A function that changes a content's headers or status and keeps its
 * kind: a JSON content stays one, with its value in the type
 * (`Content.WithHeaders`, `Content.WithLastModified`). The other contents
 * come first: a redirect's endpoint type is inferred from the overload the
 * checker tries first.
 *
 * @example
 * ```ts
 * const noStore: ContentChange<[]> = (content) => Content.WithHeaders(content, { "Cache-Control": "no-store" })
 * ```
 */
export interface ContentChange<Args extends readonly unknown[]> {
  <Endpoint = never>(content: NonJsonContent<Endpoint>, ...args: Args): NonJsonContent<Endpoint>
  <Endpoint = never>(content: Promise<NonJsonContent<Endpoint>>, ...args: Args): Promise<NonJsonContent<Endpoint>>
  <Value, const Code extends number>(content: JsonContent<Value, Code>, ...args: Args): JsonContent<Value, Code>
  <Value, const Code extends number>(
    content: Promise<JsonContent<Value, Code>>,
    ...args: Args
  ): Promise<JsonContent<Value, Code>>
  <Endpoint = never>(content: Content<Endpoint>, ...args: Args): Content<Endpoint>
  <Endpoint = never>(content: Promise<Content<Endpoint>>, ...args: Args): Promise<Content<Endpoint>>
}

/**
 * Whether a content's body is a JSON value not yet written.
 *
 * @example
 * ```ts
 * isJsonBody(Content.Json(1).body) //=> true
 * isJsonBody(Content.Text("1").body) //=> false
 * ```
 */
export function isJsonBody(body: unknown): body is JsonBody {
  return typeof body === "object" && body !== null && (body as { readonly kind?: unknown }).kind === "json"
}

/**
 * The JSON content as text: by the descriptor given to `Content.Json`, else
 * by the one the case declares for the content's status, else by
 * `JSON.stringify`.
 *
 * @example
 * ```ts
 * writeJson(Content.Json({ n: 1n }), new Map([[200, t.record({ n: t.bigint })]])).body //=> '{"n":"1"}'
 * ```
 */
export function writeJson(content: JsonContent, responses?: ResponseDescriptors): StaticContent {
  const { value, descriptor } = content.body
  const declared = responses?.get(content.status.code)
  // A status declared NoBody or Media(type) has no codec: its handler's type allows no Content.Json there.
  const codec = descriptor ?? (isNoBody(declared) || isMedia(declared) ? undefined : declared)
  const text = codec === undefined ? (JSON.stringify(value) ?? "null") : serialize(codec, value as never)
  // A fresh content for the host or a `mapContent` change, built on the content's own (frozen) header list;
  // not frozen itself, as the host's `finish` does not freeze: a freeze per response saved.
  return { kind: "static", status: content.status, headers: content.headers, body: text }
}
