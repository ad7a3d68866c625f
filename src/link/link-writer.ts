/**
 * The link writer of `sitelets/link`: an endpoint value to its path
 * segments and query pairs, for every routable descriptor, writing exactly
 * what the router's `Link` writes (property-tested against it) with the
 * router's own scalar texts, segment checks and `LinkError` reasons — and
 * none of its readers.
 */
import type {
  CaseDescriptor,
  Descriptor,
  RecordDescriptor,
  UnionDescriptor,
  UploadedFile,
} from "../descriptor/descriptor.js"
import { resolve } from "../descriptor/composites.js"
import { inField, LinkFailure } from "../router/link/link-error.js"
import { linkNotInPath, linkUnknownCase, linkWildcardEmptyPiece, linkWrongType } from "../router/link/link-messages.js"
import type { RouteBody } from "../router/link/route-path.js"
import { textOf } from "../router/link/scalar-text.js"
import { checkQueryText, checkSegment } from "../router/link/segment-check.js"
import { type LinkShape, linkShapes, nameOf } from "../router/link/link-fields.js"
import { isUploadedFile as isFile } from "../descriptor/uploaded-file.js"

/**
 * Where a link is written: decoded path segments and query pairs, and, as
 * the router's `link` gives them, the method a request to it carries and
 * its body (whether it is one a browser cannot navigate to).
 */
export interface LinkOut {
  readonly segments: string[]
  readonly query: Array<readonly [string, string]>
  method?: string | undefined
  body?: RouteBody | undefined
  /** Request headers of `Header(d)` fields (a URL cannot carry them: the typed client sends them). */
  headers?: Array<readonly [string, string]> | undefined
  /** Cookies of `Cookie(d)` fields. */
  cookies?: Array<readonly [string, string]> | undefined
}

/** Writes a value of one descriptor into a link; throws `LinkFailure` naming what no URL carries. */
export type LinkWrite = (value: unknown, out: LinkOut) => void

const mismatch = (expected: string, value: unknown): never => {
  throw new LinkFailure(linkWrongType(expected, value), true)
}

const items = (item: LinkWrite, value: unknown, out: LinkOut, expected = "an array") => {
  if (!Array.isArray(value)) mismatch(expected, value)
  ;(value as unknown[]).forEach((entry, index) => inField(`[${index}]`, () => item(entry, out)))
}

const cache = new WeakMap<Descriptor, LinkWrite>()

/**
 * The writer of a descriptor's values in a URL path (cached; recursive
 * descriptors through `t.lazy` are written as deep as the value goes).
 *
 * @example
 * ```ts
 * const out = { segments: [], query: [] }
 * linkWriterOf(t.tuple(t.int, t.string))([1, "a"], out) // out.segments: ["1", "a"]
 * ```
 */
export function linkWriterOf(descriptor: Descriptor): LinkWrite {
  const d = resolve(descriptor)
  let write = cache.get(d)
  if (write !== undefined) return write
  // Made on first use, so a recursive descriptor finds itself in the cache.
  let made: LinkWrite | undefined
  write = (value, out) => (made ??= compile(d))(value, out)
  cache.set(d, write)
  return write
}

function compile(d: Descriptor): LinkWrite {
  const text = textOf(d)
  if (text !== undefined) return (value, out) => void out.segments.push(checkSegment(text(value)))
  switch (d.kind) {
    case "option": {
      const inner = linkWriterOf(d.of)
      return (value, out) => {
        if (value === undefined) out.segments.push("None")
        else {
          out.segments.push("Some")
          inner(value, out)
        }
      }
    }
    case "list": {
      const item = linkWriterOf(d.of)
      return (value, out) => {
        if (!Array.isArray(value)) mismatch("an array", value)
        out.segments.push(String((value as unknown[]).length))
        items(item, value, out)
      }
    }
    case "tuple": {
      const writers: LinkWrite[] = d.items.map((item: Descriptor) => linkWriterOf(item))
      return (value, out) => {
        if (!Array.isArray(value)) mismatch("a tuple", value)
        writers.forEach((item, index) => inField(`[${index}]`, () => item((value as unknown[])[index], out)))
      }
    }
    case "record":
    case "case":
      return caseWriter(d, undefined)
    case "union":
      return unionWriter(d)
    default:
      throw new TypeError(linkNotInPath(d.kind))
  }
}

