/**
 * The reader of `sitelets/route`: a method and a target to the endpoint
 * value the router's strict pass gives for the same request without a body
 * or headers — cases in declaration order, each `EndPoint` in order, fields
 * read with backtracking — with the router's own target parser and scalar
 * readers, and none of its body readers, trie or messages. Property-tested
 * against the router.
 */
import type { CaseDescriptor, Descriptor, RecordDescriptor, UnionDescriptor } from "../descriptor/descriptor.js"
import { resolve } from "../descriptor/composites.js"
import { int } from "../descriptor/primitives.js"
import { textCodecOf } from "../router/codec/scalar.js"
import { type LinkField, type LinkShape, linkShapes, nameOf } from "../router/link/link-fields.js"

/** What a match sees: the decoded segments, the query, the method. */
export interface MatchInput {
  readonly segments: readonly string[]
  readonly query: ReadonlyMap<string, readonly string[]>
  readonly method: string
}

/** Continues a match with a value read up to `at`; a result, or undefined to backtrack. */
type Next = (value: unknown, at: number) => { readonly value: unknown } | undefined
/** Reads a value from `at` on, every way it can be read, until `next` accepts one. */
export type MatchRead = (input: MatchInput, at: number, next: Next) => { readonly value: unknown } | undefined

const cache = new WeakMap<Descriptor, MatchRead>()
const count = textCodecOf(int) as NonNullable<ReturnType<typeof textCodecOf>>

/**
 * The reader of a descriptor's values in a URL path (cached; recursive
 * descriptors through `t.lazy` read as deep as the path goes).
 *
 * @example
 * ```ts
 * matchReaderOf(t.int)({ segments: ["7"], query: new Map(), method: "GET" }, 0, (value) => ({ value })) //=> { value: 7 }
 * ```
 */
export function matchReaderOf(descriptor: Descriptor): MatchRead {
  const d = resolve(descriptor)
  let read = cache.get(d)
  if (read !== undefined) return read
  let made: MatchRead | undefined
  read = (input, at, next) => (made ??= compile(d))(input, at, next)
  cache.set(d, read)
  return read
}

// `total` values in a row, the i-th read by `readerAt(i)`, every way they can be read.
function sequence(readerAt: (i: number) => MatchRead, total: number, input: MatchInput, at: number, next: Next) {
  const values: unknown[] = []
  const step = (i: number, position: number): ReturnType<Next> =>
    i === total
      ? next(values.slice(0, total), position)
      : readerAt(i)(input, position, (value, after) => {
          values[i] = value
          return step(i + 1, after)
        })
  return step(0, at)
}

function compile(d: Descriptor): MatchRead {
  const text = textCodecOf(d)
  if (text !== undefined)
    return (input, at, next) => {
      if (at >= input.segments.length) return undefined
      const value = text.fromText(input.segments[at] as string)
      return value === undefined ? undefined : next(value, at + 1)
    }
  switch (d.kind) {
    case "option": {
      const inner = matchReaderOf(d.of)
      return (input, at, next) => {
        const tag = input.segments[at]
        if (tag === "None") return next(undefined, at + 1)
        return tag === "Some" ? inner(input, at + 1, next) : undefined
      }
    }
    case "list": {
      const item = matchReaderOf(d.of)
      return (input, at, next) => {
        if (at >= input.segments.length) return undefined
        const total = count.fromText(input.segments[at] as string) as number | undefined
        if (total === undefined || total < 0 || total > input.segments.length - at - 1) return undefined
        return sequence(() => item, total, input, at + 1, next)
      }
    }
    case "tuple": {
      const items: MatchRead[] = d.items.map((item: Descriptor) => matchReaderOf(item))
      const readerAt = (i: number) => items[i] as MatchRead
      return (input, at, next) => sequence(readerAt, items.length, input, at, next)
    }
    case "record":
    case "case":
      return caseReader(d, undefined, undefined)
    case "union":
      return unionReader(d)
    default:
      return () => undefined
  }
}

function unionReader(d: UnionDescriptor): MatchRead {
  const readers = Object.keys(d.cases).map((key) => {
    const member = d.cases[key] as CaseDescriptor
    return caseReader(member, key, nameOf(member) ?? key)
  })
  return (input, at, next) => {
    for (const read of readers) {
      const found = read(input, at, next)
      if (found !== undefined) return found
    }
    return undefined
  }
}

