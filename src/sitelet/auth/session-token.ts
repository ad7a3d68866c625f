/**
 * The signed tokens of a session's key ring:
 * `<kind>.<base64url(user name)>.<expiry, unix seconds>.<base64url(HMAC-SHA256)>`,
 * where the kind is `v1` for the session cookie and `b1` for a bearer token
 * (`ctx.UserSession.IssueToken`). The MAC covers the kind, name and expiry,
 * so a cookie's value is no bearer token and a bearer token no cookie.
 * Reading is strict and total: anything but exactly four well-formed parts
 * of the expected kind, a valid MAC under some key of the ring, and an
 * expiry in the future reads as `undefined` (anonymous).
 */
import { base64UrlDecode, base64UrlEncode, utf8Decode, utf8Encode } from "../../internal/crypto-encoding.js"
import { sign, verify, type Keyring } from "../../internal/crypto-keys.js"

/**
 * The most UTF-8 bytes a user name may take (keeps the cookie far below 4 KiB).
 *
 * @example
 * ```ts
 * new TextEncoder().encode(name).length <= maxUserNameBytes
 * ```
 */
export const maxUserNameBytes = 1024

/**
 * What a token is for: the session cookie (`v1`) or a bearer token (`b1`).
 *
 * @example
 * ```ts
 * const kind: TokenKind = "b1"
 * ```
 */
export type TokenKind = "v1" | "b1"

/**
 * The longest token a reader looks at (a longer one reads as `undefined`):
 * base64url of 1024 bytes is 1366 chars, the MAC 43, expiry ≤ 15 digits,
 * plus separators.
 *
 * @example
 * ```ts
 * token.length > maxTokenLength // refused unread
 * ```
 */
export const maxTokenLength = 1450

// Tokens already verified under a ring (the same ring object for the same secrets): a client sends the same token
// request after request, and an HMAC through WebCrypto is an asynchronous job each time. Only tokens that verified are
// kept, so a flood of forged ones cannot fill it; the expiry is checked again on every use; at most `rememberedTokens`
// per ring, the oldest dropped first.
const remembered = new WeakMap<Keyring, Map<string, { readonly name: string; readonly expiry: number }>>()
const rememberedTokens = 1024

const isDigits = (text: string): boolean => {
  if (text.length === 0 || text.length > 15 || (text.length > 1 && text.charCodeAt(0) === 0x30)) return false
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x30 || code > 0x39) return false
  }
  return true
}

/**
 * Signs a token for `name`, valid until `expiresAt` (unix seconds).
 *
 * @example
 * ```ts
 * await signSessionToken(ring, "alice", 1_900_000_000) //=> "v1.YWxpY2U.1900000000.…"
 * await signSessionToken(ring, "alice", 1_900_000_000, "b1") //=> "b1.YWxpY2U.1900000000.…"
 * ```
 */
export async function signSessionToken(
  ring: Keyring,
  name: string,
  expiresAt: number,
  kind: TokenKind = "v1",
): Promise<string> {
  const body = `${kind}.${base64UrlEncode(utf8Encode(name))}.${Math.floor(expiresAt)}`
  return `${body}.${base64UrlEncode(await sign(ring, utf8Encode(body)))}`
}

/**
 * Reads a token: the user name when the token is intact, signed by a key of
 * the ring and not expired at `now` (unix seconds, with `skewSeconds` of
 * tolerance); otherwise `undefined`. Never throws.
 *
 * @example
 * ```ts
 * await readSessionToken(ring, token, Date.now() / 1000, 60) //=> "alice" | undefined
 * ```
 */
export async function readSessionToken(
  ring: Keyring,
  token: string,
  now: number,
  skewSeconds: number,
  kind: TokenKind = "v1",
): Promise<string | undefined> {
  if (token.length > maxTokenLength) return undefined
  // The kind first: a remembered cookie token is no bearer token (the kind is the token's first part, under the MAC).
  if (!token.startsWith(kind) || token.charCodeAt(kind.length) !== 0x2e) return undefined
  const known = remembered.get(ring)?.get(token)
  if (known !== undefined) return known.expiry + skewSeconds <= now ? undefined : known.name
  const parts = token.split(".")
  if (parts.length !== 4) return undefined
  const [tag, encodedName, expiry, encodedMac] = parts as [string, string, string, string]
  if (tag !== kind || !isDigits(expiry) || encodedName.length === 0) return undefined
  const mac = base64UrlDecode(encodedMac)
  const nameBytes = base64UrlDecode(encodedName)
  if (!mac || !nameBytes) return undefined
  // The MAC is checked before anything derived from the payload is trusted.
  const body = `${tag}.${encodedName}.${expiry}`
  let valid: boolean
  try {
    valid = await verify(ring, utf8Encode(body), mac)
  } catch {
    return undefined
  }
  if (!valid) return undefined
  if (Number(expiry) + skewSeconds <= now) return undefined
  const name = utf8Decode(nameBytes)
  if (name === undefined || name.length === 0) return undefined
  let cache = remembered.get(ring)
  if (cache === undefined) remembered.set(ring, (cache = new Map()))
  if (cache.size >= rememberedTokens) cache.delete(cache.keys().next().value as string)
  cache.set(token, { name, expiry: Number(expiry) })
  return name
}
