/**
 * HMAC-SHA256 keys for signed session cookies, through WebCrypto
 * (`globalThis.crypto.subtle`), so the same code runs on Node 20, Bun, Deno
 * and Workers. A keyring is a list: the first key signs, every key verifies
 * (rotation). Without a configured secret, the `SITELETS_SECRET` environment
 * variable is read, and only when a session first needs a key: a site that
 * never uses a session never touches the environment (Deno without
 * `--allow-env`, Workers without `process`). Without either, a session is
 * an error, except while developing: then one random key per process is
 * made and a single warning is printed.
 */
import { secretMessages } from "./secret-messages.js"
import { utf8Encode } from "./crypto-encoding.js"

/** A secret as given by the user: text (UTF-8) or raw bytes. */
export type Secret = string | Uint8Array

/** Signing keys: `keys[0]` signs, all of them verify. */
export interface Keyring {
  readonly keys: readonly CryptoKey[]
}

/**
 * The shortest secret accepted, in bytes.
 *
 * @example
 * ```ts
 * utf8Encode(secret).length >= minimumSecretBytes
 * ```
 */
export const minimumSecretBytes = 32

const subtle = (): SubtleCrypto => globalThis.crypto.subtle
// WebCrypto wants ArrayBuffer-backed views; a copy also detaches us from caller-owned memory.
const owned = (bytes: Uint8Array): Uint8Array<ArrayBuffer> => new Uint8Array(bytes)
const imported = new Map<string, Promise<CryptoKey>>()
// One ring per list of secrets (configuration: a handful at most), so a ring is the same object on every request
// and what was verified under it can be remembered (session-token.ts).
const rings = new Map<string, Promise<Keyring>>()
const hex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")

function ringOf(bytes: readonly Uint8Array[]): Promise<Keyring> {
  const id = bytes.map(hex).join(",")
  let ring = rings.get(id)
  if (ring === undefined) {
    ring = Promise.all(bytes.map(importSecret)).then((keys): Keyring => Object.freeze({ keys: Object.freeze(keys) }))
    // A ring that failed to import is not kept: the next request tries again.
    ring.catch(() => rings.delete(id))
    rings.set(id, ring)
  }
  return ring
}

function importSecret(bytes: Uint8Array): Promise<CryptoKey> {
  // Cache by content: the secrets come from configuration, so the map stays tiny.
  const cacheKey = hex(bytes)
  let key = imported.get(cacheKey)
  if (!key) {
    key = subtle().importKey("raw", owned(bytes), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"])
    imported.set(cacheKey, key)
  }
  return key
}

function secretBytes(secret: Secret, where: string): Uint8Array {
  const bytes = typeof secret === "string" ? utf8Encode(secret) : secret
  if (bytes.length < minimumSecretBytes) throw new RangeError(secretMessages.secretTooShort(where, bytes.length))
  return bytes
}

/** An environment variable's value, or why there is none. */
type EnvironmentValue = { readonly value: string } | { readonly value: undefined; readonly refused: boolean }

/**
 * Reads an environment variable. A runtime that refuses the read (Deno
 * without `--allow-env` throws `NotCapable`) counts as an unset variable,
 * never as an error of the request that needed a session.
 */
function environmentValue(name: "SITELETS_SECRET" | "NODE_ENV"): EnvironmentValue {
  try {
    const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env
    const value = env?.[name]
    return value === undefined || value === "" ? { value: undefined, refused: false } : { value }
  } catch {
    return { value: undefined, refused: true }
  }
}

/**
 * Whether a missing secret may be replaced by a random per-process key:
 * as asked (`session: { development }`), else when `NODE_ENV` says
 * `development` or `test` where the runtime has it.
 */
function developing(asked: boolean | undefined): boolean {
  if (asked !== undefined) return asked
  const mode = environmentValue("NODE_ENV").value
  return mode === "development" || mode === "test"
}

let randomKeyring: Promise<Keyring> | undefined

function processKeyring(refused: boolean): Promise<Keyring> {
  if (!randomKeyring) {
    console.warn(secretMessages.randomKeyWarning(refused))
    const bytes = globalThis.crypto.getRandomValues(new Uint8Array(32))
    randomKeyring = importSecret(bytes).then((key) => ({ keys: [key] }))
  }
  return randomKeyring
}

/**
 * Checks configured secrets eagerly (lengths, non-empty list) so
 * configuration errors surface when the host is built, not on the first
 * login. Without a configured secret nothing is read here: the environment
 * is read when a session first needs a key.
 *
 * @example
 * ```ts
 * checkSecrets("x".repeat(32)) // ok
 * checkSecrets("short")        // throws RangeError
 * checkSecrets(undefined)      // ok: SITELETS_SECRET is read on first use
 * ```
 */
export function checkSecrets(secret: Secret | readonly Secret[] | undefined): void {
  if (secret === undefined) return
  const list: readonly Secret[] = typeof secret === "string" || secret instanceof Uint8Array ? [secret] : secret
  if (list.length === 0) throw new RangeError(secretMessages.noSecrets())
  list.forEach((s, i) => secretBytes(s, `options (secret #${i + 1})`))
}

/**
 * Resolves the keyring: the given secrets, else `SITELETS_SECRET` (read
 * now, on first need), else, while developing (`development`, or
 * `NODE_ENV` is `development` or `test`), the per-process random key (with
 * one warning per process); otherwise it rejects with the error that says
 * how to set a secret on each runtime. A `SITELETS_SECRET` shorter than 32
 * bytes rejects with the `RangeError` a short configured secret gives when
 * the host is built.
 *
 * @example
 * ```ts
 * const ring = await keyringFor(["new secret …32 bytes…", "old secret …32 bytes…"])
 * ring.keys.length //=> 2
 * ```
 */
export function keyringFor(secret: Secret | readonly Secret[] | undefined, development?: boolean): Promise<Keyring> {
  try {
    if (secret === undefined) {
      const env = environmentValue("SITELETS_SECRET")
      if (env.value !== undefined) return ringOf([secretBytes(env.value, "SITELETS_SECRET")])
      // A per-process key would log users out on every restart and never reach another process: only while developing.
      if (!developing(development)) return Promise.reject(new Error(secretMessages.noSecret(env.refused)))
      return processKeyring(env.refused)
    }
    const list: readonly Secret[] = typeof secret === "string" || secret instanceof Uint8Array ? [secret] : secret
    if (list.length === 0) return Promise.reject(new RangeError(secretMessages.noSecrets()))
    return ringOf(list.map((s, i) => secretBytes(s, `options (secret #${i + 1})`)))
  } catch (error) {
    return Promise.reject(error)
  }
}

/**
 * HMAC-SHA256 of `data` under the keyring's signing key.
 *
 * @example
 * ```ts
 * const mac = await sign(ring, utf8Encode("payload")) // 32 bytes
 * ```
 */
export async function sign(ring: Keyring, data: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await subtle().sign("HMAC", ring.keys[0]!, owned(data)))
}

/**
 * True when `mac` is a valid HMAC of `data` under any key of the ring.
 * `subtle.verify` compares in constant time; every key is tried even after a
 * match so timing does not reveal which key signed.
 *
 * @example
 * ```ts
 * await verify(ring, data, await sign(ring, data)) //=> true
 * ```
 */
export async function verify(ring: Keyring, data: Uint8Array, mac: Uint8Array): Promise<boolean> {
  if (mac.length !== 32) return false
  const macBytes = owned(mac)
  const dataBytes = owned(data)
  const results = await Promise.all(ring.keys.map((key) => subtle().verify("HMAC", key, macBytes, dataBytes)))
  return results.includes(true)
}
