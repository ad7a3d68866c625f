/**
 * `Router.Events`: a typed subscription to a server-sent events endpoint.
 * Built on `fetch` and a stream reader rather than `EventSource`, so it
 * takes any method (POST with a JSON body), custom headers and an
 * `AbortSignal`; it reconnects as `EventSource` does, waiting the server's
 * `retry` and sending the last event's id as `Last-Event-ID`.
 */
import type { Descriptor, Infer } from "../descriptor/descriptor.js"
import { deserialize } from "../json/codec/codec.js"
import type { JsonOptions } from "../json/options.js"
import { mediaTypeOf } from "../router/body/media-type.js"
import type { Router } from "../router/router.js"
import type { FetchInit } from "./fetch.js"
import { FetchError } from "./fetch-error.js"
import * as clientMessages from "./messages.js"
import { endpointRequest } from "./request.js"

/**
 * The options of `Router.Events`.
 *
 * @example
 * ```ts
 * const init: EventsInit = { signal: controller.signal, retry: 1000 }
 * ```
 */
export interface EventsInit extends FetchInit {
  /** Stops the subscription (the iteration ends). `break` out of the loop does the same. */
  readonly signal?: AbortSignal
  /** Milliseconds to wait before reconnecting until the server sends its own `retry`. Default 3000. */
  readonly retry?: number
  /** Reconnect when the stream ends or the connection fails (the `EventSource` behaviour). Default `true`. */
  readonly reconnect?: boolean
  /** Sent as `Last-Event-ID` on the first request (resuming a subscription). */
  readonly lastEventId?: string
  /** Limits of the JSON decoder. */
  readonly json?: JsonOptions
}

/**
 * One parsed event of a `text/event-stream` body.
 *
 * @example
 * ```ts
 * const event: ParsedEvent = { data: "1", event: "tick", id: "1", retry: undefined }
 * ```
 */
export interface ParsedEvent {
  /** Undefined for a block that set only `id` or `retry`. */
  readonly data: string | undefined
  readonly event: string | undefined
  readonly id: string | undefined
  readonly retry: number | undefined
}

/**
 * Parses a `text/event-stream` body as it arrives (the HTML standard's
 * algorithm: lines end with CRLF, LF or CR; `:` starts a comment; `data`
 * lines join with line breaks; an `id` holding NUL is ignored; a blank
 * line dispatches the event if it has data).
 *
 * @example
 * ```ts
 * for await (const event of parseEventStream(response.body!)) console.log(event.data)
 * ```
 */
