/**
 * Standard Schema v1 both ways: descriptors validate like any Standard
 * Schema (their `~standard.validate` is `decode`), and a foreign schema
 * (zod, valibot, arktype…) in a `Json(schema)` field decodes a body.
 */
import type { StandardSchemaV1 } from "../../descriptor/standard-schema-spec.js"
import type { Descriptor } from "../../descriptor/descriptor.js"
import { decoderOf } from "./decode-compile.js"
import type { Decoder } from "./decode-scalars.js"
import { isPromise } from "../../internal/maybe-promise.js"
import { checkDepth } from "./depth-check.js"
import { Failure, toJsonError } from "../failure.js"
import { describeReceived, JsonError, type JsonPathSegment } from "../json-error.js"
import { defaultLimits } from "../options.js"

/**
 * `~standard.validate` of a descriptor: `decode` of a plain JSON value, with
 * the `JsonError` turned into one issue carrying the message and the path.
 *
 * @example
 * ```ts
 * validateStandard(t.int, "x") //=> { issues: [{ message: '$: expected int, got "x"', path: [] }] }
 * ```
 */
export function validateStandard(descriptor: object, value: unknown): StandardSchemaV1.Result<unknown> {
  try {
    return { value: decoderOf(descriptor as Descriptor)(value, 0, defaultLimits) }
  } catch (error) {
    const converted = toJsonError(error)
    if (converted instanceof JsonError) return { issues: [{ message: converted.message, path: converted.segments }] }
    throw converted
  }
}

const segmentOf = (step: PropertyKey | StandardSchemaV1.PathSegment): JsonPathSegment => {
  const key = typeof step === "object" ? step.key : step
  return typeof key === "number" ? key : String(key)
}

/**
 * The decoder of a `Json(schema)` field: the foreign schema validates the
 * parsed body. The codec's depth limit applies first, so the schema never
 * sees nesting a descriptor would refuse. Only synchronous schemas can
 * decode (the codec is synchronous): an async result is refused, and its
 * promise is given a rejection handler so that nothing it does later
 * reaches the process as an unhandled rejection.
 *
 * @example
 * ```ts
 * foreignDecoder(z.object({ id: z.number() }))({ id: 1 }, 0, defaultLimits) //=> { id: 1 }
 * ```
 */
export function foreignDecoder(schema: StandardSchemaV1): Decoder {
  const props = schema["~standard"]
  const expected = `a value accepted by the ${props.vendor} schema`
  return (value, depth, limits) => {
    checkDepth(value, depth, limits)
    const result = props.validate(value)
    if (isPromise(result)) {
      result.then(undefined, ignore)
      throw new Failure(`a synchronous ${props.vendor} schema`, "an async validation result")
    }
    if (result.issues === undefined) return result.value
    const issue = result.issues[0]
    const failure = new Failure(expected, issue ? issue.message : describeReceived(value))
    for (const step of [...(issue?.path ?? [])].reverse()) failure.reversed.push(segmentOf(step))
    throw failure
  }
}

const ignore = (): void => {}
