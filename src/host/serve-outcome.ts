/**
 * What a host hands the shared pipeline for one request (`ServeInit`) and
 * what it gets back (`ServeOutcome`): plain data, so the hosts, the
 * pipeline and the request records (`observe.ts`) share the types without
 * importing each other.
 */
import type { RouteHeaders } from "../router/request/request.js"
import type { StaticContent } from "../sitelet/content-model.js"
import type { Encoding } from "./compression.js"
import type { HostError } from "./host-errors.js"
import type { ContextInit } from "./host-context.js"

/**
 * What a host hands to `serveRequest` (serve.ts).
 *
 * @example
 * ```ts
 * const init: ServeInit = { method: "GET", target: "/", headers: new Headers(), readBody: async () => new Uint8Array(), secure: false }
 * ```
 */
export interface ServeInit extends ContextInit {
  readonly method: string
  /** The raw request target (origin-form or absolute-form). */
  readonly target: string
  /**
   * The target's origin-form (`/path?query`) when the host has it already:
   * the Fetch host cuts it from a URL whose authority is a plain
   * `host[:port]`. Else the target is parsed whole.
   */
  readonly originForm?: string | undefined
  /** More than one `Host` header came (a 400, RFC 9112 §3.2): set by hosts whose platform lets it through. */
  readonly repeatedHost?: boolean
  readonly headers: RouteHeaders
  /** Reads the body (at most once, as a method of the init) within `limit` bytes (a case's `MaxBytes`), else within the host's limit. */
  readonly readBody: (limit?: number) => Promise<Uint8Array>
}

/**
 * The outcome of serving one request:
 * - `served`: write the handler's `content`;
 * - `rejected`: a malformed or oversized request: write the 4xx `content`, or `next(error)` under Connect;
 * - `declined`: no part accepts the request (fall through / 404);
 * - `failed`: a handler threw (500, or `next(err)` under Connect).
 *
 * @example
 * ```ts
 * const outcome = await serveRequest(site, init, options)
 * if (outcome.kind !== "declined") write(outcome.content)
 * ```
 */
export type ServeOutcome =
  | {
      readonly kind: "served"
      readonly content: StaticContent
      readonly endpoint?: unknown
      /** Compress the body with this coding (the content's headers already say so, but for `Content-Encoding`). */
      readonly encoding?: Encoding
    }
  | {
      readonly kind: "rejected"
      readonly error: HostError
      readonly content: StaticContent
      readonly endpoint?: unknown
    }
  | { readonly kind: "declined" }
  | { readonly kind: "failed"; readonly error: unknown; readonly content: StaticContent; readonly endpoint?: unknown }
