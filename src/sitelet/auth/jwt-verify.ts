/**
 * Verifies a JWT of an identity provider with `jose` (WebCrypto on every
 * runtime): the signature against the provider's JWKS (remote, fetched
 * and cached by `jose`, or given), the algorithm against an allow-list
 * (never `none`, never a symmetric one unless listed), `exp` (required
 * unless `requireExp: false`) and `nbf` with a tolerance, and `iss`/`aud` when configured. A token that fails is a
 * reason for a 401; a JWKS that cannot be fetched is the server's failure
 * (the error propagates: the host answers 500 and reports it).
 */
import { createLocalJWKSet, createRemoteJWKSet, errors, type JWTVerifyGetKey, jwtVerify } from "jose"
import type { JwtCredential } from "./auth.js"
import { authMessages } from "./auth-messages.js"

/**
 * The longest JWT looked at (a longer one is refused unread).
 *
 * @example
 * ```ts
 * token.length > maxJwtLength // 401, the token is too long
 * ```
 */
export const maxJwtLength = 8192

const asymmetric = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA", "Ed25519"]

// One key set per credential: jose's remote set caches the keys and refetches on an unknown `kid` (with a cooldown).
const keySets = new WeakMap<JwtCredential, JWTVerifyGetKey>()

function keySetOf(credential: JwtCredential): JWTVerifyGetKey {
  let keys = keySets.get(credential)
  if (keys === undefined) {
    const { jwks } = credential
    keys =
      typeof jwks === "string" || jwks instanceof URL
        ? createRemoteJWKSet(new URL(jwks))
        : createLocalJWKSet(jwks as Parameters<typeof createLocalJWKSet>[0])
    keySets.set(credential, keys)
  }
  return keys
}

/**
 * The user of a verified token, or the reason it is refused.
 *
 * @example
 * ```ts
 * await verifyJwt(Auth.Jwt({ jwks, issuer, audience }), token) //=> { user: "alice" } | { reason: "…" }
 * ```
 */
export async function verifyJwt(
  credential: JwtCredential,
  token: string,
): Promise<{ readonly user: string } | { readonly reason: string }> {
  if (token.length > maxJwtLength) return { reason: authMessages.tooLong(maxJwtLength) }
  try {
    const { payload } = await jwtVerify(token, keySetOf(credential), {
      algorithms: [...(credential.algorithms ?? asymmetric)],
      clockTolerance: credential.clockToleranceSeconds ?? 60,
      // A token without `exp` would be good forever: refused unless the application says otherwise.
      ...(credential.requireExp === false ? {} : { requiredClaims: ["exp"] }),
      ...(credential.issuer === undefined ? {} : { issuer: credential.issuer as string | string[] }),
      ...(credential.audience === undefined ? {} : { audience: credential.audience as string | string[] }),
    })
    const user = credential.user === undefined ? payload.sub : credential.user(payload)
    return typeof user === "string" && user !== "" ? { user } : { reason: authMessages.badJwt("it names no user") }
  } catch (error) {
    // The provider's keys could not be had (no answer, not a 200, not a key set): not the client's fault.
    if (
      !(error instanceof errors.JOSEError) ||
      error instanceof errors.JWKSTimeout ||
      error instanceof errors.JWKSInvalid ||
      error.code === "ERR_JOSE_GENERIC"
    )
      throw error
    return { reason: authMessages.badJwt(reasonOf(error)) }
  }
}

function reasonOf(error: InstanceType<typeof errors.JOSEError>): string {
  if (error instanceof errors.JWTExpired) return "it expired"
  if (error instanceof errors.JWTClaimValidationFailed)
    return error.reason === "missing"
      ? `it has no '${error.claim}' claim`
      : `its '${error.claim}' claim fails the check`
  if (error instanceof errors.JOSEAlgNotAllowed) return "its algorithm is not accepted"
  if (error instanceof errors.JWKSNoMatchingKey) return "no key of the identity provider matches it"
  if (error instanceof errors.JWSSignatureVerificationFailed) return "its signature does not verify"
  return "it is malformed"
}
