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
import type { ServeOutcome } from "./serve.js"

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
 * Runs `serve` inside `scope` (none: as it is), and the stream of its
 * answer too.
 *
 * @example
 * ```ts
 * const outcome = serveWithin(watched?.scope, () => serveRequest(site, init, options))
 * ```
 */
export function serveWithin(
  scope: TelemetryScope | undefined,
  serve: () => MaybePromise<ServeOutcome>,
): MaybePromise<ServeOutcome> {
  if (scope === undefined) return serve()
  return andThen(scope.run(serve), (outcome) => streamWithin(scope, outcome))
}
