/**
 * The pipeline every host runs (`serve.ts`): the options it reads
 * (`host-options.ts`, plain data that points back at nothing) and the
 * platform a runtime brings, the target's and the body's limits, the order
 * of refusals, the CSRF check, the context a handler gets, `Allow` and 405,
 * problem details, compression plans, deadlines, the finishing every answer
 * gets, WebSocket upgrade decisions, and the observe hook and telemetry
 * scope. The hosts (`node/`, `fetch/`) and the static export build on it.
 *
 * It may import `descriptor/`, `internal/`, `router/`, `router/body/`,
 * `router/codec/`, `router/request/`, `router/table/`, `sitelet/`,
 * `sitelet/auth/`, `sitelet/content/`, `sitelet/cors/`, `sitelet/http/` and
 * `sitelet/sockets/` (its row of docs/architecture.md, which the layers test
 * holds the code to). Other rooms import its modules by their paths, not
 * through this index, so a bundle or a Worker loads only the modules it
 * uses; this index is the room's table of contents, checked by the compiler.
 *
 * @example
 * ```ts
 * const outcome = await serveRequest(site, { method: "GET", target: "/", headers, readBody, secure: false }, resolveHostOptions({}))
 * ```
 */
export { errorContent } from "./answer-finish.js"
export { BodyBytes } from "./body-bytes.js"
export { bodyTooLarge, declaresOver, isLength } from "./body-limit.js"
export type { Encoding } from "./compression.js"
export type { CsrfOptions } from "./csrf.js"
export type { ContextInit } from "./host-context.js"
export { HostError, type HostErrorType, hostMessages, isHostError } from "./host-errors.js"
export {
  bodyLimitFor,
  defaultLimits,
  type HostLimits,
  type HostOptions,
  type ResolvedHostOptions,
  resolveHostOptions,
} from "./host-options.js"
export { report, type RequestStart } from "./observe.js"
export { compressionFormat, type HostPlatform } from "./platform.js"
export type { RequestObserver, RequestRecord } from "./request-record.js"
export { serveWithin } from "./scoped-serve.js"
export type { ServeInit, ServeOutcome } from "./serve-outcome.js"
export { serveRequest } from "./serve.js"
export { notSocketAnswer, selectedProtocol } from "./upgrade.js"
export { tracedSocket, watchRequest } from "./watch.js"
