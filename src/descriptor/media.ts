/**
 * `Media(type)`: the declared answer of a status whose body is not JSON —
 * a page, text, a CSV file (`Responds({ 200: Media("text/html"), 401:
 * Media("text/html") })`). Not a descriptor: the handler answers it with
 * any content that is not `Content.Json` (a page, `Content.Text`,
 * `Content.File`…), the typed client resolves the `Response` for it, and
 * the OpenAPI document lists the status with that media type.
 */
import type { Descriptor } from "./descriptor.js"
import * as attributeMessages from "./attribute-messages.js"

/**
 * The type of a `Media(type)` answer. Its phantom output is `never`, so
 * that no `Content.Json` fits its status.
 *
 * @example
 * ```ts
 * const page: MediaAnswer<"text/html"> = Media("text/html")
 * ```
 */
export interface MediaAnswer<Type extends string = string> {
  readonly "~media": Type
  readonly "~types"?: { readonly output: never }
}

// type "/" subtype, both RFC 9110 tokens; no parameters (the document keys content by the bare media type).
const mediaType = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+\/[!#$%&'*+.^_`|~0-9A-Za-z-]+$/

/**
 * A declared answer whose body has this media type (`type/subtype`, no
 * parameters), not JSON.
 *
 * @example
 * ```ts
 * const Pages = t.union({
 *   Login: t.case("GET|POST /login", { user: FormData(t.option(t.string)) }, Responds({ 200: Media("text/html"), 401: Media("text/html") })),
 * })
 * ```
 */
export function Media<const Type extends string>(type: Type): MediaAnswer<Type> {
  if (typeof type !== "string" || !mediaType.test(type))
    throw new TypeError(attributeMessages.badMediaType(String(type)))
  return Object.freeze({ "~media": type.toLowerCase() as Type })
}

/**
 * Whether a declared answer is a `Media(type)`.
 *
 * @example
 * ```ts
 * isMedia(Media("text/html")) //=> true
 * isMedia(t.string)           //=> false
 * ```
 */
export function isMedia(answer: unknown): answer is MediaAnswer {
  return typeof answer === "object" && answer !== null && typeof (answer as Partial<MediaAnswer>)["~media"] === "string"
}

/**
 * The type of an `EventStream(descriptor)` answer: `text/event-stream`
 * whose events' data are values of the descriptor.
 *
 * @example
 * ```ts
 * const feed: EventStreamAnswer<typeof Message> = EventStream(Message)
 * ```
 */
export interface EventStreamAnswer<Data extends Descriptor = Descriptor> extends MediaAnswer<"text/event-stream"> {
  readonly "~events": Data
}

/**
 * A declared answer of server-sent events whose data are values of
 * `data` (`Returns(EventStream(Message))`): a media answer of
 * `text/event-stream`, answered by `Content.EventStream(events, data)`, and
 * a channel of the AsyncAPI document.
 *
 * @example
 * ```ts
 * const Site = t.union({ Feed: t.case("GET /rooms/<id:int>/feed", {}, Returns(EventStream(Message))) })
 * ```
 */
export function EventStream<const Data extends Descriptor>(data: Data): EventStreamAnswer<Data> {
  if (typeof data !== "object" && typeof data !== "function") throw new TypeError(attributeMessages.badEventData)
  if (data === null || typeof (data as { kind?: unknown }).kind !== "string")
    throw new TypeError(attributeMessages.badEventData)
  return Object.freeze({ "~media": "text/event-stream" as const, "~events": data })
}

/**
 * The data descriptor of an `EventStream(…)` answer, if the answer is one.
 *
 * @example
 * ```ts
 * eventDataOf(EventStream(Message)) === Message //=> true
 * ```
 */
export function eventDataOf(answer: unknown): Descriptor | undefined {
  return isMedia(answer) ? (answer as Partial<EventStreamAnswer>)["~events"] : undefined
}
