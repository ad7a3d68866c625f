/**
 * The digest an `ETag` is made of: SHA-1 over the body's bytes (a cache
 * validator, not a signature: collisions only need to be unlikely), in
 * base64url. WebCrypto everywhere; the node host passes `node:crypto`'s
 * synchronous hash instead (no promise per response).
 */
import { base64UrlEncode, utf8Encode } from "./crypto-encoding.js"
import type { MaybePromise } from "./maybe-promise.js"

/**
 * Hashes a body (text is hashed as its UTF-8 bytes) to base64url text.
 *
 * @example
 * ```ts
 * const digest: BodyDigest = webDigest
 * await digest("hello") //=> "qvTGHdzF6KLavt4PO0gs2a6pQ00"
 * ```
 */
export type BodyDigest = (body: string | Uint8Array) => MaybePromise<string>

/**
 * SHA-1 of a body with WebCrypto (`crypto.subtle`): Node, Bun, Deno, Workers, browsers.
 *
 * @example
 * ```ts
 * await webDigest(new Uint8Array([104, 105])) //=> "WU5RlgtEKZ5Av_YjLDVqLi2mBCw"
 * ```
 */
export async function webDigest(body: string | Uint8Array): Promise<string> {
  const bytes = typeof body === "string" ? utf8Encode(body) : body
  const hash = await crypto.subtle.digest("SHA-1", bytes as Uint8Array<ArrayBuffer>)
  return base64UrlEncode(new Uint8Array(hash))
}
