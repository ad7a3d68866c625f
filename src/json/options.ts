import { jsonMessages } from "./messages.js"

/**
 * Limits for decoding hostile input (and for serializing runaway values).
 *
 * @example
 * ```ts
 * Json.Deserialize(Tree, text, { maxDepth: 128, maxBigIntDigits: 50 })
 * ```
 */
export interface JsonOptions {
  /** Deepest nesting of arrays and objects, counted from 1 at the top. Default 64. */
  readonly maxDepth?: number
  /** Most digits in a bigint string. Default 1000. */
  readonly maxBigIntDigits?: number
}

/**
 * The limits with every default filled in; passed down the compiled closures.
 *
 * @example
 * ```ts
 * const limits: Limits = limitsOf({ maxDepth: 10 }) //=> { maxDepth: 10, maxBigIntDigits: 1000 }
 * ```
 */
export interface Limits {
  readonly maxDepth: number
  readonly maxBigIntDigits: number
}

/**
 * The defaults: depth 64 (System.Text.Json's, RELIABILITY.md's) and 1000 bigint digits.
 *
 * @example
 * ```ts
 * defaultLimits.maxDepth //=> 64
 * ```
 */
export const defaultLimits: Limits = Object.freeze({ maxDepth: 64, maxBigIntDigits: 1000 })

const checked = (name: string, value: number | undefined, fallback: number): number => {
  if (value === undefined) return fallback
  // An invalid limit must fail loudly instead of silently disabling the check.
  if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(jsonMessages.invalidLimit(name, value))
  return value
}

/**
 * The limits for a call: the defaults unless options override them.
 *
 * @example
 * ```ts
 * limitsOf({ maxDepth: 10 }) //=> { maxDepth: 10, maxBigIntDigits: 1000 }
 * ```
 */
export function limitsOf(options: JsonOptions | undefined): Limits {
  if (options === undefined) return defaultLimits
  return {
    maxDepth: checked("maxDepth", options.maxDepth, defaultLimits.maxDepth),
    maxBigIntDigits: checked("maxBigIntDigits", options.maxBigIntDigits, defaultLimits.maxBigIntDigits),
  }
}
