/**
 * The sentences of the router's combinators (`Router.Shift`,
 * `Router.Single`), written once. Part of `routerMessages`, which tests
 * import.
 *
 * @example
 * ```ts
 * combinatorMessages.singlePath("about") //=> "Router.Single: 'about' is not a path starting with '/'"
 * ```
 */
export const combinatorMessages = {
  shiftEmpty: "Router.Shift needs a non-empty segment",
  singlePath: (url: string) => `Router.Single: '${url}' is not a path starting with '/'`,
} as const
