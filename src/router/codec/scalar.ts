import type { Descriptor } from "../../descriptor/descriptor.js"
import { defaultPathDateFormat, parseDate } from "../../descriptor/date-format.js"
import { bigintText, boolText, dateText, enumText, floatText, intText, stringText } from "../link/scalar-text.js"

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

const intCodec: TextCodec = {
  kind: "int",
  fromText: (text) => {
    if (text.length > 17 || !isInteger(text)) return undefined
    const value = Number(text)
    return Number.isSafeInteger(value) ? value + 0 : undefined
  },
  toText: intText,
}

const floatCodec: TextCodec = {
  kind: "float",
  fromText: (text) => (text.length <= 400 && isDecimal(text) ? Number(text) + 0 : undefined),
  toText: floatText,
}

const stringCodec: TextCodec = {
  kind: "string",
  fromText: (text) => text,
  toText: stringText,
}

const boolCodec: TextCodec = {
  kind: "bool",
  fromText: (text) => {
    const lower = text.length === 4 || text.length === 5 ? text.toLowerCase() : ""
    return lower === "true" ? true : lower === "false" ? false : undefined
  },
  toText: boolText,
}

const bigintCodec: TextCodec = {
  kind: "bigint",
  // 1000 digits at most: BigInt parsing is superlinear in the length.
  fromText: (text) => (text.length <= 1001 && isInteger(text) ? BigInt(text) : undefined),
  toText: bigintText,
}

function dateCodec(format: string): TextCodec {
  return {
    kind: "datetime",
    fromText: (text) => parseDate(text, format),
    toText: dateText(format),
  }
}

function enumCodec(values: ReadonlyArray<readonly [string, number]>): TextCodec {
  const { allowed, toText } = enumText(values)
  return {
    kind: "enum",
    fromText: (text) => {
      const value = intCodec.fromText(text)
      return allowed.has(value as number) ? value : undefined
    },
    toText,
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
