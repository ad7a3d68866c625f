import type { RouteRequest } from "../request/request.js"
import type { ParseError } from "./result.js"
import type { RouteBody } from "../link/route-path.js"
import type { BodyData } from "../body/body.js"

/**
 * Returned up through the matchers when a candidate needs the body before it can be decided.
 *
 * @example
 * ```ts
 * if (state.body === undefined) return needBody
 * ```
 */
export const needBody: unique symbol = Symbol("needBody")

/**
 * A finished match: the value and where it ended.
 *
 * @example
 * ```ts
 * const done: Matched = { value: { $: "Home" } }
 * ```
 */
export interface Matched {
  readonly value: unknown
}

/**
 * What a continuation gives back: stop with a match, stop to read the body, or undefined to backtrack.
 *
 * @example
 * ```ts
 * const backtrack: MatchOutcome = undefined
 * ```
 */
export type MatchOutcome = Matched | typeof needBody | undefined

/**
 * Called with each parse of a value, in preference order; a non-undefined outcome stops the search.
 *
 * @example
 * ```ts
 * const exact: Next = (value, end) => (end === segments.length ? { value } : undefined)
 * ```
 */
export type Next = (value: unknown, next: number) => MatchOutcome

/**
 * The state of one matching pass over one request.
 *
 * @example
 * ```ts
 * const state: MatchState = { request, segments: request.segments, lenient: false, wrongMethod: false, errors: [], body: undefined }
 * ```
 */
export interface MatchState {
  readonly request: RouteRequest
  readonly segments: readonly string[]
  /** Lenient pass (ParseWithErrors): a wrong query, form or JSON field gives an error instead of failing. */
  readonly lenient: boolean
  /**
   * A wrong method gives an error too (the last lenient pass): a case that
   * accepts the method and failed on a field wins over one whose method is
   * wrong, whatever their order.
   */
  readonly wrongMethod: boolean
  /** Errors found so far on the current candidate; truncated on backtracking. */
  readonly errors: ParseError[]
  /** The body, once a candidate asked for it. */
  readonly body: BodyData | undefined
}

/**
 * Collects a link while writing a value.
 *
 * @example
 * ```ts
 * const out: LinkWriter = { segments: [], query: [], method: undefined, body: undefined }
 * ```
 */
export interface LinkWriter {
  readonly segments: string[]
  readonly query: Array<readonly [string, string]>
  method: string | undefined
  body: RouteBody | undefined
  /** Header and cookie fields, when the linked case has some. */
  headers?: Array<readonly [string, string]>
  cookies?: Array<readonly [string, string]>
}

/**
 * A compiled path matcher and link writer for one descriptor. `parse` tries
 * every way the value can start at segment `at`, in declaration order, and
 * hands each to `next` (continuation-passing: full backtracking without
 * regexes). `write` appends the value's segments, or throws a `LinkFailure`.
 *
 * @example
 * ```ts
 * codec.parse(state, 0, (value, end) => (end === state.segments.length ? { value } : undefined))
 * ```
 */
export interface PathCodec {
  parse(state: MatchState, at: number, next: Next): MatchOutcome
  write(value: unknown, out: LinkWriter): void
  /** The fewest segments any value takes (a lower bound used to prune). */
  minWidth(): number
}
