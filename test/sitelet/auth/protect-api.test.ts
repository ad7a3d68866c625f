/**
 * Issue 25, item 1: `Sitelet.Protect` for APIs. Bearer tokens the
 * application issues, API keys, JWTs of an identity provider (verified by
 * `jose` against its JWKS), a 401 with the RFC 6750 attributes for every
 * bad credential (never a 500), 403 for a refused user, the page/API choice
 * per request, the typed client sending credentials — on the Fetch host,
 * node:http and Express alike.
 */
import { createServer, type Server } from "node:http"
import { type AddressInfo, connect } from "node:net"
import { exportJWK, generateKeyPair, SignJWT, UnsecuredJWT } from "jose"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Sitelet } from "../../../src/api/sitelet-namespace.js"
import { Router } from "../../../src/client/index.js"
import { t } from "../../../src/descriptor/t.js"
import type { HostOptions } from "../../../src/host/host-options.js"
import { handleFetch } from "../../../src/host/fetch/fetch-handle.js"
import { Auth, schemeOf } from "../../../src/sitelet/auth/auth.js"
import { authMessages } from "../../../src/sitelet/auth/auth-messages.js"
import { Content } from "../../../src/sitelet/content/content.js"
import { maxJwtLength } from "../../../src/sitelet/auth/jwt-verify.js"
import { maxTokenLength } from "../../../src/sitelet/auth/session-token.js"
import { type HostUnderTest, parseResponse, startHosts } from "../../hardening/harness.js"

const issuer = "https://idp.example/"
const audience = "sitelets-api"
let clock = Date.parse("2026-11-25T12:00:00Z")
const options: HostOptions = { session: { secret: "a test secret that is long enough!", now: () => clock } }

const Site = t.union({
  Token: "POST /token?user=<user>",
  Login: "GET /login?returnTo=<returnTo:string?>",
  SetCookie: "POST /session?user=<user>",
  Me: "GET /api/me",
  Page: "GET /page",
})
type Site = typeof Site extends { "~standard": { types?: infer T } }
  ? T extends { output: infer O }
    ? O
    : never
  : never

const keys = new Map([["key-of-alice", "alice"]])
const { publicKey, privateKey } = await generateKeyPair("RS256", { extractable: true })
const jwk = { ...(await exportJWK(publicKey)), kid: "k1", alg: "RS256", use: "sig" }

const open = Sitelet.Infer(Site, {
  Token: async (ctx, e) => Content.Text(await ctx.UserSession.IssueToken(e.user)),
  Login: () => Content.Text("login page"),
  SetCookie: async (ctx, e) => {
    await ctx.UserSession.LoginUser(e.user)
    return Content.Text("ok")
  },
  Me: async (ctx) => Content.Json({ user: (await ctx.UserSession.GetLoggedInUser()) ?? null }),
  Page: async (ctx) => Content.Text(`page for ${await ctx.UserSession.GetLoggedInUser()}`),
})
const api = Sitelet.Protect<Site>(
  {
    VerifyUser: (user) => user !== "mallory",
    Credentials: [
      Auth.Bearer(),
      Auth.ApiKey("X-API-Key", (key) => keys.get(key)),
      Auth.Jwt({ jwks: { keys: [jwk] }, issuer, audience }),
    ],
    Realm: "api",
  },
  Sitelet.Shift("v1", open),
)
const pages = Sitelet.Protect<Site>(
  {
    VerifyUser: (user) => user !== "mallory",
    LoginRedirect: (_requested, returnTo) => ({ $: "Login", returnTo }),
    Credentials: [Auth.Session(), Auth.Bearer()],
  },
  Sitelet.Shift("site", open),
)
const site = Sitelet.Sum(open, api, pages)

const jwt = (claims: { aud?: string } = {}, expires = "5m") =>
  new SignJWT({ sub: "carol" })
    .setProtectedHeader({ alg: "RS256", kid: "k1" })
    .setIssuer(issuer)
    .setAudience(claims.aud ?? audience)
    .setIssuedAt(Math.floor(clock / 1000))
    .setExpirationTime(expires)
    .sign(privateKey)

// A JWT without `exp`: good forever, unless refused.
const lastingJwt = () =>
  new SignJWT({ sub: "dave" })
    .setProtectedHeader({ alg: "RS256", kid: "k1" })
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt(Math.floor(clock / 1000))
    .sign(privateKey)

