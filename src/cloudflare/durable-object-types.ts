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

/** A Workers WebSocket: the standard one, plus `accept()` for a socket of a `WebSocketPair`. */
export interface WorkersWebSocket {
  accept(): void
  send(message: string): void
  close(code?: number, reason?: string): void
  addEventListener(type: "message", listener: (event: { data: unknown }) => void): void
  addEventListener(type: "close" | "error", listener: () => void): void
}

/** The state a Durable Object's constructor receives (the WebSocket Hibernation API where the runtime has it). */
export interface DurableObjectStateLike {
  readonly storage: DurableObjectStorageLike
  blockConcurrencyWhile<Value>(callback: () => Promise<Value>): Promise<Value>
  acceptWebSocket?(socket: WorkersWebSocket): void
  getWebSockets?(): WorkersWebSocket[]
}
