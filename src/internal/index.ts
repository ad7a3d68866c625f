/**
 * Small helpers every room may use and none exports to users:
 * maybe-promises, UTF-8 and base64url, digests and HMAC keys, HTTP tokens,
 * list memos, bounded store keys, numbers in words, timeouts, and the
 * telemetry seam the hosts call through (`otel/` fills it).
 *
 * It imports no other room. Other rooms import its modules by their paths,
 * not through this index, so a bundle or a Worker loads only the modules it
 * uses; this index is the room's table of contents, checked by the compiler.
 *
 * @example
 * ```ts
 * const key = storedKey("k".repeat(100_000)) // bounded, as every store keeps it
 * ```
 */
export { base64UrlDecode, base64UrlEncode, utf8Decode, utf8Encode } from "./crypto-encoding.js"
export { checkSecrets, type Keyring, keyringFor, type Secret, sign, verify } from "./crypto-keys.js"
export { type BodyDigest, webDigest } from "./digest.js"
export { digitsAt } from "./digits.js"
export { isHttpToken } from "./http-token.js"
export { memoByList } from "./list-memo.js"
export { andThen, isPromise, type MaybePromise } from "./maybe-promise.js"
export { secretMessages } from "./secret-messages.js"
export { fnv1a, storedKey } from "./stored-key.js"
export type {
  Telemetry,
  TelemetryClientRequest,
  TelemetryClientScope,
  TelemetryEnd,
  TelemetryRequest,
  TelemetryScope,
  TelemetrySession,
  TelemetrySessionStart,
} from "./telemetry.js"
export { utf8Length } from "./utf8-length.js"
export { isWellFormed } from "./well-formed.js"
export { withTimeout } from "./with-timeout.js"
export { countOf, rateInWords } from "./words.js"