let hosts: HostUnderTest[]
let tokenOf: (user: string) => Promise<string>
beforeAll(async () => {
  hosts = await startHosts(site, options)
  tokenOf = async (user) => (await send(hosts[0]!, "POST", `/token?user=${user}`)).body
})
afterAll(async () => {
  for (const host of hosts) await host.close()
})

// The socket hosts over a client that keeps its side open until the answer (the harness's raw exchange half-closes
// at once, and a server may drop a half-closed connection before an async handler answers).
async function send(host: HostUnderTest, method: string, target: string, headers: Record<string, string> = {}) {
  if (host.port === undefined) return host.send({ method, target, headers })
  const response = await fetch(`http://127.0.0.1:${host.port}${target}`, { method, headers, redirect: "manual" })
  return { status: response.status, headers: new Map(response.headers), body: await response.text() }
}
const get = (host: HostUnderTest, target: string, headers: Record<string, string> = {}) =>
  send(host, "GET", target, headers)

/** Raw bytes to a port, read until the server closes the connection (`Connection: close`). */
function exchange(port: number, bytes: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(bytes))
    const chunks: Buffer[] = []
    const timer = setTimeout(() => socket.destroy(new Error("no answer within 10 s")), 10_000)
    socket.on("data", (chunk) => chunks.push(chunk))
    socket.on("error", reject)
    socket.on("close", () => {
      clearTimeout(timer)
      resolve(Buffer.concat(chunks))
    })
  })
}

