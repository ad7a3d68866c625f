import type { Descriptor } from "../../descriptor/descriptor.js"
import { resolve } from "../../descriptor/composites.js"
import { int } from "../../descriptor/primitives.js"
import * as descriptorMessages from "../../descriptor/messages.js"
import { inField, LinkFailure } from "../link/link-error.js"
import type { LinkWriter, MatchOutcome, MatchState, Next, PathCodec } from "./match-state.js"
import { codecMessages } from "./codec-messages.js"
import { linkWrongType } from "../link/link-messages.js"
import { textCodecOf, type TextCodec } from "./scalar.js"
import { checkSegment } from "../link/segment-check.js"
import { shapeCodec } from "./shape-codec.js"
import { unionCodec } from "./union-codec.js"

/**
 * A path codec that reads exactly one segment through a text codec (no backtracking needed).
 *
 * @example
 * ```ts
 * (pathCodecOf(t.int, "id") as ScalarPathCodec).text.fromText("12") //=> 12
 * ```
 */
export interface ScalarPathCodec extends PathCodec {
  readonly text: TextCodec
}

const cache = new WeakMap<Descriptor, PathCodec>()

/**
 * Memoises a lower bound; a recursive descriptor sees 0 while its own bound is being computed.
 *
 * @example
 * ```ts
 * const minWidth = widthOf(() => codecs.reduce((sum, codec) => sum + codec.minWidth(), 0))
 * ```
 */
export function widthOf(compute: () => number): () => number {
  let width = -1
  let busy = false
  return () => {
    if (width >= 0) return width
    if (busy) return 0
    busy = true
    const result = compute()
    busy = false
    return (width = result)
  }
}

/**
 * A one-segment codec from a text codec.
 *
 * @example
 * ```ts
 * scalarPathCodec(textCodecOf(t.int)!).write(5, writer) // pushes "5"
 * ```
 */
export function scalarPathCodec(text: TextCodec): ScalarPathCodec {
  return {
    text,
    parse(state, at, next) {
      if (at >= state.segments.length) return undefined
      const value = text.fromText(state.segments[at] as string)
      return value === undefined ? undefined : next(value, at + 1)
    },
    write(value, out) {
      out.segments.push(checkSegment(text.toText(value)))
    },
    minWidth: () => 1,
  }
}

/**
 * Parses `count` values of `item` in a row, in every way they can be read
 * (a scalar item is read in a loop, without recursion).
 *
 * @example
 * ```ts
 * parseSequence(pathCodecOf(t.int, "n"), 2, state, 1, next) // reads segments 1 and 2 as ints
 * ```
 */
export function parseSequence(item: PathCodec, count: number, state: MatchState, at: number, next: Next): MatchOutcome {
  const scalar = (item as Partial<ScalarPathCodec>).text
  if (scalar) {
    if (at + count > state.segments.length) return undefined
    const items = new Array<unknown>(count)
    for (let i = 0; i < count; i++) {
      const value = scalar.fromText(state.segments[at + i] as string)
      if (value === undefined) return undefined
      items[i] = value
    }
    return next(items, at + count)
  }
  const items = new Array<unknown>(count)
  const step = (i: number, position: number): MatchOutcome =>
    i === count
      ? next(items.slice(), position)
      : item.parse(state, position, (value, after) => {
          items[i] = value
          return step(i + 1, after)
        })
  return step(0, at)
}

/**
 * Writes the items of a list, each failure naming its index.
 *
 * @example
 * ```ts
 * writeItems(pathCodecOf(t.string, "s"), ["a", "b"], out) // out.segments: ["a", "b"]
 * ```
 */
export function writeItems(item: PathCodec, value: unknown, out: LinkWriter): void {
  if (!Array.isArray(value)) throw new LinkFailure(linkWrongType("an array", value), true)
  value.forEach((entry, index) => inField(`[${index}]`, () => item.write(entry, out)))
}

function optionCodec(of: Descriptor, where: string): PathCodec {
  const inner = pathCodecOf(of, where)
  return {
    parse(state, at, next) {
      const tag = state.segments[at]
      if (tag === "None") return next(undefined, at + 1)
      return tag === "Some" ? inner.parse(state, at + 1, next) : undefined
    },
    write(value, out) {
      if (value === undefined) out.segments.push("None")
      else {
        out.segments.push("Some")
        inner.write(value, out)
      }
    },
    minWidth: () => 1,
  }
}

