/**
 * Values that are ready now or later. Routing and dispatch are synchronous
 * unless a body must be read: a settled value skips the promise, the
 * microtask and the async frame an `await` would cost on every request.
 */

/**
 * A value, or a promise of one.
 *
 * @example
 * ```ts
 * const now: MaybePromise<number> = 1
 * const later: MaybePromise<number> = Promise.resolve(1)
 * ```
 */
export type MaybePromise<Value> = Value | Promise<Value>

/**
 * Whether a value is a promise (any thenable: a router written by hand may
 * return one from another realm). Route results and dispatched parts are
 * plain objects with no `then`, so they never pass for one.
 *
 * @example
 * ```ts
 * isPromise(Promise.resolve(1)) //=> true
 * isPromise({ $: "Success" })   //=> false
 * ```
 */
export function isPromise<Value>(value: MaybePromise<Value>): value is Promise<Value> {
  return typeof value === "object" && value !== null && typeof (value as { then?: unknown }).then === "function"
}

/**
 * Applies `next` to a value now, or when its promise settles.
 *
 * @example
 * ```ts
 * andThen(2, (n) => n + 1)                  //=> 3
 * await andThen(Promise.resolve(2), (n) => n + 1) //=> 3
 * ```
 */
export function andThen<Value, Result>(
  value: MaybePromise<Value>,
  next: (value: Value) => MaybePromise<Result>,
): MaybePromise<Result> {
  return isPromise(value) ? value.then(next) : next(value)
}