describe("Protect for APIs, on every host", () => {
  it("admits the application's bearer token, an API key and a JWT; the handler sees the user", async () => {
    for (const host of hosts) {
      const token = await tokenOf("alice")
      expect(token.startsWith("b1."), host.name).toBe(true)
      const bearer = await get(host, "/v1/api/me", { authorization: `Bearer ${token}` })
      expect([host.name, bearer.status, bearer.body]).toEqual([host.name, 200, '{"user":"alice"}'])
      const key = await get(host, "/v1/api/me", { "x-api-key": "key-of-alice" })
      expect([host.name, key.status, key.body]).toEqual([host.name, 200, '{"user":"alice"}'])
      const idp = await get(host, "/v1/api/me", { authorization: `Bearer ${await jwt()}` })
      expect([host.name, idp.status, idp.body]).toEqual([host.name, 200, '{"user":"carol"}'])
      // The scheme name is case-insensitive (RFC 9110 §11.1).
      expect((await get(host, "/v1/api/me", { authorization: `bearer ${token}` })).status).toBe(200)
    }
  })

  it("answers 401 with a challenge per scheme, and no error attribute, without credentials", async () => {
    for (const host of hosts) {
      const answer = await get(host, "/v1/api/me", { accept: "application/json" })
      expect([host.name, answer.status]).toEqual([host.name, 401])
      expect(answer.headers.get("www-authenticate")).toBe('Bearer realm="api", ApiKey realm="api", header="X-API-Key"')
      expect(answer.headers.get("content-type")).toBe("application/problem+json")
      expect(answer.headers.get("cache-control")).toBe("no-store")
      expect(JSON.parse(answer.body)).toEqual({
        type: "about:blank",
        title: "Unauthorized",
        status: 401,
        detail: authMessages.missing(),
      })
    }
  })

  it("refuses every bad credential with 401 invalid_token and the reason, never a 500", async () => {
    const token = await tokenOf("alice")
    const [body, mac] = [token.slice(0, token.lastIndexOf(".")), token.slice(token.lastIndexOf(".") + 1)]
    const forged = `${body}.${mac[0] === "A" ? "B" : "A"}${mac.slice(1)}`
    const otherUser = `b1.${Buffer.from("root").toString("base64url")}${body.slice(body.indexOf(".", 3))}.${mac}`
    const cookie = (await send(hosts[0]!, "POST", "/session?user=alice")).headers.get("set-cookie")
    const cookieToken = /=([^;]*)/.exec(cookie ?? "")?.[1] ?? ""
    const secret = new TextEncoder().encode(JSON.stringify(jwk))
    const cases: [string, string, string][] = [
      ["another scheme", "Basic YWxpY2U6c2VjcmV0", authMessages.notBearer()],
      ["no token", "Bearer ", authMessages.notBearer()],
      ["two tokens", `Bearer ${token}, Bearer ${token}`, authMessages.notBearer()],
      ["a forged MAC", `Bearer ${forged}`, authMessages.badToken()],
      ["another user under the same MAC", `Bearer ${otherUser}`, authMessages.badToken()],
      ["a truncated token", `Bearer ${token.slice(0, -5)}`, authMessages.badToken()],
      ["an over-long token", `Bearer b1.${"A".repeat(maxTokenLength)}`, authMessages.tooLong(maxTokenLength)],
      ["the session cookie's value", `Bearer ${cookieToken}`, authMessages.badJwt("it is malformed")],
      ["an expired JWT", `Bearer ${await jwt({}, "-2h")}`, authMessages.badJwt("it expired")],
      [
        "a JWT that never expires (no exp)",
        `Bearer ${await lastingJwt()}`,
        authMessages.badJwt("it has no 'exp' claim"),
      ],
      [
        "a JWT for another audience",
        `Bearer ${await jwt({ aud: "other" })}`,
        authMessages.badJwt("its 'aud' claim fails the check"),
      ],
      [
        "a JWT with alg none",
        `Bearer ${new UnsecuredJWT({ sub: "root" }).setIssuer(issuer).setAudience(audience).encode()}`,
        authMessages.badJwt("its algorithm is not accepted"),
      ],
      [
        "a JWT signed HS256 with the public key (algorithm confusion)",
        `Bearer ${await new SignJWT({ sub: "root" }).setProtectedHeader({ alg: "HS256", kid: "k1" }).setIssuer(issuer).setAudience(audience).setExpirationTime("5m").sign(secret)}`,
        authMessages.badJwt("its algorithm is not accepted"),
      ],
      ["a JWT of another key", `Bearer ${await jwt()}x`, authMessages.badJwt("its signature does not verify")],
      ["an over-long JWT", `Bearer ey${"A".repeat(maxJwtLength)}`, authMessages.tooLong(maxJwtLength)],
    ]
    for (const host of hosts)
      for (const [name, authorization, reason] of cases) {
        const answer = await get(host, "/v1/api/me", { authorization })
        expect([host.name, name, answer.status]).toEqual([host.name, name, 401])
        expect(answer.headers.get("www-authenticate"), `${host.name}: ${name}`).toContain(
          `Bearer realm="api", error="invalid_token", error_description="${reason}"`,
        )
        expect(JSON.parse(answer.body).detail, `${host.name}: ${name}`).toBe(reason)
      }
  })

  it("refuses an unknown API key (401) and a user VerifyUser refuses (403 insufficient_scope)", async () => {
    const mallory = await tokenOf("mallory")
    for (const host of hosts) {
      const unknown = await get(host, "/v1/api/me", { "x-api-key": "guess" })
      expect([host.name, unknown.status, JSON.parse(unknown.body).detail]).toEqual([
        host.name,
        401,
        authMessages.unknownKey(),
      ])
      expect(unknown.headers.get("www-authenticate")).not.toContain("error=")
      const refused = await get(host, "/v1/api/me", { authorization: `Bearer ${mallory}` })
      expect([host.name, refused.status]).toEqual([host.name, 403])
      expect(refused.headers.get("www-authenticate")).toContain('error="insufficient_scope"')
    }
  })

  it("expires the application's tokens with the session's clock and lifetime", async () => {
    const answer = await send(hosts[0]!, "POST", "/token?user=alice")
    const token = answer.body
    // Verified once (and remembered): the expiry is still checked on every use.
    expect((await get(hosts[0]!, "/v1/api/me", { authorization: `Bearer ${token}` })).status).toBe(200)
    clock += 15 * 24 * 3600 * 1000
    try {
      const late = await get(hosts[0]!, "/v1/api/me", { authorization: `Bearer ${token}` })
      expect([late.status, JSON.parse(late.body).detail]).toEqual([401, authMessages.badToken()])
    } finally {
      clock -= 15 * 24 * 3600 * 1000
    }
  })

  it("keeps a bearer token out of the cookie and a cookie out of Authorization, remembered or not", async () => {
    const token = await tokenOf("alice")
    expect((await get(hosts[0]!, "/v1/api/me", { authorization: `Bearer ${token}` })).status).toBe(200)
    const page = await get(hosts[0]!, "/site/page", { cookie: `sitelets_session=${token}`, accept: "text/html" })
    expect(page.status).toBe(307)
    const cookie = (await send(hosts[0]!, "POST", "/session?user=alice")).headers.get("set-cookie") ?? ""
    const session = cookie.split(";")[0] ?? ""
    expect((await get(hosts[0]!, "/site/page", { cookie: session })).body).toBe("page for alice")
    const value = session.slice(session.indexOf("=") + 1)
    expect((await get(hosts[0]!, "/v1/api/me", { authorization: `Bearer ${value}` })).status).toBe(401)
  })

  it("on duplicate or malformed headers over the wire: 4xx, never a crash", async () => {
    const token = await tokenOf("alice")
    for (const host of hosts.filter((host) => host.port !== undefined)) {
      const twice = `GET /v1/api/me HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n\r\n`
      const duplicate = parseResponse(await exchange(host.port!, Buffer.from(twice)))
      expect([host.name, duplicate.status]).toEqual([host.name, 401])
      const control = `GET /v1/api/me HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer a\u0001b\r\nConnection: close\r\n\r\n`
      const refused = parseResponse(await exchange(host.port!, Buffer.from(control, "latin1")))
      expect([host.name, refused.status >= 400 && refused.status < 500]).toEqual([host.name, true])
    }
  })
})

