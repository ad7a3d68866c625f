import { describeReceived, JsonError } from "./json-error.js"
import { jsonMessages } from "./messages.js"

/**
 * `JSON.parse` whose syntax errors are `JsonError`s at path `$`, so that
 * callers (the router) catch one error type for "invalid JSON".
 *
 * @example
 * ```ts
 * parseJson('{"a":1}') //=> { a: 1 }
 * parseJson("{")       // throws JsonError "$: expected JSON text, got …"
 * ```
 */
export function parseJson(text: string): unknown {
  if (typeof text !== "string") throw new JsonError([], jsonMessages.jsonText, describeReceived(text))
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new JsonError([], jsonMessages.jsonText, error instanceof Error ? error.message : String(error))
  }
}

/**
 * `JSON.stringify` of a plain JSON value (plain: no descriptor), throwing a
 * `JsonError` instead of returning `undefined` when the value has no JSON
 * text at all (`undefined`, a function).
 *
 * @example
 * ```ts
 * stringifyJson({ a: [1, "x"] }) //=> '{"a":[1,"x"]}'
 * ```
 */
export function stringifyJson(value: unknown): string {
  const text = JSON.stringify(value)
  if (text === undefined) throw new JsonError([], jsonMessages.jsonValue, describeReceived(value))
  return text
}
