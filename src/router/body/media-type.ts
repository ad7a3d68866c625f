/**
 * The media type of a `Content-Type` header, and whether it is JSON: a
 * module of its own, so the typed client reads an answer's type without
 * the body readers around it.
 */

/**
 * The media type of a Content-Type header, lower-case, without parameters.
 *
 * @example
 * ```ts
 * mediaTypeOf("Application/JSON; charset=utf-8") //=> "application/json"
 * ```
 */
export function mediaTypeOf(contentType: string | null): string {
  if (contentType === null) return ""
  const semicolon = contentType.indexOf(";")
  return (semicolon < 0 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase()
}

/**
 * True for a JSON media type (as {@link mediaTypeOf} returns it):
 * `application/json` or any `*+json`.
 *
 * @example
 * ```ts
 * isJsonType("application/problem+json") //=> true
 * ```
 */
export const isJsonType = (type: string): boolean => type === "application/json" || type.endsWith("+json")
