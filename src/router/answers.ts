/**
 * The declared answers a router's type carries (`Returns`, `Responds`, by
 * case tag), and how the combinators keep them: `Shift` as they are; `Sum`
 * each tag's from the first part that has it, as its `Link` takes the first
 * part that links a value; `Map` and `Embed` give every tag `decode`
 * produces the answers of any inner case (a function hides which inner
 * case an outer value is), while `Router.Fetch` decodes by the exact case;
 * an outer value with no `$` tag has no answers, in its type or at run time.
 * At run time a router's `answers(endpoint)` gives them; the two helpers
 * below are what every `Sum`, `Map` and `Embed` (full or light) runs.
 */

import type { ResponseDescriptors } from "../descriptor/responses.js"

/**
 * Whether a value has a `$` tag: after `Map` or `Embed`, answers are typed
 * by the outer value's tag, so a value without one decodes nothing.
 *
 * @example
 * ```ts
 * isTagged({ $: "Post", id: 1 }) //=> true
 * isTagged(3) //=> false
 * ```
 */
export const isTagged = (value: unknown): boolean =>
  typeof value === "object" && value !== null && typeof (value as { readonly $?: unknown }).$ === "string"

/**
 * The answers of a `Sum`'s value: those of the part that links it, as
 * `Link` takes that part (none when a part refuses to link it).
 *
 * @example
 * ```ts
 * firstAnswers([reads, writes], { $: "Rename", id: 1, to: "x" }) // writes' answers for Rename
 * ```
 */
export function firstAnswers<Endpoint>(
  parts: ReadonlyArray<{
    link(endpoint: Endpoint): unknown
    answers(endpoint: Endpoint): ResponseDescriptors | undefined
  }>,
  endpoint: Endpoint,
): ResponseDescriptors | undefined {
  for (const part of parts) {
    let linked: unknown
    try {
      linked = part.link(endpoint)
    } catch {
      return undefined
    }
    if (linked !== undefined) return part.answers(endpoint)
  }
  return undefined
}

/**
 * What a router that knows its answers carries in its type (the client's
 * `Router.Infer` makes one; the combinators keep it).
 *
 * @example
 * ```ts
 * type A = Answering<{ GetUser: { 200: typeof User } }>
 * ```
 */
export interface Answering<Responses> {
  /** Type only: the declared answers, by case key. */
  readonly "~responses"?: Responses
}

/**
 * The declared answers a router's type carries, by case tag (`{}` for none).
 *
 * @example
 * ```ts
 * type A = RouterAnswers<typeof api> //=> { GetUser: { 200: typeof User } }
 * ```
 */
export type RouterAnswers<R> = R extends { readonly "~responses"?: infer Responses }
  ? unknown extends Responses
    ? {}
    : Known<Exclude<Responses, undefined>>
  : {}

// `NoResponses` (an index signature of `undefined`) is no answer at all: as `{}` it merges without erasing others.
type Known<Responses> = string extends keyof Responses ? {} : Responses

/**
 * The answers of a `Sum`: each tag's from the first part that has it.
 *
 * @example
 * ```ts
 * type S = SumAnswers<[typeof reads, typeof writes]> //=> reads' answers & writes' other tags
 * ```
 */
export type SumAnswers<Parts extends readonly unknown[], Merged = {}> = Parts extends readonly [
  infer First,
  ...infer Rest,
]
  ? SumAnswers<Rest, Merged & Omit<RouterAnswers<First>, keyof Merged>>
  : Parts extends readonly []
    ? Merged
    : Merged & Everyone<RouterAnswers<Parts[number]>>

// An array that is no tuple (its parts' order is unknown to the types): every part's answers at once.
type Everyone<Union> = (Union extends unknown ? (all: Union) => void : never) extends (all: infer All) => void
  ? All
  : never

/**
 * The answers of a `Map` or an `Embed`: every tag `decode` produces has
 * the answers of any inner case.
 *
 * @example
 * ```ts
 * type M = MappedAnswers<{ $: "Api"; call: Api }, { GetUser: { 200: typeof User } }> //=> { Api: { 200: typeof User } }
 * ```
 */
export type MappedAnswers<Produced, Inner> = [keyof Inner] extends [never]
  ? {}
  : { readonly [Tag in TagOf<Produced>]: Inner[keyof Inner] }

type TagOf<Value> = Value extends { readonly $: infer Tag extends string } ? Tag : never
