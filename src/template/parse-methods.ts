import { unknownMethod, type UnknownMethod } from "./messages.js"

/**
 * The methods a template may name (a lookup table for the type level).
 *
 * @example
 * ```ts
 * type Ok = "POST" extends keyof Methods ? true : false //=> true
 * ```
 */
export interface Methods {
  GET: true
  HEAD: true
  POST: true
  PUT: true
  PATCH: true
  DELETE: true
  OPTIONS: true
}

const methods: ReadonlySet<string> = new Set<keyof Methods>([
  "GET",
  "HEAD",
  "POST",
  "PUT",
  "PATCH",
  "DELETE",
  "OPTIONS",
])

/**
 * Parses `GET|POST`: methods separated by `|`, any case, upper-cased.
 * Returns the error sentence instead of throwing, like its type twin.
 *
 * @example
 * ```ts
 * parseMethods("get|POST", "get|POST /x") //=> ["GET", "POST"]
 * parseMethods("FETCH", "FETCH /x")      //=> "Unknown method 'FETCH' in 'FETCH /x' (…)"
 * ```
 */
export function parseMethods(text: string, template: string): string[] | string {
  const parsed: string[] = []
  for (const token of text.split("|")) {
    const method = token.toUpperCase()
    if (!methods.has(method)) return unknownMethod(token, template)
    parsed.push(method)
  }
  return parsed
}
/**
 * Type twin of {@link parseMethods}: `true` or the error sentence.
 *
 * @example
 * ```ts
 * type Ok = ParseMethods<"GET|POST", "GET|POST /x"> //=> true
 * ```
 */
export type ParseMethods<Text extends string, Template extends string> = Text extends `${infer Token}|${infer Rest}`
  ? Uppercase<Token> extends keyof Methods
    ? ParseMethods<Rest, Template>
    : UnknownMethod<Token, Template>
  : Uppercase<Text> extends keyof Methods
    ? true
    : UnknownMethod<Text, Template>
