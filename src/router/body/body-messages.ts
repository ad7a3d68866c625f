/**
 * What a `Json` field needs of a request that is not JSON: the `expected`
 * of its `JsonError`, written once for the body readers. Part of
 * `routerMessages`, which tests import.
 *
 * @example
 * ```ts
 * bodyMessages.noContentType //=> "no Content-Type"
 * ```
 */
export const bodyMessages = {
  jsonBodyType: "a JSON body (Content-Type application/json or */*+json)",
  noContentType: "no Content-Type",
} as const