function unionWriter(d: UnionDescriptor): LinkWrite {
  const byTag = new Map<string, LinkWrite>()
  for (const key of Object.keys(d.cases)) {
    const member = d.cases[key] as CaseDescriptor
    byTag.set(key, caseWriter(member, nameOf(member) ?? key))
  }
  return (value, out) => {
    const tag = typeof value === "object" && value !== null ? (value as { readonly $?: unknown }).$ : undefined
    const write = typeof tag === "string" ? byTag.get(tag) : undefined
    if (write === undefined) throw new LinkFailure(linkUnknownCase(tag), true)
    inField(tag as string, () => write(value, out))
  }
}

// A wildcard field takes every remaining segment: a string's pieces between slashes, or a list's items.
function wildcardWriter(type: Descriptor): LinkWrite {
  const d = resolve(type)
  if (d.kind === "list") {
    const item = linkWriterOf(d.of)
    return (value, out) => items(item, value, out)
  }
  return (value, out) => {
    if (typeof value !== "string") return mismatch("string", value)
    if (value === "") return
    for (const piece of value.split("/")) {
      if (piece === "") throw new LinkFailure(linkWildcardEmptyPiece(value))
      out.segments.push(checkSegment(piece))
    }
  }
}

/** Writes a `key=value` field's value as pairs: a scalar, an option (none when undefined) or a list (the key repeated). */
export type PairsWrite = (key: string, value: unknown, pairs: Array<readonly [string, string | UploadedFile]>) => void

/**
 * The writer of a query (or form, header, cookie) field's type as
 * `key=value` pairs, with the router's texts and checks.
 *
 * @example
 * ```ts
 * const pairs: Array<readonly [string, string]> = []
 * pairsWriter(t.list(t.int))("tag", [1, 2], pairs) // pairs: [["tag", "1"], ["tag", "2"]]
 * ```
 */
export function pairsWriter(type: Descriptor): PairsWrite {
  const d = resolve(type)
  const several = d.kind === "list"
  const inner = d.kind === "option" || several ? resolve(d.of) : d
  // A form's file field: one file, an optional one, or a list of them.
  if (inner.kind === "file")
    return (key, value, pairs) => {
      const files = several ? value : value === undefined && d.kind === "option" ? [] : [value]
      if (!Array.isArray(files) || !files.every(isFile)) mismatch(several ? "a list of files" : "a file", value)
      for (const file of files as UploadedFile[]) pairs.push([checkQueryText(key), file])
    }
  const text = textOf(inner) as (value: unknown) => string
  return (key, value, pairs) => {
    if (value === undefined && d.kind === "option") return
    if (several && !Array.isArray(value)) mismatch("an array", value)
    for (const entry of several ? (value as unknown[]) : [value])
      pairs.push([checkQueryText(key), checkQueryText(text(entry))])
  }
}

function caseWriter(d: CaseDescriptor | RecordDescriptor, urlTag: string | undefined): LinkWrite {
  let compiled: LinkWrite | undefined
  const build = (): LinkWrite => {
    const shape = linkShapes(d, urlTag)[0] as LinkShape
    const pieces = shape.pieces.map((piece) =>
      "literal" in piece
        ? piece
        : {
            name: piece.field.name,
            write: piece.rest ? wildcardWriter(piece.field.type) : linkWriterOf(piece.field.type),
          },
    )
    // Query, form, header and cookie fields, in field order, as the full router writes them.
    const params = shape.fields
      .filter((field) => field.source !== "path" && field.source !== "json")
      .map((field) => ({
        field,
        key: field.source === "header" ? field.key.toLowerCase() : field.key,
        write: pairsWriter(field.type),
      }))
    const json = shape.fields.find((field) => field.source === "json")
    const method = shape.methods?.[0]
    return (value, out) => {
      if (typeof value !== "object" || value === null) mismatch("an object", value)
      const record = value as Readonly<Record<string, unknown>>
      out.method ??= method
      for (const piece of pieces)
        if ("literal" in piece) out.segments.push(piece.literal)
        else inField(piece.name, () => piece.write(record[piece.name], out))
      let form: Array<readonly [string, string | UploadedFile]> | undefined
      for (const { field, key, write } of params) {
        const source = field.source
        const pairs =
          source === "query"
            ? out.query
            : source === "form"
              ? (form ??= [])
              : source === "header"
                ? (out.headers ??= [])
                : (out.cookies ??= [])
        inField(field.name, () => write(key, record[field.name], pairs as Array<readonly [string, string]>))
      }
      // The body (a link carries none: the typed client sends it).
      if (form) out.body = { kind: "form", fields: form }
      if (json) out.body = { kind: "json", descriptor: json.type, value: record[json.name] }
    }
  }
  // The shape is read on the first link of the case: a template is read once, and only if it is linked.
  return (value, out) => (compiled ??= build())(value, out)
}
