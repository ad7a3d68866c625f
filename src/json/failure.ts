import { describeReceived, JsonError, type JsonPathSegment } from "./json-error.js"
import { jsonMessages } from "./messages.js"
import type { Limits } from "./options.js"

/**
 * The codec's internal error while walking a value: it carries the path in
 * reverse, each enclosing container adding its step as the error passes
 * through, so the happy path never tracks a path. Converted to a `JsonError`
 * at the public boundary.
 *
 * @example
 * ```ts
 * throw new Failure("int", '"x"') // becomes `$…: expected int, got "x"`
 * ```
 */
export class Failure {
  readonly reversed: JsonPathSegment[] = []
  constructor(
    readonly expected: string,
    readonly received: string,
  ) {}
}

/**
 * Throws a failure for `value`, which is not `expected`.
 *
 * @example
 * ```ts
 * if (typeof value !== "string") fail("string", value)
 * ```
 */
export function fail(expected: string, value: unknown): never {
  throw new Failure(expected, describeReceived(value))
}

/**
 * Throws the failure for a value nested deeper than `limits.maxDepth`.
 *
 * @example
 * ```ts
 * if (depth >= limits.maxDepth) tooDeep(limits)
 * ```
 */
export function tooDeep(limits: Limits): never {
  throw new Failure(jsonMessages.depthLimit(limits.maxDepth), jsonMessages.tooDeep)
}

/**
 * Adds one path step to a failure passing through a container; returns the
 * error to rethrow.
 *
 * @example
 * ```ts
 * try { decodeItem(item) } catch (error) { throw at(error, index) }
 * ```
 */
export function at(error: unknown, segment: JsonPathSegment): unknown {
  if (error instanceof Failure) error.reversed.push(segment)
  return error
}

/**
 * Whether an error is the engine running out of call stack: V8 and
 * JavaScriptCore throw a `RangeError`, SpiderMonkey an `InternalError`. The
 * compiled walkers throw no other `RangeError` (limits are checked before
 * they run, dates are checked before `toISOString`), so a value nested
 * deeper than the stack can follow, under a `maxDepth` set higher than the
 * stack allows, is told apart this way.
 *
 * @example
 * ```ts
 * isStackExhausted(new RangeError("Maximum call stack size exceeded")) //=> true
 * ```
 */
export function isStackExhausted(error: unknown): boolean {
  return error instanceof RangeError || (error instanceof Error && error.name === "InternalError")
}

/**
 * Turns an internal failure into the public `JsonError`, and the stack
 * running out into one at `$` (never a `RangeError`, whatever `maxDepth`
 * allowed); other errors pass.
 *
 * @example
 * ```ts
 * try { run() } catch (error) { throw toJsonError(error) }
 * ```
 */
export function toJsonError(error: unknown): unknown {
  if (isStackExhausted(error)) return new JsonError([], jsonMessages.stackDepth, jsonMessages.tooDeep)
  if (!(error instanceof Failure)) return error
  return new JsonError([...error.reversed].reverse(), error.expected, error.received)
}
