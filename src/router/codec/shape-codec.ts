import type { CaseDescriptor, RecordDescriptor } from "../../descriptor/descriptor.js"
import { matchAlternative, writeAlternative } from "./alternative.js"
import type { MatchOutcome, PathCodec } from "./match-state.js"
import { alternativesOf, type Alternative } from "./shape.js"
import { widthOf } from "./path-codec.js"

/**
 * The fewest segments an alternative's path takes.
 *
 * @example
 * ```ts
 * alternativeWidth(alternativesOf(t.case({ id: t.int }), "X", "X", "X")[0]) //=> 2
 * ```
 */
export function alternativeWidth(alternative: Alternative): number {
  let width = 0
  for (const element of alternative.elements) width += "literal" in element ? 1 : element.codec.minWidth()
  return width
}

/**
 * The path codec of a record (fields as consecutive segments, in
 * declaration order) or of a lone case (its `EndPoint`s, no tag segment).
 * Query, form and JSON fields of the record are read too.
 *
 * @example
 * ```ts
 * shapeCodec(t.record({ id: t.int, slug: t.string }), undefined, "value") // "/1/abc"
 * ```
 */
export function shapeCodec(
  descriptor: RecordDescriptor | CaseDescriptor,
  tag: string | undefined,
  where: string,
): PathCodec {
  const alternatives = alternativesOf(descriptor, tag, undefined, where)
  const first = alternatives[0] as Alternative
  return {
    parse(state, at, next): MatchOutcome {
      for (const alternative of alternatives) {
        const outcome = matchAlternative(alternative, state, 0, at, next)
        if (outcome !== undefined) return outcome
      }
      return undefined
    },
    write(value, out) {
      writeAlternative(first, value, out)
    },
    minWidth: widthOf(() => Math.min(...alternatives.map(alternativeWidth))),
  }
}
