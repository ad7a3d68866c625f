/**
 * A shared store's answer, or a rejection after a deadline: a store that
 * does not answer (a Redis client queueing commands while it reconnects, a
 * Durable Object far away) must not hold a request forever.
 */

/**
 * `promise`, or a rejection with `Error(message)` after `ms` milliseconds;
 * the timer is cleared when `promise` settles first.
 *
 * @example
 * ```ts
 * await withTimeout(send(["PING"]), 1000, "Redis did not answer within 1000 ms")
 * ```
 */
export function withTimeout<Value>(promise: Promise<Value>, ms: number, message: string): Promise<Value> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms)
  })
  return Promise.race([promise, late]).finally(() => clearTimeout(timer))
}
