/**
 * Request errors a host answers with a 4xx status: too large, too long,
 * malformed. They carry the body-parser/http-errors shape (`status`,
 * `statusCode`, `expose`, `type`) so Connect apps render them with their
 * own error handler.
 */

/**
 * The sentences of host errors, written once.
 *
 * @example
 * ```ts
 * hostMessages.urlTooLong(8192) //=> "Request target is longer than 8192 characters"
 * ```
 */
export const hostMessages = {
  bodyTooLarge: (limit: number) => `Request body is larger than ${limit} bytes`,
  urlTooLong: (limit: number) => `Request target is longer than ${limit} characters`,
  tooManyParameters: (limit: number) => `Request has more than ${limit} query parameters`,
  badTarget: (reason: string) => `Bad request target: ${reason}`,
  repeatedHost: "A request carries one Host header (RFC 9112 §3.2), this one carries several",
  bodyAborted: "Request body was aborted before it was complete",
  noFetchSocket:
    "This runtime has no WebSocket upgrade the Fetch host knows (Deno.upgradeWebSocket, WebSocketPair, Bun's server.upgrade): serve WebSockets on node:http with NodeHandler(site).upgrade",
  noUpgradeListener:
    'NodeHandler: a WebSocket case answered a request the server did not pass as an upgrade: add server.on("upgrade", handler.upgrade)',
  tooManyFormFields: (limit: number) => `Request body has more than ${limit} form parameters`,
  unsupportedMediaType: (type: string) => `Unsupported Content-Type '${type}' for this endpoint`,
  missingContentType: "Request body has no Content-Type (this endpoint reads application/json or a form)",
  unsupportedCharset: (charset: string) => `Unsupported charset '${charset}' (only utf-8 is accepted)`,
  invalidUtf8: "Request body is not valid UTF-8",
  unreadableBody: "Request body does not match what the endpoint expects",
  crossSite: (origin: string | null) =>
    origin === null
      ? "Cross-site request refused: an unsafe method without an Origin or Sec-Fetch-Site header"
      : `Cross-site request refused: origin '${origin}' is not this site's`,
  badTrustedOrigin: (origin: string) =>
    `Host option csrf.trustedOrigins: '${origin}' is not an origin (scheme://host[:port])`,
  badJsonBody: (detail: string) => `Request body is not the JSON this endpoint reads: ${detail}`,
  badFormField: (name: string, reason: string) => `Form field '${name}': ${reason}`,
  notFound: "Not Found",
  badThreshold: (value: unknown) => `Host option compress.threshold: ${String(value)} is not a whole number of bytes`,
  badEncoding: (value: string) => `Host option compress.encodings: '${value}' is not one of br, zstd, gzip`,
  badDeadline: (value: unknown) =>
    `Host option deadline: ${String(value)} is not a whole number of milliseconds from 1 to ${2 ** 31 - 1}`,
  deadlinePassed: (deadline: number) => `The handler did not answer within the ${deadline} ms deadline`,
  internalError: "Internal Server Error",
  badLimit: (name: string, value: unknown, minimum: number) =>
    `Host option limits.${name}: ${String(value)} is not an integer of at least ${minimum}`,
  badBasePath: (basePath: string) => `Host option basePath: '${basePath}' must look like "/app" (segments, no dots)`,
} as const

/**
 * The stable `type` of each host error.
 *
 * @example
 * ```ts
 * const type: HostErrorType = "entity.too.large"
 * ```
 */
export type HostErrorType =
  | "entity.too.large"
  | "uri.too.long"
  | "parameters.too.many"
  | "request.target.malformed"
  | "request.host.repeated"
  | "request.aborted"
  | "unsupported.media.type"
  | "charset.unsupported"
  | "encoding.invalid"
  | "entity.parse.failed"
  | "request.cross.site"
  | "request.deadline"

/**
 * A 4xx error raised by a host while reading a request (or the 503 of a
 * handler past the host's `deadline`).
 *
 * @example
 * ```ts
 * throw new HostError(413, "entity.too.large", hostMessages.bodyTooLarge(1048576))
 * ```
 */
export class HostError extends Error {
  override readonly name = "HostError"
  readonly status: number
  readonly statusCode: number
  /** The message is safe to show to the client. */
  readonly expose = true
  readonly type: HostErrorType
  constructor(status: number, type: HostErrorType, message: string) {
    super(message)
    this.status = status
    this.statusCode = status
    this.type = type
  }
}

/**
 * Whether an error is a `HostError` (a client error, not a bug).
 *
 * @example
 * ```ts
 * isHostError(new HostError(414, "uri.too.long", "…")) //=> true
 * ```
 */
export function isHostError(error: unknown): error is HostError {
  return error instanceof HostError
}
