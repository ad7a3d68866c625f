import type { Descriptor } from "../../descriptor/descriptor.js"
import { resolve } from "../../descriptor/composites.js"
import { LinkFailure } from "../link/link-error.js"
import type { MatchOutcome, PathCodec } from "./match-state.js"
import { codecMessages } from "./codec-messages.js"
import { linkWildcardEmptyPiece, linkWrongType } from "../link/link-messages.js"
import { parseSequence, pathCodecOf, writeItems } from "./path-codec.js"
import { checkSegment } from "../link/segment-check.js"

const stringWildcard: PathCodec = {
  parse(state, at, next) {
    return next(state.segments.slice(at).join("/"), state.segments.length)
  },
  write(value, out) {
    if (typeof value !== "string") throw new LinkFailure(linkWrongType("string", value), true)
    if (value === "") return
    for (const piece of value.split("/")) {
      if (piece === "") throw new LinkFailure(linkWildcardEmptyPiece(value))
      out.segments.push(checkSegment(piece))
    }
  },
  minWidth: () => 0,
}

/**
 * The codec of a `Wildcard` field: it takes every remaining segment. A
 * string joins them with `/` (so `a%2Fb` and `a/b` both read `"a/b"`); a list
 * reads items until the path ends.
 *
 * @example
 * ```ts
 * wildcardCodec(t.string, "Files.path") // "/files/a/b" → "a/b"
 * ```
 */
export function wildcardCodec(type: Descriptor, where: string): PathCodec {
  const d = resolve(type)
  if (d.kind === "string") return stringWildcard
  if (d.kind !== "list") throw new TypeError(codecMessages.wildcardItemWidth(where))
  const item = pathCodecOf(d.of, where)
  if (item.minWidth() === 0) throw new TypeError(codecMessages.wildcardItemWidth(where))
  return {
    parse(state, at, next) {
      const width = item.minWidth()
      // Scalar items: exactly one segment each.
      if ((item as { text?: unknown }).text) return parseSequence(item, state.segments.length - at, state, at, next)
      const items: unknown[] = []
      const step = (position: number, count: number): MatchOutcome => {
        if (position === state.segments.length) return next(items.slice(0, count), position)
        if (position + width > state.segments.length) return undefined
        return item.parse(state, position, (value, after) => {
          items[count] = value
          return step(after, count + 1)
        })
      }
      return step(at, 0)
    },
    write(value, out) {
      writeItems(item, value, out)
    },
    minWidth: () => 0,
  }
}
