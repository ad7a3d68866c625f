import type { Descriptor } from "../descriptor/descriptor.js"
import { defaultPathDateFormat, fitsFormat, formatDate, parseDate } from "../descriptor/date-format.js"
import { LinkFailure } from "./link-error.js"
import { routerMessages } from "./messages.js"

/**
 * A value that is one piece of text in a URL: a path segment or a query /
 * form value. `fromText` returns undefined when the text is not a value;
 * `toText` throws a {@link LinkFailure} when no text can carry the value.
 *
 * @example
 * ```ts
 * textCodecOf(t.int)?.fromText("-7") //=> -7
 * ```
 */
export interface TextCodec {
  readonly kind: string
  fromText(text: string): unknown
  toText(value: unknown): string
}

const isDigit = (code: number) => code >= 48 && code <= 57

/** `-?[0-9]+` without a regex. */
function isInteger(text: string): boolean {
  const start = text.charCodeAt(0) === 45 ? 1 : 0
  if (text.length === start) return false
  for (let i = start; i < text.length; i++) if (!isDigit(text.charCodeAt(i))) return false
  return true
}

/** `-?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?` as a linear scan. */
function isDecimal(text: string): boolean {
  let i = text.charCodeAt(0) === 45 ? 1 : 0
  const digits = () => {
    const from = i
    while (i < text.length && isDigit(text.charCodeAt(i))) i++
    return i > from
  }
  if (!digits()) return false
  if (text[i] === ".") {
    i++
    if (!digits()) return false
  }
  if (text[i] === "e" || text[i] === "E") {
    i++
    if (text[i] === "+" || text[i] === "-") i++
    if (!digits()) return false
  }
  return i === text.length
}

const fail = (reason: string): never => {
  throw new LinkFailure(reason)
}

// The value is not of the descriptor's type at all: see LinkFailure.mismatch.
const mismatch = (reason: string): never => {
  throw new LinkFailure(reason, true)
}

const intCodec: TextCodec = {
  kind: "int",
  fromText: (text) => {
    if (text.length > 17 || !isInteger(text)) return undefined
    const value = Number(text)
    return Number.isSafeInteger(value) ? value + 0 : undefined
  },
  toText: (value) =>
    typeof value !== "number"
      ? mismatch(routerMessages.linkWrongType("int", value))
      : Number.isSafeInteger(value)
        ? String(value)
        : fail(routerMessages.linkUnsafeInteger(value)),
}

const floatCodec: TextCodec = {
  kind: "float",
  fromText: (text) => (text.length <= 400 && isDecimal(text) ? Number(text) + 0 : undefined),
  toText: (value) =>
    typeof value !== "number"
      ? mismatch(routerMessages.linkWrongType("float", value))
      : Number.isFinite(value)
        ? String(value)
        : fail(routerMessages.linkNotFinite(value)),
}

const stringCodec: TextCodec = {
  kind: "string",
  fromText: (text) => text,
  toText: (value) => (typeof value === "string" ? value : mismatch(routerMessages.linkWrongType("string", value))),
}

const boolCodec: TextCodec = {
  kind: "bool",
  fromText: (text) => {
    const lower = text.length === 4 || text.length === 5 ? text.toLowerCase() : ""
    return lower === "true" ? true : lower === "false" ? false : undefined
  },
  toText: (value) =>
    typeof value === "boolean" ? String(value) : mismatch(routerMessages.linkWrongType("bool", value)),
}

const bigintCodec: TextCodec = {
  kind: "bigint",
  // 1000 digits at most: BigInt parsing is superlinear in the length.
  fromText: (text) => (text.length <= 1001 && isInteger(text) ? BigInt(text) : undefined),
  toText: (value) =>
    typeof value === "bigint" ? value.toString() : mismatch(routerMessages.linkWrongType("bigint", value)),
}

function dateCodec(format: string): TextCodec {
  return {
    kind: "datetime",
    fromText: (text) => parseDate(text, format),
    toText: (value) => {
      if (!(value instanceof Date)) return mismatch(routerMessages.linkWrongType("Date", value))
      return (
        formatDate(value, format) ??
        fail(fitsFormat(value, format) ? routerMessages.linkInvalidDate : routerMessages.linkDateBeyondFormat(format))
      )
    },
  }
}

function enumCodec(values: ReadonlyArray<readonly [string, number]>): TextCodec {
  const allowed = new Set(values.map(([, value]) => value))
  return {
    kind: "enum",
    fromText: (text) => {
      const value = intCodec.fromText(text)
      return allowed.has(value as number) ? value : undefined
    },
    toText: (value) => (allowed.has(value as number) ? String(value) : fail(routerMessages.linkNotEnum(value))),
  }
}

/**
 * The text codec of a scalar descriptor (already resolved), or undefined for
 * a composite one.
 *
 * @example
 * ```ts
 * textCodecOf(t.bool)?.fromText("TRUE") //=> true
 * textCodecOf(t.float)?.toText(0.1)     //=> "0.1"
 * ```
 */
export function textCodecOf(descriptor: Descriptor): TextCodec | undefined {
  switch (descriptor.kind) {
    case "int":
      return intCodec
    case "float":
      return floatCodec
    case "string":
      return stringCodec
    case "bool":
      return boolCodec
    case "bigint":
      return bigintCodec
    case "datetime":
      return dateCodec(descriptor.format ?? defaultPathDateFormat)
    case "enum":
      return enumCodec(descriptor.values)
    default:
      return undefined
  }
}
