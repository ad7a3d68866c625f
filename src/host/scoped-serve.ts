/**
 * Serving inside a request's telemetry scope: the handler runs in it, and
 * so does the stream it answers with — each chunk is pulled inside the
 * scope, so a producer's own spans (a query per page of rows, an event
 * stream's work) are children of the request's span, though the host
 * writes the stream after the handler returned.
 */
import type { TelemetryScope } from "../internal/telemetry.js"
import { andThen, type MaybePromise } from "../internal/maybe-promise.js"
import { isStreamBody, type StreamBody } from "../sitelet/content-model.js"
import type { ServeOutcome } from "./serve-outcome.js"

type Source = ReturnType<StreamBody["open"]>

function sourceWithin(scope: TelemetryScope, source: Source): Source {
  if (source instanceof ReadableStream) {
    const reader = source.getReader()
    return new ReadableStream<Uint8Array>({
      pull: (controller) =>
        scope
          .run(() => reader.read())
          .then((step) => (step.done ? controller.close() : controller.enqueue(step.value))),
      cancel: (reason) => scope.run(() => reader.cancel(reason)),
    })
  }
  return {
    [Symbol.asyncIterator]() {
      const iterator = scope.run(() => source[Symbol.asyncIterator]())
      return {
        next: () => scope.run(() => iterator.next()),
        return: (value?: unknown) =>
          scope.run(() => iterator.return?.(value) ?? Promise.resolve({ done: true as const, value: undefined })),
      }
    },
  }
}

function streamWithin(scope: TelemetryScope, outcome: ServeOutcome): ServeOutcome {
  if (outcome.kind !== "served" || !isStreamBody(outcome.content.body)) return outcome
  const body = outcome.content.body
  return {
    ...outcome,
    content: { ...outcome.content, body: { ...body, open: () => sourceWithin(scope, body.open()) } },
  }
}

/**
 * Runs `serve` inside `scope`, and the stream of its answer too. Hosts call
 * it only with telemetry on: without it they serve directly (no closure).
 *
 * @example
 * ```ts
 * const outcome = scope === undefined ? serveRequest(site, init, options) : serveWithin(scope, () => serveRequest(site, init, options))
 * ```
 */
export function serveWithin(
  scope: TelemetryScope,
  serve: () => MaybePromise<ServeOutcome>,
): MaybePromise<ServeOutcome> {
  return andThen(scope.run(serve), (outcome) => streamWithin(scope, outcome))
}
