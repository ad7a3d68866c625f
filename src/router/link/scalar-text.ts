/**
 * The text of a scalar value in a URL (a path segment, a query value): the
 * writing half of the scalar codecs, apart from their readers so a bundle
 * that only links carries this half alone. Each throws a `LinkFailure` when
 * no text carries the value (a mismatch when it is not of the type at all).
 */
import type { Descriptor } from "../../descriptor/descriptor.js"
import { defaultPathDateFormat, fitsFormat, formatDate } from "../../descriptor/date-format.js"
import { LinkFailure } from "./link-error.js"
import {
  linkDateBeyondFormat,
  linkInvalidDate,
  linkNotEnum,
  linkNotFinite,
  linkUnsafeInteger,
  linkWrongType,
} from "./link-messages.js"

const fail = (reason: string): never => {
  throw new LinkFailure(reason)
}

// The value is not of the descriptor's type at all: see LinkFailure.mismatch.
const mismatch = (reason: string): never => {
  throw new LinkFailure(reason, true)
}

/** An int's text: a safe integer. */
export const intText = (value: unknown): string =>
  typeof value !== "number"
    ? mismatch(linkWrongType("int", value))
    : Number.isSafeInteger(value)
      ? String(value)
      : fail(linkUnsafeInteger(value))

/** A float's text: the shortest that reads back, finite only. */
export const floatText = (value: unknown): string =>
  typeof value !== "number"
    ? mismatch(linkWrongType("float", value))
    : Number.isFinite(value)
      ? String(value)
      : fail(linkNotFinite(value))

/** A string is its own text. */
export const stringText = (value: unknown): string =>
  typeof value === "string" ? value : mismatch(linkWrongType("string", value))

/** `true` or `false`. */
export const boolText = (value: unknown): string =>
  typeof value === "boolean" ? String(value) : mismatch(linkWrongType("bool", value))

/** A bigint in decimal. */
export const bigintText = (value: unknown): string =>
  typeof value === "bigint" ? value.toString() : mismatch(linkWrongType("bigint", value))

/**
 * A date in `format` (UTC).
 *
 * @example
 * ```ts
 * dateText("yyyy-MM-dd")(new Date(Date.UTC(2026, 10, 27))) //=> "2026-11-27"
 * ```
 */
export const dateText =
  (format: string) =>
  (value: unknown): string => {
    if (!(value instanceof Date)) return mismatch(linkWrongType("Date", value))
    return formatDate(value, format) ?? fail(fitsFormat(value, format) ? linkInvalidDate : linkDateBeyondFormat(format))
  }

/**
 * An enum's text: one of its values.
 *
 * @example
 * ```ts
 * enumText([["Read", 1]]).toText(1) //=> "1"
 * ```
 */
export function enumText(values: ReadonlyArray<readonly [string, number]>) {
  const allowed = new Set(values.map(([, value]) => value))
  const toText = (value: unknown): string => (allowed.has(value as number) ? String(value) : fail(linkNotEnum(value)))
  return { allowed, toText }
}

/**
 * The text writer of a scalar descriptor (already resolved), or undefined
 * for a composite one.
 *
 * @example
 * ```ts
 * textOf(t.int)?.(5) //=> "5"
 * ```
 */
export function textOf(descriptor: Descriptor): ((value: unknown) => string) | undefined {
  switch (descriptor.kind) {
    case "int":
      return intText
    case "float":
      return floatText
    case "string":
      return stringText
    case "bool":
      return boolText
    case "bigint":
      return bigintText
    case "datetime":
      return dateText(descriptor.format ?? defaultPathDateFormat)
    case "enum":
      return enumText(descriptor.values).toText
    default:
      return undefined
  }
}