describe("tokens the application checks itself, and JWTs without exp", () => {
  const staticTokens = new Map([["ci-token-0123456789", "ci"]])
  const checked = Sitelet.Protect<Site>(
    {
      VerifyUser: () => true,
      Credentials: [
        Auth.Bearer(),
        Auth.Bearer({ verify: (token) => staticTokens.get(token) }),
        Auth.Jwt({ jwks: { keys: [jwk] }, issuer, audience, requireExp: false }),
      ],
    },
    open,
  )
  const me = async (authorization: string) => {
    const answer = await handleFetch(
      checked,
      new Request("http://localhost/api/me", { headers: { authorization } }),
      options,
    )
    return { status: answer?.status, body: await answer?.text(), challenge: answer?.headers.get("www-authenticate") }
  }

  it("admits a token verify maps to a user, beside the application's own tokens and JWTs", async () => {
    expect(await me("Bearer ci-token-0123456789")).toMatchObject({ status: 200, body: '{"user":"ci"}' })
    expect(await me(`Bearer ${await tokenOf("alice")}`)).toMatchObject({ status: 200, body: '{"user":"alice"}' })
    expect(await me(`Bearer ${await jwt()}`)).toMatchObject({ status: 200, body: '{"user":"carol"}' })
  })

  it("refuses a token verify does not know with 401 invalid_token", async () => {
    const refused = await me("Bearer not-a-token")
    expect(refused.status).toBe(401)
    expect(refused.challenge).toContain('error="invalid_token"')
    expect(JSON.parse(refused.body ?? "").detail).toBe(authMessages.badJwt("it is malformed"))
    expect((await me(`Bearer ${"t".repeat(maxJwtLength + 1)}`)).status).toBe(401)
  })

  it("accepts a JWT without exp only where requireExp is false", async () => {
    expect(await me(`Bearer ${await lastingJwt()}`)).toMatchObject({ status: 200, body: '{"user":"dave"}' })
  })

  it("refuses verify that is no function, when the site is built", () => {
    expect(() => Auth.Bearer({ verify: "token" as never })).toThrow(authMessages.notAFunction("Auth.Bearer", "verify"))
  })

  it("names the application's own check as a scheme of its own in the document", () => {
    expect(schemeOf(Auth.Bearer({ verify: () => undefined }))[0]).toBe("bearer_verified")
    expect(schemeOf(Auth.Bearer())[0]).toBe("bearer")
  })
})

