import { unplacedHole } from "../../descriptor/end-point-holes.js"

/**
 * Sentences of the codec a declaration compiles to: a case's `EndPoint`
 * that cannot be placed, a field no URL can carry, and why a form field
 * did not read (`MissingFormData.reason`). Written once; part of
 * `routerMessages`, which tests import.
 *
 * @example
 * ```ts
 * codecMessages.endPointNoSlash("Home", "home") //=> "Case 'Home': EndPoint 'home' must have a path starting with '/'"
 * ```
 */
export const codecMessages = {
  endPointHoleUnknown: (caseName: string, endPoint: string, hole: string) =>
    `Case '${caseName}': ${unplacedHole(endPoint, hole)}`,
  endPointHoleTwice: (caseName: string, endPoint: string, hole: string) =>
    `Case '${caseName}': EndPoint '${endPoint}' places '<${hole}>' twice`,
  endPointNoSlash: (caseName: string, endPoint: string) =>
    `Case '${caseName}': EndPoint '${endPoint}' must have a path starting with '/'`,
  endPointDotLiteral: (caseName: string, endPoint: string) =>
    `Case '${caseName}': EndPoint '${endPoint}' has a '.' or '..' segment`,
  endPointBadMethod: (caseName: string, endPoint: string, method: string) =>
    `Case '${caseName}': EndPoint '${endPoint}' has an invalid method '${method}'`,
  notInQuery: (where: string, kind: string) =>
    `${where}: a ${kind} cannot be carried by a query or form parameter (use int, float, string, bool, bigint, datetime, enum, or an option or list of those)`,
  zeroWidthListItem: (where: string) =>
    `${where}: list items that take no path segment cannot be carried by a URL path`,
  wildcardItemWidth: (where: string) => `${where}: a Wildcard list needs items that take at least one path segment`,
  /** Why a form field did not read (`MissingFormData.reason`). */
  fileNotInForm: (where: string) => `${where}: t.file is an uploaded file; it can only be a FormData field`,
  formFieldMissing: "no value",
  formMalformed:
    "the form body is malformed (a bad percent-escape, or a multipart body without its boundary or closing delimiter)",
  /** What a `t.file({ MaxBytes })` field expects. */
  fileOfAtMost: (maxBytes: number, list: boolean) =>
    list ? `a list of files of at most ${maxBytes} bytes each` : `a file of at most ${maxBytes} bytes`,
  formFieldInvalid: (expected: string, received: string | { readonly size: number }) =>
    typeof received === "string"
      ? `expected ${expected}, got ${JSON.stringify(received)}`
      : `expected ${expected}, got a file of ${received.size} bytes`,
} as const