// A wildcard: every remaining segment, a string joined with `/` or a list's items.
function wildcardReader(type: Descriptor): MatchRead {
  const d = resolve(type)
  if (d.kind !== "list") return (input, at, next) => next(input.segments.slice(at).join("/"), input.segments.length)
  const item = matchReaderOf(d.of)
  return (input, at, next) => {
    const values: unknown[] = []
    const step = (position: number, total: number): ReturnType<Next> =>
      position === input.segments.length
        ? next(values.slice(0, total), position)
        : item(input, position, (value, after) => {
            values[total] = value
            return step(after, total + 1)
          })
    return step(at, 0)
  }
}

/**
 * A field read from the query (a GET form's fields too), or absent with no
 * headers, cookies or body (another method's form is empty; a JSON body is
 * missing): the value, or `missing`.
 */
const missing = Symbol("missing")
function paramReader(field: LinkField): (input: MatchInput) => unknown {
  const d = resolve(field.type)
  const shape = d.kind === "option" ? "option" : d.kind === "list" ? "list" : "one"
  const text = textCodecOf(shape === "one" ? d : resolve((d as { readonly of: Descriptor }).of))
  return (input) => {
    if (field.source === "json") return missing
    const formInQuery = input.method === "GET" || input.method === "HEAD"
    const fromQuery = field.source === "query" || (field.source === "form" && formInQuery)
    const values = fromQuery ? input.query.get(field.key) : undefined
    // A file field: the query holds text, never a file; only an empty list or an absent option fits.
    if (text === undefined) {
      if (values !== undefined && values.length > 0) return missing
      return shape === "list" ? [] : shape === "option" ? undefined : missing
    }
    if (shape === "list") {
      const items: unknown[] = []
      for (const value of values ?? []) {
        const item = text.fromText(value)
        if (item === undefined) return missing
        items.push(item)
      }
      return items
    }
    if (values === undefined || values.length === 0) return shape === "option" ? undefined : missing
    const value = text.fromText(values[0] as string)
    return value === undefined ? missing : value
  }
}

function alternativeReader(shape: LinkShape, tag: string | undefined): MatchRead {
  const pieces = shape.pieces.map((piece) =>
    "literal" in piece
      ? piece
      : {
          name: piece.field.name,
          read: piece.rest ? wildcardReader(piece.field.type) : matchReaderOf(piece.field.type),
        },
  )
  const params = shape.fields
    .filter((field) => field.source !== "path")
    .map((field) => ({ name: field.name, read: paramReader(field) }))
  const optional = new Set(shape.fields.filter((field) => resolve(field.type).kind === "option").map((f) => f.name))
  const names = shape.fields.map((field) => field.name)
  const methods = shape.methods
  return (input, at, next) => {
    if (
      methods !== undefined &&
      !methods.includes(input.method) &&
      !(input.method === "HEAD" && methods.includes("GET"))
    )
      return undefined
    const values: Record<string, unknown> = {}
    const step = (index: number, position: number): ReturnType<Next> => {
      if (index === pieces.length) {
        for (const param of params) {
          const value = param.read(input)
          if (value === missing) return undefined
          values[param.name] = value
        }
        const out: Record<string, unknown> = tag === undefined ? {} : { $: tag }
        for (const name of names) {
          const value = values[name]
          if (value === undefined && optional.has(name)) continue
          // A field named __proto__ is an own property, never the prototype.
          Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true })
        }
        return next(out, position)
      }
      const piece = pieces[index] as (typeof pieces)[number]
      if ("literal" in piece)
        return input.segments[position] === piece.literal ? step(index + 1, position + 1) : undefined
      return piece.read(input, position, (value, after) => {
        values[piece.name] = value
        return step(index + 1, after)
      })
    }
    return step(0, at)
  }
}

function caseReader(
  d: CaseDescriptor | RecordDescriptor,
  tag: string | undefined,
  urlTag: string | undefined,
): MatchRead {
  let readers: MatchRead[] | undefined
  return (input, at, next) => {
    readers ??= linkShapes(d, urlTag).map((shape) => alternativeReader(shape, tag))
    for (const read of readers) {
      const found = read(input, at, next)
      if (found !== undefined) return found
    }
    return undefined
  }
}
