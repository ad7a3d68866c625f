/**
 * Typed values a guard hands to the handlers after it (`Sitelet.Value`):
 * the tenant a host name maps to, the claims of a verified token. A value
 * lives with its request (kept beside the request the context reads, so
 * every context of one request — a `Map`ped or `Embed`ded part's too —
 * sees it) and is gone with it. Keys are objects, never strings a client
 * could choose.
 */
import type { Context } from "./context.js"
import { siteletMessages } from "./messages.js"

// Per request (the context's `Request` view, shared by every context of the request): its values by key.
const values = new WeakMap<object, Map<ContextValue<unknown>, unknown>>()

/**
 * A typed value of a request: set by a guard, read by handlers.
 *
 * @example
 * ```ts
 * const Tenant = Sitelet.Value<string>("tenant")
 * Tenant.Set(ctx, "acme")      // in a guard
 * Tenant.Of(ctx)               //=> "acme", in a handler behind it
 * ```
 */
export interface ContextValue<T> {
  /** The name, for messages. */
  readonly name: string
  /** Sets the value for this request. */
  Set(ctx: Context<never>, value: T): void
  /** The value, or `undefined` when nothing set it for this request. */
  Get(ctx: Context<never>): T | undefined
  /** The value; throws (a 500 for the request) when nothing set it: a handler placed outside its guard. */
  Of(ctx: Context<never>): T
}

/**
 * A new typed value key.
 *
 * @example
 * ```ts
 * const Claims = Sitelet.Value<{ sub: string; scope: string }>("claims")
 * ```
 */
export function Value<T>(name: string): ContextValue<T> {
  const key: ContextValue<T> = Object.freeze({
    name,
    Set(ctx: Context<never>, value: T) {
      let map = values.get(ctx.Request)
      if (map === undefined) values.set(ctx.Request, (map = new Map()))
      map.set(key as ContextValue<unknown>, value)
    },
    Get(ctx: Context<never>) {
      return values.get(ctx.Request)?.get(key as ContextValue<unknown>) as T | undefined
    },
    Of(ctx: Context<never>) {
      const map = values.get(ctx.Request)
      if (map === undefined || !map.has(key as ContextValue<unknown>))
        throw new TypeError(siteletMessages.valueNotSet(name))
      return map.get(key as ContextValue<unknown>) as T
    },
  })
  return key
}