export async function* parseEventStream(body: ReadableStream<Uint8Array>): AsyncGenerator<ParsedEvent> {
  const reader = body
    .pipeThrough(new TextDecoderStream() as unknown as ReadableWritablePair<string, Uint8Array>)
    .getReader()
  let buffer = ""
  let data: string[] = []
  let event: string | undefined
  let id: string | undefined
  let retry: number | undefined
  try {
    for (;;) {
      const { value, done } = await reader.read()
      if (done) return
      buffer += value
      for (;;) {
        const end = lineEnd(buffer)
        if (end < 0) break
        const line = buffer.slice(0, end)
        // A CR at the very end may be half of a CRLF still to come.
        if (buffer[end] === "\r" && end + 1 === buffer.length) break
        buffer = buffer.slice(buffer[end] === "\r" && buffer[end + 1] === "\n" ? end + 2 : end + 1)
        if (line === "") {
          if (data.length > 0) yield { data: data.join("\n"), event, id, retry }
          else if (retry !== undefined || id !== undefined) yield { data: undefined, event, id, retry }
          data = []
          event = undefined
          retry = undefined
          continue
        }
        if (line.startsWith(":")) continue
        const colon = line.indexOf(":")
        const field = colon < 0 ? line : line.slice(0, colon)
        let text = colon < 0 ? "" : line.slice(colon + 1)
        if (text.startsWith(" ")) text = text.slice(1)
        if (field === "data") data.push(text)
        else if (field === "event") event = text
        else if (field === "id" && !text.includes("\0")) id = text
        else if (field === "retry" && /^\d+$/.test(text)) retry = Number(text)
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined)
  }
}

function lineEnd(text: string): number {
  const lf = text.indexOf("\n")
  const cr = text.indexOf("\r")
  return lf < 0 ? cr : cr < 0 ? lf : Math.min(lf, cr)
}

// Looked up at call time, so a test or a polyfill may replace the global later.
const defaultFetch = (request: Request): Promise<Response> => globalThis.fetch(request)

const wait = (ms: number, signal: AbortSignal | undefined): Promise<void> =>
  new Promise((resolve) => {
    if (signal?.aborted) return resolve()
    const timer = setTimeout(done, ms)
    function done() {
      clearTimeout(timer)
      signal?.removeEventListener("abort", done)
      resolve()
    }
    signal?.addEventListener("abort", done, { once: true })
  })

/**
 * Subscribes to the server-sent events an endpoint answers: an async
 * iterable of each event's `data`, decoded (and checked) by the JSON codec
 * with `descriptor`. The request is the endpoint's typed request (any
 * method, a JSON or form body, custom headers), with
 * `Accept: text/event-stream`. When the stream ends or the connection
 * fails it reconnects after the server's `retry` (else `init.retry`),
 * sending the last event id as `Last-Event-ID`; a 204 ends the
 * subscription, another non-2xx status or a body that is not an event
 * stream throws `FetchError`, data the codec refuses throws `JsonError`.
 * `break`, `return()` or `init.signal` end it and close the connection.
 *
 * @example
 * ```ts
 * for await (const message of Router.Events(api, { $: "Room", id: 7 }, Message)) render(message)
 * ```
 */
export function endpointEvents<Endpoint, Data extends Descriptor>(
  router: Router<Endpoint>,
  endpoint: Endpoint,
  descriptor: Data,
  init: EventsInit = {},
): AsyncIterable<Infer<Data>> {
  return {
    [Symbol.asyncIterator]: () => subscribe(router, endpoint, descriptor, init)[Symbol.asyncIterator](),
  }
}

async function* subscribe<Endpoint, Data extends Descriptor>(
  router: Router<Endpoint>,
  endpoint: Endpoint,
  descriptor: Data,
  init: EventsInit,
): AsyncGenerator<Infer<Data>> {
  const {
    fetch: send = defaultFetch,
    signal,
    retry: firstRetry,
    reconnect = true,
    lastEventId,
    json,
    telemetry,
    ...rest
  } = init
  // Our own controller: leaving the loop aborts the request in flight, whoever started it.
  const stop = new AbortController()
  const onAbort = () => stop.abort(signal?.reason)
  signal?.addEventListener("abort", onAbort, { once: true })
  let lastId = lastEventId
  let retry = firstRetry ?? 3000
  try {
    while (!stop.signal.aborted) {
      const headers = new Headers(rest.headers)
      headers.set("accept", "text/event-stream")
      if (lastId !== undefined && lastId !== "") headers.set("last-event-id", lastId)
      const request = endpointRequest(router, endpoint, { ...rest, headers, signal: stop.signal })
      // With telemetry, one client span per connection: from the request to the stream's end.
      const scope = telemetry?.client?.({ method: request.method, url: request.url, router, endpoint })
      for (const [name, value] of scope?.headers ?? []) request.headers.set(name, value)
      let response: Response
      try {
        response = await send(request)
      } catch (error) {
        scope?.end({ status: 0, error })
        if (stop.signal.aborted) return
        if (!reconnect) throw error
        await wait(retry, stop.signal)
        continue
      }
      let events = 0
      let failure: unknown
      try {
        const where = new URL(request.url)
        const url = where.pathname + where.search
        if (response.status === 204) return
        if (response.status < 200 || response.status > 299)
          throw new FetchError(
            clientMessages.badStatus(request.method, url, response.status, response.statusText),
            response,
          )
        const type = response.headers.get("content-type")
        if (mediaTypeOf(type) !== "text/event-stream" || response.body === null)
          throw new FetchError(clientMessages.notEventStream(request.method, url, type), response)
        try {
          for await (const event of parseEventStream(response.body)) {
            if (event.id !== undefined) lastId = event.id
            if (event.retry !== undefined) retry = event.retry
            if (event.data === undefined) continue
            events++
            yield deserialize(descriptor, event.data, json) as Infer<Data>
          }
        } catch (error) {
          // A connection that failed mid-stream is reconnected; a decoding error is the caller's to see.
          if (stop.signal.aborted) return
          failure = error
          if (!reconnect || (error instanceof Error && error.name === "JsonError")) throw error
        }
      } catch (error) {
        // A refusal's span says its status (error.type `404`); any other failure, the error.
        if (!(error instanceof FetchError && response.status >= 400)) failure ??= error
        throw error
      } finally {
        // The span ends with the connection: the stream's end, a failure, or the caller leaving the loop.
        scope?.end({ status: response.status, events, ...(failure === undefined ? {} : { error: failure }) })
      }
      if (!reconnect) return
      await wait(retry, stop.signal)
    }
  } finally {
    signal?.removeEventListener("abort", onAbort)
    stop.abort()
  }
}