describe("pages and APIs behind one Protect", () => {
  it("redirects a browser to the login, answers 401 to an API client, serves a session or a token", async () => {
    const token = await tokenOf("alice")
    const cookie = (await send(hosts[0]!, "POST", "/session?user=alice")).headers.get("set-cookie")
    const session = cookie?.split(";")[0] ?? ""
    for (const host of hosts) {
      const browser = await get(host, "/site/page", { accept: "text/html,application/xhtml+xml,*/*;q=0.8" })
      expect([host.name, browser.status, browser.headers.get("location")]).toEqual([
        host.name,
        307,
        "/login?returnTo=%2Fpage", // the link of the requested page through the whole site (its open part)
      ])
      const client = await get(host, "/site/page", { accept: "application/json" })
      expect([host.name, client.status]).toEqual([host.name, 401])
      const sent = await get(host, "/site/page", { accept: "text/html", authorization: "Bearer nope" })
      expect([host.name, sent.status]).toEqual([host.name, 401])
      expect((await get(host, "/site/page", { cookie: session })).body).toBe("page for alice")
      expect((await get(host, "/site/page", { authorization: `Bearer ${token}` })).body).toBe("page for alice")
    }
  })

  it("refuses a Protect with no way in, and credentials that cannot work", () => {
    expect(() => Sitelet.Protect({ VerifyUser: () => true }, open)).toThrow(authMessages.noWayIn())
    expect(() => Sitelet.Protect({ VerifyUser: () => true, Credentials: [] }, open)).toThrow(
      authMessages.noCredentials(),
    )
    expect(() => Auth.ApiKey("Authorization", () => undefined)).toThrow(authMessages.badApiKeyHeader("Authorization"))
    expect(() => Auth.ApiKey("X API", () => undefined)).toThrow(authMessages.badApiKeyHeader("X API"))
    expect(() => Auth.Jwt({ jwks: "not a url" })).toThrow(authMessages.badJwks())
    expect(() => Auth.Jwt({ jwks: { keys: [] }, algorithms: ["none"] })).toThrow(authMessages.algNone())
  })
})

describe("a JWKS served by the identity provider", () => {
  let server: Server
  let fetched = 0
  beforeAll(async () => {
    server = createServer((_request, response) => {
      fetched++
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ keys: [jwk] }))
    })
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it("is fetched once and verifies tokens", async () => {
    const { port } = server.address() as AddressInfo
    const remote = Sitelet.Protect<Site>(
      {
        VerifyUser: () => true,
        Credentials: [Auth.Jwt({ jwks: `http://127.0.0.1:${port}/jwks.json`, issuer, audience })],
      },
      open,
    )
    for (let i = 0; i < 3; i++) {
      const response = await remote.Handle(
        new Request("http://x/api/me", { headers: { authorization: `Bearer ${await jwt()}` } }),
        options,
      )
      expect(await response?.json()).toEqual({ user: "carol" })
    }
    expect(fetched).toBe(1)
  })

  it("is the server's failure when the provider does not answer with its keys: 500, reported", async () => {
    const broken = createServer((_request, response) => response.writeHead(503).end("down"))
    await new Promise<void>((resolve) => broken.listen(0, "127.0.0.1", resolve))
    const { port } = broken.address() as AddressInfo
    const reported: unknown[] = []
    try {
      const remote = Sitelet.Protect<Site>(
        {
          VerifyUser: () => true,
          Credentials: [Auth.Jwt({ jwks: `http://127.0.0.1:${port}/jwks.json`, issuer, audience })],
        },
        open,
      )
      const response = await remote.Handle(
        new Request("http://x/api/me", { headers: { authorization: `Bearer ${await jwt()}` } }),
        { ...options, onError: (error) => reported.push(error) },
      )
      expect(response?.status).toBe(500)
      expect(reported).toHaveLength(1)
    } finally {
      await new Promise<void>((resolve) => broken.close(() => resolve()))
    }
  })
})

describe("the typed client", () => {
  it("sends the credentials it is given", async () => {
    const router = Router.Shift("v1", Router.Infer(Site))
    const send = async (request: Request) =>
      (await site.Handle(request, options)) ?? new Response(null, { status: 404 })
    const base = "http://x"
    const token = await tokenOf("alice")
    const bearer = await Router.Fetch(router, { $: "Me" }, { base, fetch: send, auth: { bearer: token } })
    expect(await bearer.json()).toEqual({ user: "alice" })
    const key = await Router.Fetch(
      router,
      { $: "Me" },
      { base, fetch: send, auth: { header: "X-API-Key", apiKey: "key-of-alice" } },
    )
    expect(await key.json()).toEqual({ user: "alice" })
    expect((await Router.Fetch(router, { $: "Me" }, { base, fetch: send })).status).toBe(401)
    expect(() => Router.Request(router, { $: "Me" }, { base, auth: { bearer: "a\r\nX-Evil: 1" } })).toThrow(TypeError)
  })
})
