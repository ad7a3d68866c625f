/**
 * The JSON reader's depth limit for values no descriptor walks: what a
 * foreign schema (`Json(z.any())`, a recursive `z.lazy`) is handed has been
 * measured first, so it never sees nesting the codec itself would refuse,
 * and a deep body cannot exhaust the call stack inside someone else's code.
 */
import { Failure } from "../failure.js"
import type { JsonPathSegment } from "../json-error.js"
import { jsonMessages } from "../messages.js"
import type { Limits } from "../options.js"

/** One open container of the walk: its children, and the next one to visit. */
interface Frame {
  readonly keys: readonly JsonPathSegment[]
  readonly values: readonly unknown[]
  next: number
}

const frameOf = (container: object): Frame => {
  if (Array.isArray(container)) return { keys: container.map((_, index) => index), values: container, next: 0 }
  return { keys: Object.keys(container), values: Object.values(container), next: 0 }
}

const isContainer = (value: unknown): value is object => typeof value === "object" && value !== null

/**
 * Throws the codec's depth failure (with the JSON path of the first
 * container too deep) when `value`, found at nesting `depth`, holds arrays
 * or objects deeper than `limits.maxDepth` allows. Iterative, so a value
 * nested 100,000 levels is measured without recursion; linear in its size.
 *
 * @example
 * ```ts
 * checkDepth([[1]], 0, defaultLimits)          // fine: 2 levels
 * checkDepth([[1]], 0, { ...defaultLimits, maxDepth: 1 }) // throws Failure "$[0]: expected at most 1 levels of nesting, got deeper nesting"
 * ```
 */
export function checkDepth(value: unknown, depth: number, limits: Limits): void {
  if (!isContainer(value)) return
  if (depth >= limits.maxDepth) throw tooDeepAt([], limits)
  const frames: Frame[] = [frameOf(value)]
  while (frames.length > 0) {
    const frame = frames[frames.length - 1] as Frame
    if (frame.next === frame.values.length) {
      frames.pop()
      continue
    }
    const child = frame.values[frame.next++]
    if (!isContainer(child)) continue
    if (depth + frames.length >= limits.maxDepth) throw tooDeepAt(frames, limits)
    frames.push(frameOf(child))
  }
}

function tooDeepAt(frames: readonly Frame[], limits: Limits): Failure {
  const failure = new Failure(jsonMessages.depthLimit(limits.maxDepth), jsonMessages.tooDeep)
  // Failures hold their path innermost first; each frame's last visited key is one step.
  for (let i = frames.length - 1; i >= 0; i--) {
    const frame = frames[i] as Frame
    failure.reversed.push(frame.keys[frame.next - 1] as JsonPathSegment)
  }
  return failure
}
