// The sentences of linking, each its own export (documented with the table of them, \`linkMessages\`, below).
export const linkEmptySegment = "an empty string cannot be a URL path segment"
export const linkDotSegment = (value: string) => `'${value}' cannot be a URL path segment (browsers would remove it)`
export const linkLoneSurrogate = "the text holds a lone surrogate, which has no UTF-8 form"
export const linkNotFinite = (value: number) => `${value} is not a finite number`
export const linkUnsafeInteger = (value: unknown) => `${String(value)} is not a safe integer`
export const linkInvalidDate = "the date is invalid or its year is outside 0000-9999"
export const linkDateBeyondFormat = (format: string) =>
  `the format '${format}' carries only part of the date, and the parts it leaves out must be those of 1970-01-01T00:00:00.000Z`
export const linkNotEnum = (value: unknown) => `${String(value)} is not one of the enum's values`
export const linkWrongType = (expected: string, value: unknown) =>
  `expected ${expected}, got ${value === null ? "null" : Array.isArray(value) ? "an array" : typeof value}`
export const linkUnknownCase = (tag: unknown) => `'${String(tag)}' is not a case of the union`
export const linkWildcardEmptyPiece = (value: string) =>
  `wildcard text '${value}' has an empty piece between slashes, which no URL can carry`
export const linkNoRoute = "no router of this composition produces this value"
export const notCompiledLinks = "CompiledLinks: give it the module Router.CompileLinks wrote (its link)"
export const linkError = (field: string, reason: string) =>
  field === "" ? `Cannot link: ${reason}` : `Cannot link field '${field}': ${reason}`
export const linkNotInPath = (kind: string) => `a ${kind} cannot be carried by a URL path`

/**
 * The sentences of linking (`LinkError`'s reasons), apart from the rest of
 * the router's so a bundle that only links carries these alone — each its
 * own export, so a bundle of compiled links keeps only those its writers
 * can say, and all of them as `linkMessages`, part of `routerMessages`,
 * which tests import.
 *
 * @example
 * ```ts
 * linkMessages.linkError("Article.slug", linkMessages.linkEmptySegment)
 * //=> "Cannot link field 'Article.slug': an empty string cannot be a URL path segment"
 * ```
 */
export const linkMessages = {
  linkEmptySegment,
  linkDotSegment,
  linkLoneSurrogate,
  linkNotFinite,
  linkUnsafeInteger,
  linkInvalidDate,
  linkDateBeyondFormat,
  linkNotEnum,
  linkWrongType,
  linkUnknownCase,
  linkWildcardEmptyPiece,
  linkNoRoute,
  notCompiledLinks,
  linkError,
  linkNotInPath,
} as const
