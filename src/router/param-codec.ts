import type { Descriptor } from "../descriptor/descriptor.js"
import { resolve } from "../descriptor/composites.js"
import { LinkFailure } from "./link-error.js"
import { routerMessages } from "./messages.js"
import { textCodecOf, type TextCodec } from "./scalar.js"
import { checkQueryText } from "./segment-check.js"

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
  /** The values the request has for the key (undefined when absent). */
  read(values: readonly string[] | undefined): ParamRead
  /** Appends `key=value` pairs; an undefined option adds nothing. */
  write(key: string, value: unknown, out: Array<readonly [string, string]>): void
  /** `query:int`-style signature used by the shadowing check. */
  readonly kind: string
}

const missing: ParamRead = { ok: false }

function scalarOf(descriptor: Descriptor, where: string): TextCodec {
  const d = resolve(descriptor)
  const codec = textCodecOf(d)
  if (!codec) throw new TypeError(routerMessages.notInQuery(where, d.kind))
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
export function paramCodecOf(descriptor: Descriptor, where: string): ParamCodec {
  const d = resolve(descriptor)
  if (d.kind === "option") {
    const item = scalarOf(d.of, where)
    return {
      kind: "option:" + item.kind,
      read: (values) => {
        if (values === undefined || values.length === 0) return { ok: true, value: undefined }
        const value = item.fromText(values[0] as string)
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
          const value = item.fromText(text)
          if (value === undefined) return missing
          items.push(value)
        }
        return { ok: true, value: items }
      },
      write: (key, value, out) => {
        if (!Array.isArray(value)) throw new LinkFailure(routerMessages.linkWrongType("an array", value), true)
        for (const entry of value) out.push([checkQueryText(key), checkQueryText(item.toText(entry))])
      },
    }
  }
  const scalar = scalarOf(d, where)
  return {
    kind: scalar.kind,
    read: (values) => {
      if (values === undefined || values.length === 0) return missing
      const value = scalar.fromText(values[0] as string)
      return value === undefined ? missing : { ok: true, value }
    },
    write: (key, value, out) => {
      out.push([checkQueryText(key), checkQueryText(scalar.toText(value))])
    },
  }
}
