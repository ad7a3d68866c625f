/**
 * The parts of the Workers runtime's Durable Object API that sitelets
 * uses, as structural types: `sitelets/cloudflare` needs no
 * `@cloudflare/workers-types` and imports nothing from `cloudflare:`
 * modules, so it type-checks and bundles anywhere, and a Worker's own
 * bindings (typed by `wrangler types` or workers-types) fit these.
 */

/** A Durable Object's stub: `fetch` reaches its `fetch` handler. */
export interface DurableObjectStubLike {
  fetch(input: string, init?: RequestInit): Promise<Response>
}

/**
 * A Durable Object namespace binding (`env.LIMITS`).
 *
 * @example
 * ```ts
 * const store = durableObjectStore(env.LIMITS as DurableObjectNamespaceLike)
 * ```
 */
export interface DurableObjectNamespaceLike {
  idFromName(name: string): unknown
  get(id: never): DurableObjectStubLike
}

/** A Durable Object's storage: the calls sitelets makes. */
export interface DurableObjectStorageLike {
  get<Value>(key: string): Promise<Value | undefined>
  put(key: string, value: unknown): Promise<void>
  deleteAll(): Promise<void>
  setAlarm(scheduledTime: number): Promise<void>
}

/** The state a Durable Object's constructor receives. */
export interface DurableObjectStateLike {
  readonly storage: DurableObjectStorageLike
  blockConcurrencyWhile<Value>(callback: () => Promise<Value>): Promise<Value>
}
