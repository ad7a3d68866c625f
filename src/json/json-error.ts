import { jsonMessages } from "./messages.js"

/**
 * One step of a JSON path: a property name or an array index.
 *
 * @example
 * ```ts
 * const steps: JsonPathSegment[] = ["items", 2, "id"] // $.items[2].id
 * ```
 */
export type JsonPathSegment = string | number

const identifier = /^[A-Za-z_$][A-Za-z0-9_$]*$/

/**
 * Writes a JSON path the way error messages show it: `$`, `.name`, `[2]`,
 * and `["odd key"]` for names that are not identifiers.
 *
 * @example
 * ```ts
 * formatJsonPath(["items", 2, "id"]) //=> "$.items[2].id"
 * ```
 */
export function formatJsonPath(segments: readonly JsonPathSegment[]): string {
  let path = "$"
  for (const segment of segments) {
    if (typeof segment === "number") path += `[${segment}]`
    else if (identifier.test(segment)) path += `.${segment}`
    else path += `[${JSON.stringify(segment)}]`
  }
  return path
}

/**
 * How a received value is shown in a message: JSON-like and short.
 *
 * @example
 * ```ts
 * describeReceived("x") //=> '"x"'
 * describeReceived([1]) //=> "an array"
 * ```
 */
export function describeReceived(value: unknown): string {
  switch (typeof value) {
    case "undefined":
      return jsonMessages.missing
    case "string": {
      const text = JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)
      return value.length > 40 ? `${text} (${value.length} characters)` : text
    }
    case "number":
      return Object.is(value, -0) ? "-0" : String(value)
    case "bigint":
      return `${value}n`
    case "boolean":
      return String(value)
    case "object":
      if (value === null) return "null"
      if (Array.isArray(value)) return `an array of length ${value.length}`
      if (value instanceof Date)
        return Number.isNaN(value.getTime()) ? "an invalid Date" : `a Date ${value.toISOString()}`
      return "an object"
    default:
      return `a ${typeof value}`
  }
}

/**
 * A value did not match its descriptor, while decoding or serializing. The
 * message names the JSON path: `$.items[2].id: expected int, got "x"`.
 *
 * @example
 * ```ts
 * try { Json.Deserialize(t.record({ id: t.int }), '{"id":"x"}') }
 * catch (error) { if (error instanceof JsonError) error.path } //=> "$.id"
 * ```
 */
export class JsonError extends Error {
  /** The JSON path of the offending value, e.g. `$.items[2].id`. */
  readonly path: string
  /** The path as property names and indexes, e.g. `["items", 2, "id"]`. */
  readonly segments: readonly JsonPathSegment[]
  /** What the descriptor required there, e.g. `int`. */
  readonly expected: string
  /** What was there instead, as shown in the message, e.g. `"x"`. */
  readonly received: string

  constructor(segments: readonly JsonPathSegment[], expected: string, received: string) {
    const path = formatJsonPath(segments)
    super(jsonMessages.mismatch(path, expected, received))
    this.name = "JsonError"
    this.path = path
    this.segments = Object.freeze([...segments])
    this.expected = expected
    this.received = received
  }
}
