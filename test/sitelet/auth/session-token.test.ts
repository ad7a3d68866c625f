import { describe, expect, it } from "vitest"
import fc from "fast-check"
import { base64UrlEncode, utf8Encode } from "../../../src/internal/crypto-encoding.js"
import { keyringFor, sign } from "../../../src/internal/crypto-keys.js"
import { readSessionToken, signSessionToken } from "../../../src/sitelet/auth/session-token.js"

const secretA = "a".repeat(32)
const secretB = "b".repeat(40)
const now = 1_800_000_000

describe("session tokens", async () => {
  const ring = await keyringFor(secretA)
  const other = await keyringFor(secretB)
  const token = await signSessionToken(ring, "alice", now + 3600)

  it("round-trips any well-formed user name", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "grapheme", minLength: 1, maxLength: 40 }), async (name) => {
        const signed = await signSessionToken(ring, name, now + 10)
        expect(await readSessionToken(ring, signed, now, 0)).toBe(name)
      }),
      { numRuns: 50 },
    )
  })

  it("reads tampered, truncated, extended and foreign tokens as anonymous", async () => {
    const [tag, name, expiry, mac] = token.split(".") as [string, string, string, string]
    const forgedName = base64UrlEncode(utf8Encode("admin"))
    const bad = [
      "",
      ".",
      "...",
      token.slice(0, -1),
      token.slice(1),
      token + ".",
      token + "x",
      `${token}.extra`,
      `v2.${name}.${expiry}.${mac}`,
      `${tag}.${forgedName}.${expiry}.${mac}`,
      `${tag}.${name}.${Number(expiry) + 10_000}.${mac}`,
      `${tag}.${name}.0${expiry}.${mac}`,
      `${tag}.${name}.${expiry}.${mac.slice(0, -2)}`,
      `${tag}.${name}.${expiry}.${mac}==`,
      `${tag}.${name}.-1.${mac}`,
      `${tag}.${name}.1e12.${mac}`,
      `${tag}..${expiry}.${mac}`,
      "x".repeat(100_000),
    ]
    for (const candidate of bad) expect(await readSessionToken(ring, candidate, now, 60), candidate).toBeUndefined()
    expect(await readSessionToken(other, token, now, 60)).toBeUndefined()
  })

  it("flipping any single character invalidates the token", async () => {
    for (let i = 0; i < token.length; i++) {
      const code = token.charCodeAt(i)
      const flipped = token.slice(0, i) + String.fromCharCode(code === 0x41 ? 0x42 : 0x41) + token.slice(i + 1)
      if (flipped === token) continue
      expect(await readSessionToken(ring, flipped, now, 60)).toBeUndefined()
    }
  })

  it("checks the MAC before decoding the name (invalid UTF-8 under a valid MAC is still refused)", async () => {
    const body = `v1.${base64UrlEncode(new Uint8Array([0xc0, 0xae]))}.${now + 100}`
    const forged = `${body}.${base64UrlEncode(await sign(ring, utf8Encode(body)))}`
    expect(await readSessionToken(ring, forged, now, 0)).toBeUndefined()
  })

  it("enforces expiry on the server with the configured skew", async () => {
    expect(await readSessionToken(ring, token, now + 3599, 0)).toBe("alice")
    expect(await readSessionToken(ring, token, now + 3600, 0)).toBeUndefined()
    expect(await readSessionToken(ring, token, now + 3630, 60)).toBe("alice")
    expect(await readSessionToken(ring, token, now + 3660, 60)).toBeUndefined()
  })

  it("rotates keys: the first signs, all verify", async () => {
    const rotated = await keyringFor([secretB, secretA])
    expect(await readSessionToken(rotated, token, now, 0)).toBe("alice")
    const fresh = await signSessionToken(rotated, "bob", now + 10)
    expect(await readSessionToken(other, fresh, now, 0)).toBe("bob")
    expect(await readSessionToken(ring, fresh, now, 0)).toBeUndefined()
  })
})
