/**
 * Limits on decoding a request body, carried by the request itself: a host
 * sets them once per request (`RouteRequestInit.bodyLimits`, from its
 * `limits` option) and every router of a composition decodes with them, so
 * no router call or combinator signature has to pass them along. A request
 * built without them (`Router.Parse` on a plain request) uses the defaults.
 */
import type { JsonOptions } from "../../json/options.js"
import { defaultLimits as jsonDefaults } from "../../json/options.js"

/**
 * The body decoding limits.
 *
 * @example
 * ```ts
 * const limits: BodyLimits = { jsonDepth: 16, bigintDigits: 40, formFields: 100 }
 * ```
 */
export interface BodyLimits {
  /** Deepest nesting of JSON arrays and objects, counted from 1 at the top (the codec's `maxDepth`). */
  readonly jsonDepth: number
  /** Most digits in a JSON bigint string (the codec's `maxBigIntDigits`). */
  readonly bigintDigits: number
  /** Most multipart/form-data parts. */
  readonly formFields: number
}

/**
 * The defaults: JSON depth 64 and 1000 bigint digits (the JSON codec's), 1000 parts.
 *
 * @example
 * ```ts
 * defaultBodyLimits.jsonDepth //=> 64
 * ```
 */
export const defaultBodyLimits: BodyLimits = Object.freeze({
  jsonDepth: jsonDefaults.maxDepth,
  bigintDigits: jsonDefaults.maxBigIntDigits,
  formFields: 1000,
})

const jsonOptions = new WeakMap<BodyLimits, JsonOptions>()

/**
 * The JSON codec options of some body limits (undefined: the codec's
 * defaults), made once per limits object.
 *
 * @example
 * ```ts
 * jsonOptionsOf({ jsonDepth: 8, bigintDigits: 20, formFields: 10 }) //=> { maxDepth: 8, maxBigIntDigits: 20 }
 * ```
 */
export function jsonOptionsOf(limits: BodyLimits | undefined): JsonOptions | undefined {
  if (limits === undefined) return undefined
  let options = jsonOptions.get(limits)
  if (options === undefined) {
    options = Object.freeze({ maxDepth: limits.jsonDepth, maxBigIntDigits: limits.bigintDigits })
    jsonOptions.set(limits, options)
  }
  return options
}
