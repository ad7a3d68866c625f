/**
 * The sentences of linking (`LinkError`'s reasons), apart from the rest of
 * the router's so a bundle that only links carries these alone. Part of
 * `routerMessages`, which tests import.
 *
 * @example
 * ```ts
 * linkMessages.linkError("Article.slug", linkMessages.linkEmptySegment)
 * //=> "Cannot link field 'Article.slug': an empty string cannot be a URL path segment"
 * ```
 */
export const linkMessages = {
  linkEmptySegment: "an empty string cannot be a URL path segment",
  linkDotSegment: (value: string) => `'${value}' cannot be a URL path segment (browsers would remove it)`,
  linkLoneSurrogate: "the text holds a lone surrogate, which has no UTF-8 form",
  linkNotFinite: (value: number) => `${value} is not a finite number`,
  linkUnsafeInteger: (value: unknown) => `${String(value)} is not a safe integer`,
  linkInvalidDate: "the date is invalid or its year is outside 0000-9999",
  linkDateBeyondFormat: (format: string) =>
    `the format '${format}' carries only part of the date, and the parts it leaves out must be those of 1970-01-01T00:00:00.000Z`,
  linkNotEnum: (value: unknown) => `${String(value)} is not one of the enum's values`,
  linkWrongType: (expected: string, value: unknown) =>
    `expected ${expected}, got ${value === null ? "null" : Array.isArray(value) ? "an array" : typeof value}`,
  linkUnknownCase: (tag: unknown) => `'${String(tag)}' is not a case of the union`,
  linkWildcardEmptyPiece: (value: string) =>
    `wildcard text '${value}' has an empty piece between slashes, which no URL can carry`,
  linkNoRoute: "no router of this composition produces this value",
  linkError: (field: string, reason: string) =>
    field === "" ? `Cannot link: ${reason}` : `Cannot link field '${field}': ${reason}`,
  linkNotInPath: (kind: string) => `a ${kind} cannot be carried by a URL path`,
} as const
