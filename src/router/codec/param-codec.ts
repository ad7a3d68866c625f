import type { Descriptor, FileDescriptor } from "../../descriptor/descriptor.js"
import type { FormValue } from "../body/multipart.js"
import { resolve } from "../../descriptor/composites.js"
import { LinkFailure } from "../link/link-error.js"
import { codecMessages } from "./codec-messages.js"
import { linkWrongType } from "../link/link-messages.js"
import { textCodecOf, type TextCodec } from "./scalar.js"
import { checkQueryText } from "../link/segment-check.js"
import { isUploadedFile as isFile } from "../../descriptor/uploaded-file.js"

/**
 * Reading a query or form field: the value, or why it is missing.
 *
 * @example
 * ```ts
 * paramCodecOf(t.int, "q").read(["x"]) //=> { ok: false }
 * ```
 */
export type ParamRead = { readonly ok: true; readonly value: unknown } | { readonly ok: false }

/**
 * A query or form field: a scalar (first value), an option of a scalar
 * (absent key → undefined) or a list of scalars (every value of the key).
 *
 * @example
 * ```ts
 * paramCodecOf(t.list(t.int), "tags").write("tag", [1, 2], out) // out: [["tag", "1"], ["tag", "2"]]
 * ```
 */
export interface ParamCodec {
  /** The values the request has for the key (undefined when absent); a multipart form may hold files. */
  read(values: readonly FormValue[] | undefined): ParamRead
  /** Appends `key=value` pairs (a file field: `key` and the file); an undefined option adds nothing. */
  write(key: string, value: unknown, out: Array<readonly [string, FormValue]>): void
  /** `query:int`-style signature used by the shadowing check. */
  readonly kind: string
  /** What a value must be, when the kind does not say it all (a file's size limit), for refusal messages. */
  readonly expected?: string
}

const missing: ParamRead = { ok: false }

/** The file fields: one file (the first), an optional one, or every file of the key; text values never fit. */
function fileCodec(shape: "one" | "option" | "list", file: FileDescriptor): ParamCodec {
  const fits = (value: FormValue) => isFile(value) && (file.maxBytes === undefined || value.size <= file.maxBytes)
  return {
    kind: shape === "one" ? "file" : `${shape}:file`,
    expected: file.maxBytes === undefined ? undefined : codecMessages.fileOfAtMost(file.maxBytes, shape === "list"),
    read: (values) => {
      if (shape === "list") return (values ?? []).every(fits) ? { ok: true, value: values ?? [] } : missing
      const first = values?.[0]
      if (first === undefined) return shape === "option" ? { ok: true, value: undefined } : missing
      return fits(first) ? { ok: true, value: first } : missing
    },
    write: (key, value, out) => {
      const files = shape === "list" ? value : value === undefined && shape === "option" ? [] : [value]
      if (!Array.isArray(files) || !files.every(isFile))
        throw new LinkFailure(linkWrongType(shape === "list" ? "a list of files" : "a file", value), true)
      for (const entry of files) out.push([checkQueryText(key), entry])
    },
  }
}

function scalarOf(descriptor: Descriptor, where: string): TextCodec {
  const d = resolve(descriptor)
  const codec = textCodecOf(d)
  if (!codec) throw new TypeError(codecMessages.notInQuery(where, d.kind))
  return codec
}

/**
 * The codec of a query or form field's type; throws when the type cannot be
 * carried by `key=value` pairs (records, unions, maps, nested options).
 *
 * @example
 * ```ts
 * paramCodecOf(t.option(t.int), "Search.page").read(["2"]) //=> { ok: true, value: 2 }
 * ```
 */
export function paramCodecOf(descriptor: Descriptor, where: string, source: "query" | "form" = "query"): ParamCodec {
  const d = resolve(descriptor)
  const inner = d.kind === "option" || d.kind === "list" ? resolve(d.of) : d
  if (inner.kind === "file") {
    if (source !== "form") throw new TypeError(codecMessages.fileNotInForm(where))
    return fileCodec(d.kind === "option" ? "option" : d.kind === "list" ? "list" : "one", inner)
  }
  if (d.kind === "option") {
    const item = scalarOf(d.of, where)
    return {
      kind: "option:" + item.kind,
      read: (values) => {
        if (values === undefined || values.length === 0) return { ok: true, value: undefined }
        const first = values[0]
        const value = typeof first === "string" ? item.fromText(first) : undefined
        return value === undefined ? missing : { ok: true, value }
      },
      write: (key, value, out) => {
        if (value !== undefined) out.push([checkQueryText(key), checkQueryText(item.toText(value))])
      },
    }
  }
  if (d.kind === "list") {
    const item = scalarOf(d.of, where)
    return {
      kind: "list:" + item.kind,
      read: (values) => {
        const items: unknown[] = []
        for (const text of values ?? []) {
          const value = typeof text === "string" ? item.fromText(text) : undefined
          if (value === undefined) return missing
          items.push(value)
        }
        return { ok: true, value: items }
      },
      write: (key, value, out) => {
        if (!Array.isArray(value)) throw new LinkFailure(linkWrongType("an array", value), true)
        for (const entry of value) out.push([checkQueryText(key), checkQueryText(item.toText(entry))])
      },
    }
  }
  const scalar = scalarOf(d, where)
  return {
    kind: scalar.kind,
    read: (values) => {
      if (values === undefined || values.length === 0) return missing
      const first = values[0]
      const value = typeof first === "string" ? scalar.fromText(first) : undefined
      return value === undefined ? missing : { ok: true, value }
    },
    write: (key, value, out) => {
      out.push([checkQueryText(key), checkQueryText(scalar.toText(value))])
    },
  }
}
