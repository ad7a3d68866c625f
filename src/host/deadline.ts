/**
 * The host option `deadline`: a handler's answer, or a 503 once it has run
 * `deadline` ms. The late handler's signal is aborted (a `TimeoutError`),
 * the answer it gives afterwards is dropped (a stream it carries released
 * unopened), and an exception it throws afterwards is still reported unless
 * it is the signal's own reason.
 */
import { isStreamBody, type StaticContent } from "../sitelet/content-model.js"
import { HostError, hostMessages } from "./host-errors.js"

/** What becomes of each way the race ends (the pipeline's steps). */
export interface DeadlineSteps<Outcome> {
  /** The handler answered in time. */
  readonly served: (content: StaticContent) => Outcome | Promise<Outcome>
  /** The deadline passed first: the 503's outcome. */
  readonly late: (error: HostError) => Outcome
  /** The handler failed in time. */
  readonly thrown: (error: unknown) => Outcome
  /** Aborts the handler's `ctx.Signal` with this reason. */
  readonly abort: (reason: DOMException) => void
  /** The handler failed after the 503 (its signal's own reason excluded by the caller). */
  readonly failedLate: (error: unknown) => void
}

/**
 * The handler's outcome, or the 503's when `deadline` ms pass first.
 *
 * @example
 * ```ts
 * raceDeadline(Promise.resolve(content), 5_000, { served, late, thrown, abort, failedLate })
 * ```
 */
export function raceDeadline<Outcome>(
  content: Promise<StaticContent>,
  deadline: number,
  steps: DeadlineSteps<Outcome>,
): Promise<Outcome> {
  return new Promise((resolve) => {
    let late = false
    const timer = setTimeout(() => {
      late = true
      const error = new HostError(503, "request.deadline", hostMessages.deadlinePassed(deadline))
      steps.abort(new DOMException(error.message, "TimeoutError"))
      resolve(steps.late(error))
    }, deadline)
    content.then(
      (served) => {
        if (late) {
          // Dropped: a stream it carries is released unopened.
          if (isStreamBody(served.body)) served.body.discard?.()
          return
        }
        clearTimeout(timer)
        resolve(steps.served(served))
      },
      (error: unknown) => {
        if (!late) {
          clearTimeout(timer)
          resolve(steps.thrown(error))
        } else steps.failedLate(error)
      },
    )
  })
}
