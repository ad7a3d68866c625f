/**
 * Server-sent events (`text/event-stream`, the HTML standard's format):
 * `Content.EventStream(events, descriptor?)` writes each item of an async
 * iterable as an event whose `data` is its JSON (with the descriptor's
 * codec, so the event type is declared once), and `Content.Event(…)` gives
 * an item its own `event`, `id` and `retry` fields.
 */
import type { Descriptor, Infer } from "../../descriptor/descriptor.js"
import { serialize } from "../../json/codec/codec.js"
import { header, type StaticContent, sharedContent } from "../content-model.js"
import { Status } from "../http/http-status.js"
import { contentMessages } from "./content-messages.js"
import { streamBody } from "./stream.js"

const eventBrand: unique symbol = Symbol("sitelets.event")

/**
 * One server-sent event with its fields: `data` is written like any item
 * of the stream (as JSON), `event` names it (the client's `event` type),
 * `id` becomes the client's `Last-Event-ID` on reconnection, `retry` (ms)
 * tells the client how long to wait before reconnecting.
 *
 * @example
 * ```ts
 * const tick: ServerEvent<number> = Content.Event({ data: 1, event: "tick", id: "1" })
 * ```
 */
export interface ServerEvent<Data> {
  readonly [eventBrand]: true
  readonly data: Data
  readonly event?: string
  readonly id?: string
  readonly retry?: number
}

/**
 * An event with its SSE fields, to yield in a `Content.EventStream`.
 * `event` and `id` may not hold a line break or NUL (they would split the
 * event: a `TypeError`); `retry` is a whole number of milliseconds.
 *
 * @example
 * ```ts
 * yield Content.Event({ data: message, event: "chat", id: String(message.seq) })
 * ```
 */
export function Event<Data>(fields: {
  readonly data: Data
  readonly event?: string
  readonly id?: string
  readonly retry?: number
}): ServerEvent<Data> {
  for (const name of ["event", "id"] as const) {
    const value = fields[name]
    if (value !== undefined && /[\r\n\0]/.test(value)) throw new TypeError(contentMessages.badEventField(name))
  }
  if (fields.retry !== undefined && (!Number.isSafeInteger(fields.retry) || fields.retry < 0))
    throw new TypeError(contentMessages.badEventRetry(fields.retry))
  return Object.freeze({ ...fields, [eventBrand]: true as const })
}

const isEvent = (item: unknown): item is ServerEvent<unknown> =>
  typeof item === "object" && item !== null && (item as { [eventBrand]?: unknown })[eventBrand] === true

/**
 * The options of `Content.EventStream`.
 *
 * @example
 * ```ts
 * const options: EventStreamOptions = { Heartbeat: 15_000 }
 * ```
 */
export interface EventStreamOptions {
  /** Milliseconds between comment lines sent while no event comes, so proxies keep the connection open. Default none. */
  readonly Heartbeat?: number
}

/** The text of one event: its fields, then `data:` lines (JSON has no raw line breaks: one line), then a blank line. */
function eventText(item: unknown, write: (value: unknown) => string): string {
  if (!isEvent(item)) return `data: ${write(item)}\n\n`
  let text = ""
  if (item.event !== undefined) text += `event: ${item.event}\n`
  if (item.id !== undefined) text += `id: ${item.id}\n`
  if (item.retry !== undefined) text += `retry: ${item.retry}\n`
  return `${text}data: ${write(item.data)}\n\n`
}

/** The events as text chunks, with a comment line after each quiet `heartbeat` ms; `return()` stops the producer. */
async function* eventChunks(
  events: AsyncIterable<unknown>,
  write: (value: unknown) => string,
  heartbeat: number | undefined,
  sent: { count: number },
): AsyncGenerator<string> {
  const iterator = events[Symbol.asyncIterator]()
  try {
    // An opening comment: the client's fetch resolves and proxies see bytes at once.
    yield ": sitelets\n\n"
    let pending: Promise<IteratorResult<unknown>> | undefined
    for (;;) {
      pending ??= iterator.next()
      let timer: ReturnType<typeof setTimeout> | undefined
      const quiet =
        heartbeat === undefined
          ? undefined
          : new Promise<"quiet">((resolve) => {
              timer = setTimeout(() => resolve("quiet"), heartbeat)
            })
      const next = quiet === undefined ? await pending : await Promise.race([pending, quiet])
      if (timer !== undefined) clearTimeout(timer)
      if (next === "quiet") {
        yield ":\n\n"
        continue
      }
      pending = undefined
      if (next.done) return
      // Counted as handed to the host: the one a client leaves during is counted too.
      sent.count++
      yield eventText(next.value, write)
    }
  } finally {
    // The client went away (or the stream ended): the producer's own `finally` runs.
    await iterator.return?.()
  }
}

/**
 * A `text/event-stream` answer: each item of `events` is an event whose
 * `data` is the item's JSON (with `descriptor`, by the JSON codec: dates,
 * bigints, tagged unions; without, `JSON.stringify`); yield
 * `Content.Event({ data, event, id, retry })` for the other fields. Never
 * compressed or buffered (`Cache-Control: no-cache`, `X-Accel-Buffering:
 * no`); the producer is stopped when the client goes away. The client's
 * `Last-Event-ID` is a request header (`ctx.Request.headers.get("last-event-id")`).
 *
 * @example
 * ```ts
 * Content.EventStream(
 *   (async function* () {
 *     for await (const message of room.messages(ctx.Signal)) yield message
 *   })(),
 *   Message,
 *   { Heartbeat: 15_000 },
 * )
 * ```
 */
export function EventStream<const D extends Descriptor>(
  events: AsyncIterable<Infer<D> | ServerEvent<Infer<D>>>,
  descriptor: D,
  options?: EventStreamOptions,
): StaticContent
export function EventStream(
  events: AsyncIterable<unknown>,
  descriptor?: undefined,
  options?: EventStreamOptions,
): StaticContent
export function EventStream(
  events: AsyncIterable<unknown>,
  descriptor?: Descriptor,
  options?: EventStreamOptions,
): StaticContent {
  const heartbeat = options?.Heartbeat
  if (heartbeat !== undefined && (!Number.isSafeInteger(heartbeat) || heartbeat < 1))
    throw new TypeError(contentMessages.badHeartbeat(heartbeat))
  const write =
    descriptor === undefined
      ? (value: unknown) => JSON.stringify(value) ?? "null"
      : (value: unknown) => serialize(descriptor, value as never)
  const sent = { count: 0 }
  const body = streamBody(eventChunks(events, write, heartbeat, sent), false)
  return sharedContent(Status.Ok, eventHeaders, Object.freeze({ ...body, events: () => sent.count }))
}

const eventHeaders = Object.freeze([
  header("Content-Type", "text/event-stream; charset=utf-8"),
  header("Cache-Control", "no-cache"),
  header("X-Accel-Buffering", "no"),
])
