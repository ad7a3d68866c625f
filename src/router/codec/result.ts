import type { JsonError } from "../../json/json-error.js"

/**
 * The outcome of parsing a request whose path matched, for
 * `Sitelet.InferWithErrors`. Missing values hold defaults (`0`, `""`,
 * `false`, `undefined`); when several errors occur the last is reported.
 *
 * @example
 * ```ts
 * const result = await router.ParseWithErrors({ method: "PUT", url: "/article/1/x" })
 * //=> { $: "InvalidMethod", endpoint: { $: "Article", id: 1, slug: "x" }, method: "PUT" }
 * ```
 */
export type ParseRequestResult<Endpoint> =
  | { readonly $: "Success"; readonly endpoint: Endpoint }
  | { readonly $: "InvalidMethod"; readonly endpoint: Endpoint; readonly method: string }
  | { readonly $: "MissingQueryParameter"; readonly endpoint: Endpoint; readonly name: string }
  | { readonly $: "InvalidJson"; readonly endpoint: Endpoint; readonly error: JsonError }
  | { readonly $: "MissingFormData"; readonly endpoint: Endpoint; readonly name: string; readonly reason: string }
  | { readonly $: "InvalidHeader"; readonly endpoint: Endpoint; readonly name: string }
  | { readonly $: "InvalidCookie"; readonly endpoint: Endpoint; readonly name: string }

/**
 * An error found while parsing leniently (the endpoint is attached later).
 *
 * @example
 * ```ts
 * const error: ParseError = { $: "MissingQueryParameter", name: "q" }
 * ```
 */
export type ParseError =
  | { readonly $: "InvalidMethod"; readonly method: string }
  | { readonly $: "MissingQueryParameter"; readonly name: string }
  | { readonly $: "InvalidJson"; readonly error: JsonError }
  | { readonly $: "MissingFormData"; readonly name: string; readonly reason: string }
  | { readonly $: "InvalidHeader"; readonly name: string }
  | { readonly $: "InvalidCookie"; readonly name: string }

/**
 * Attaches the endpoint to the last error, or makes a `Success`.
 *
 * @example
 * ```ts
 * resultOf(e, []) //=> { $: "Success", endpoint: e }
 * ```
 */
export function resultOf<Endpoint>(endpoint: Endpoint, errors: readonly ParseError[]): ParseRequestResult<Endpoint> {
  // No read at index -1 of an empty list: that is a slow property lookup, on every successful match.
  if (errors.length === 0) return { $: "Success", endpoint }
  return { ...(errors[errors.length - 1] as ParseError), endpoint }
}

/**
 * Maps the endpoint of a result, keeping its kind.
 *
 * @example
 * ```ts
 * mapResult({ $: "Success", endpoint: 1 }, (n) => n + 1) //=> { $: "Success", endpoint: 2 }
 * ```
 */
export function mapResult<From, To>(
  result: ParseRequestResult<From>,
  map: (endpoint: From) => To,
): ParseRequestResult<To> {
  return { ...result, endpoint: map(result.endpoint) }
}