function listCodec(of: Descriptor, where: string): PathCodec {
  const item = pathCodecOf(of, where)
  const length = textCodecOf(int) as TextCodec
  return {
    parse(state, at, next) {
      if (at >= state.segments.length) return undefined
      const count = length.fromText(state.segments[at] as string) as number | undefined
      if (count === undefined || count < 0) return undefined
      // Every item takes at least one segment (checked when built), so count is bounded by what is left.
      if (count > state.segments.length - at - 1) return undefined
      return parseSequence(item, count, state, at + 1, next)
    },
    write(value, out) {
      if (!Array.isArray(value)) throw new LinkFailure(linkWrongType("an array", value), true)
      out.segments.push(String(value.length))
      writeItems(item, value, out)
    },
    minWidth: () => {
      if (item.minWidth() === 0 && of.kind !== "lazy") throw new TypeError(codecMessages.zeroWidthListItem(where))
      return 1
    },
  }
}

function tupleCodec(items: readonly Descriptor[], where: string): PathCodec {
  const codecs = items.map((item, index) => pathCodecOf(item, `${where}[${index}]`))
  return {
    parse(state, at, next) {
      const values = new Array<unknown>(codecs.length)
      const step = (i: number, position: number): MatchOutcome =>
        i === codecs.length
          ? next(values.slice(), position)
          : (codecs[i] as PathCodec).parse(state, position, (value, after) => {
              values[i] = value
              return step(i + 1, after)
            })
      return step(0, at)
    },
    write(value, out) {
      if (!Array.isArray(value)) throw new LinkFailure(linkWrongType("a tuple", value), true)
      codecs.forEach((codec, index) => inField(`[${index}]`, () => codec.write(value[index], out)))
    },
    minWidth: widthOf(() => codecs.reduce((sum, codec) => sum + codec.minWidth(), 0)),
  }
}

/**
 * The compiled path codec of any routable descriptor (cached; recursive
 * descriptors through `t.lazy` are supported). Throws when the descriptor
 * cannot be carried by a URL path (a `t.map`).
 *
 * @example
 * ```ts
 * const codec = pathCodecOf(t.tuple(t.int, t.string), "value")
 * ```
 */
/** Copies a compiled codec onto its registered placeholder, getters as getters (a union's `shadowed` is computed on first read). */
function fill(placeholder: PathCodec, compiled: PathCodec): void {
  Object.defineProperties(placeholder, Object.getOwnPropertyDescriptors(compiled))
}

export function pathCodecOf(descriptor: Descriptor, where: string): PathCodec {
  const d = resolve(descriptor)
  const cached = cache.get(d)
  if (cached) return cached
  const text = textCodecOf(d)
  if (text) {
    if (d.kind === "datetime" && d.format !== undefined && (d.format.includes(":") || d.format.includes("/"))) {
      throw new TypeError(descriptorMessages.badDateFormatInPath(d.format))
    }
    const codec = scalarPathCodec(text)
    cache.set(d, codec)
    return codec
  }
  if (d.kind === "map") throw new TypeError(descriptorMessages.mapInPath(where))
  if (d.kind === "file") throw new TypeError(codecMessages.fileNotInForm(where))
  // Registered before its parts are compiled, so recursive references find it.
  const codec = { minWidth: () => 0 } as unknown as PathCodec
  cache.set(d, codec)
  try {
    switch (d.kind) {
      case "option":
        fill(codec, optionCodec(d.of, where))
        break
      case "list":
        fill(codec, listCodec(d.of, where))
        break
      case "tuple":
        fill(codec, tupleCodec(d.items, where))
        break
      case "record":
        fill(codec, shapeCodec(d, undefined, where))
        break
      case "case":
        fill(codec, shapeCodec(d, undefined, where))
        break
      case "union":
        fill(codec, unionCodec(d, where))
        break
    }
    codec.minWidth()
  } catch (error) {
    cache.delete(d)
    throw error
  }
  return codec
}
