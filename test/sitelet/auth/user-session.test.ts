import { afterEach, describe, expect, it, vi } from "vitest"
import fc from "fast-check"
import { parseCookieHeader } from "../../../src/sitelet/auth/cookie.js"
import { sessionMessages } from "../../../src/sitelet/auth/session-messages.js"
import {
  checkSessionOptions,
  createUserSession,
  defaultSessionCookieName,
  secureSessionCookieName,
  type SessionOptions,
} from "../../../src/sitelet/auth/user-session.js"

const secret = "correct horse battery staple, 32+"
let clock = 1_800_000_000_000
const options: SessionOptions = { secret, now: () => clock }

function session(cookieHeader?: string, secure = false, opts: SessionOptions = options) {
  const setCookies: string[] = []
  const s = createUserSession({ cookieHeader, setCookie: (h) => setCookies.push(h), secure, options: opts })
  return { s, setCookies }
}

/** The `name=value` part of a Set-Cookie header, as a browser would send it back. */
const echo = (setCookie: string) => setCookie.split(";")[0]!

afterEach(() => {
  clock = 1_800_000_000_000
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
})

describe("UserSession", () => {
  it("logs in with a non-persistent, HttpOnly, SameSite=Lax cookie, and reads it back", async () => {
    const first = session()
    expect(await first.s.GetLoggedInUser()).toBeUndefined()
    await first.s.LoginUser("alice")
    expect(await first.s.GetLoggedInUser()).toBe("alice")
    const [header] = first.setCookies
    expect(header).toMatch(new RegExp(`^${defaultSessionCookieName}=v1\\.`))
    expect(header).toContain("; Path=/; HttpOnly; SameSite=Lax")
    expect(header).not.toContain("Max-Age")
    expect(header).not.toContain("Secure")
    expect(await session(echo(header!)).s.GetLoggedInUser()).toBe("alice")
  })

  it("adds Secure and the __Host- name on https, and Max-Age for persistent logins, capped at 400 days", async () => {
    const a = session(undefined, true)
    await a.s.LoginUser("alice", { persistent: true })
    expect(a.setCookies[0]).toMatch(new RegExp(`^${secureSessionCookieName}=v1\\.`))
    expect(a.setCookies[0]).toContain("Max-Age=1209600; Path=/; HttpOnly; Secure; SameSite=Lax")
    // The https session is read from the __Host- cookie only: an http cookie of the plain name does not count.
    expect(await session(echo(a.setCookies[0]!), true).s.GetLoggedInUser()).toBe("alice")
    expect(
      await session(
        echo(a.setCookies[0]!).replace(secureSessionCookieName, defaultSessionCookieName),
        true,
      ).s.GetLoggedInUser(),
    ).toBeUndefined()
    const b = session()
    await b.s.LoginUser("bob", { persistent: true, maxAgeSeconds: 10 ** 9 })
    expect(b.setCookies[0]).toContain(`Max-Age=${400 * 86400};`)
  })

  it("lets the host force Secure behind a TLS-terminating proxy, never trusting X-Forwarded-Proto", async () => {
    const a = session(undefined, false, { ...options, secure: true })
    await a.s.LoginUser("alice")
    expect(a.setCookies[0]).toContain("; Secure")
    const b = session(undefined, true, { ...options, secure: false })
    await b.s.LoginUser("alice")
    expect(b.setCookies[0]).not.toContain("Secure")
  })

  it("expires on the server even when the browser keeps the cookie", async () => {
    const a = session()
    await a.s.LoginUser("alice", { maxAgeSeconds: 60 })
    const cookie = echo(a.setCookies[0]!)
    clock += 59_000
    expect(await session(cookie).s.GetLoggedInUser()).toBe("alice")
    clock += 62_000
    expect(await session(cookie).s.GetLoggedInUser()).toBeUndefined()
  })

  it("logs out by clearing the cookie", async () => {
    const a = session()
    await a.s.LoginUser("alice")
    const b = session(echo(a.setCookies[0]!))
    await b.s.Logout()
    expect(await b.s.GetLoggedInUser()).toBeUndefined()
    expect(b.setCookies[0]).toBe(
      `${defaultSessionCookieName}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/; HttpOnly; SameSite=Lax`,
    )
  })

  it("reads a cookie signed with another secret, or garbage, as anonymous", async () => {
    const a = session(undefined, false, { secret: "another secret that is long enough!!" })
    await a.s.LoginUser("mallory")
    const foreign = echo(a.setCookies[0]!)
    expect(await session(foreign).s.GetLoggedInUser()).toBeUndefined()
    for (const header of [`${defaultSessionCookieName}=`, `${defaultSessionCookieName}=%ZZ`, "=;;=", "\u0000"]) {
      expect(await session(header).s.GetLoggedInUser()).toBeUndefined()
    }
    expect(parseCookieHeader(foreign).size).toBe(1)
  })

  it("checks the token as sent, byte for byte: a percent-encoded or quoted spelling is not the token", async () => {
    const real = session()
    await real.s.LoginUser("alice")
    const token = echo(real.setCookies[0]!).slice(defaultSessionCookieName.length + 1)
    expect(await session(`${defaultSessionCookieName}=${token}`).s.GetLoggedInUser()).toBe("alice")
    const spellings = [
      token.replaceAll(".", "%2E"),
      token.replace(".", "%2e"),
      `"${token}"`,
      token.replace("v", "%76"),
      token.replace("Y", "%59"),
    ]
    for (const spelling of spellings) {
      expect(spelling).not.toBe(token)
      expect(await session(`${defaultSessionCookieName}=${spelling}`).s.GetLoggedInUser(), spelling).toBeUndefined()
    }
    // Other cookies are still read decoded, for ctx.Request.cookies.
    expect(parseCookieHeader('theme="dark%20blue"').get("theme")).toBe("dark blue")
  })

  it("never throws and never logs in on arbitrary cookie headers (property)", async () => {
    const real = session()
    await real.s.LoginUser("alice")
    const token = echo(real.setCookies[0]!).slice(defaultSessionCookieName.length + 1)
    const mutated = fc
      .tuple(fc.nat(token.length), fc.string({ minLength: 1, maxLength: 3 }))
      .map(([at, text]) => token.slice(0, at) + text + token.slice(at + 1))
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ unit: "binary" }),
          mutated.map((t) => `${defaultSessionCookieName}=${t}`),
        ),
        async (header) => {
          fc.pre(!header.includes(token))
          expect(await session(header).s.GetLoggedInUser()).toBeUndefined()
        },
      ),
      { numRuns: 300 },
    )
  })

  it("refuses bad user names and lifetimes at LoginUser", async () => {
    const { s } = session()
    await expect(s.LoginUser("")).rejects.toThrow(sessionMessages.userNameEmpty())
    await expect(s.LoginUser("a\uD800")).rejects.toThrow(sessionMessages.userNameSurrogate())
    await expect(s.LoginUser("x".repeat(2000))).rejects.toThrow(sessionMessages.userNameTooLong(1024))
    await expect(s.LoginUser("a", { maxAgeSeconds: -1 })).rejects.toThrow(sessionMessages.badMaxAge(-1))
    await expect(s.LoginUser("a", { maxAgeSeconds: 1.5 })).rejects.toThrow(sessionMessages.badMaxAge(1.5))
  })

  it("refuses short secrets at configuration time", () => {
    expect(() => checkSessionOptions({ secret: "short" })).toThrow(
      sessionMessages.secretTooShort("options (secret #1)", 5),
    )
    expect(() => checkSessionOptions({ secret: [] })).toThrow(sessionMessages.noSecrets())
    expect(() => checkSessionOptions({ secret, cookieName: "bad name" })).toThrow(
      sessionMessages.badCookieName("bad name"),
    )
  })

  it("accepts secrets as bytes, and rotation lists mixing text and bytes", async () => {
    const bytes = new Uint8Array(32).fill(7)
    const a = session(undefined, false, { secret: bytes, now: () => clock })
    await a.s.LoginUser("alice")
    const cookie = echo(a.setCookies[0]!)
    expect(await session(cookie, false, { secret: [secret, bytes], now: () => clock }).s.GetLoggedInUser()).toBe(
      "alice",
    )
    expect(() => checkSessionOptions({ secret: new Uint8Array(31) })).toThrow(
      sessionMessages.secretTooShort("options (secret #1)", 31),
    )
  })

  it("uses SITELETS_SECRET when no secret is given", async () => {
    vi.stubEnv("SITELETS_SECRET", secret)
    const a = session(undefined, false, { now: () => clock })
    await a.s.LoginUser("alice")
    expect(await session(echo(a.setCookies[0]!)).s.GetLoggedInUser()).toBe("alice")
  })

  it("reads SITELETS_SECRET only when a session needs a key, and checks its length then", async () => {
    vi.stubEnv("SITELETS_SECRET", "too short")
    // Building a host reads no environment (a site without sessions never needs it).
    expect(() => checkSessionOptions(undefined)).not.toThrow()
    const a = session(undefined, false, { now: () => clock })
    await expect(a.s.LoginUser("alice")).rejects.toThrow(sessionMessages.secretTooShort("SITELETS_SECRET", 9))
  })

  it("a runtime refusing to read the environment counts as an unset variable, with the reason in the one warning", async () => {
    vi.resetModules()
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {})
    const realProcess = globalThis.process
    // What Deno 2 does without --allow-env: reading process.env throws NotCapable.
    const refusing = new Proxy(realProcess, {
      get: (target, name) =>
        name === "env"
          ? new Proxy(
              {},
              {
                get: () => {
                  throw Object.assign(new Error('Requires env access to "SITELETS_SECRET"'), { name: "NotCapable" })
                },
              },
            )
          : Reflect.get(target, name),
    })
    const fresh = await import("../../../src/sitelet/auth/user-session.js")
    const freshHost = await import("../../../src/host/host-options.js")
    try {
      globalThis.process = refusing
      expect(() => freshHost.resolveHostOptions({})).not.toThrow()
      const setCookies: string[] = []
      // NODE_ENV cannot be read either: not development, so a session without a secret is an error…
      const strict = fresh.createUserSession({
        cookieHeader: undefined,
        setCookie: (h) => setCookies.push(h),
        secure: false,
      })
      await expect(strict.LoginUser("alice")).rejects.toThrow(sessionMessages.noSecret(true))
      // …unless development is asked for explicitly.
      const s = fresh.createUserSession({
        cookieHeader: "sitelets_session=v1.x.y",
        setCookie: (h) => setCookies.push(h),
        secure: false,
        options: { development: true },
      })
      expect(await s.GetLoggedInUser()).toBeUndefined()
      await s.LoginUser("alice")
    } finally {
      globalThis.process = realProcess
    }
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn).toHaveBeenCalledWith(sessionMessages.randomKeyWarning(true))
  })

  it("takes the secret from the request's bindings when given as a function", async () => {
    const bindings = { SESSION_SECRET: secret } as never
    const make = (cookieHeader: string | undefined, env: unknown) => {
      const setCookies: string[] = []
      const opts: SessionOptions = {
        secret: (e) => (e as { SESSION_SECRET?: string }).SESSION_SECRET,
        now: () => clock,
      }
      return {
        s: createUserSession({
          cookieHeader,
          setCookie: (h) => setCookies.push(h),
          secure: false,
          options: opts,
          env: env as never,
        }),
        setCookies,
      }
    }
    const a = make(undefined, bindings)
    await a.s.LoginUser("alice")
    // The same secret given directly accepts the cookie: the binding was the key.
    expect(await session(echo(a.setCookies[0]!)).s.GetLoggedInUser()).toBe("alice")
    expect(await make(echo(a.setCookies[0]!), bindings).s.GetLoggedInUser()).toBe("alice")
    // A missing binding is an error naming it, never a silent random key.
    await expect(make(undefined, {}).s.LoginUser("bob")).rejects.toThrow(sessionMessages.secretFunctionGaveNothing())
    await expect(make(undefined, { SESSION_SECRET: "short" }).s.LoginUser("bob")).rejects.toThrow(
      sessionMessages.secretTooShort("options (secret #1)", 5),
    )
    // Not called when the host is built.
    expect(() =>
      checkSessionOptions({
        secret: () => {
          throw new Error("called")
        },
      }),
    ).not.toThrow()
  })

  it("without any secret outside development, a session is an error that says how to set one", async () => {
    vi.stubEnv("SITELETS_SECRET", "")
    vi.stubEnv("NODE_ENV", "production")
    const a = session(undefined, false, { now: () => clock })
    await expect(a.s.LoginUser("alice")).rejects.toThrow(sessionMessages.noSecret(false))
    // A cookie cannot be checked either: the same error, never a silent "anonymous".
    await expect(session("sitelets_session=v1.x.y", false, { now: () => clock }).s.GetLoggedInUser()).rejects.toThrow(
      sessionMessages.noSecret(false),
    )
    // No cookie at all needs no key: anonymous, no error.
    expect(await session(undefined, false, { now: () => clock }).s.GetLoggedInUser()).toBeUndefined()
    expect(a.setCookies).toEqual([])
  })

  it("without any secret while developing, makes one random per-process key and warns once", async () => {
    vi.stubEnv("SITELETS_SECRET", "")
    vi.resetModules()
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {})
    const fresh = await import("../../../src/sitelet/auth/user-session.js")
    const make = (cookieHeader?: string) => {
      const setCookies: string[] = []
      return {
        s: fresh.createUserSession({ cookieHeader, setCookie: (h) => setCookies.push(h), secure: false }),
        setCookies,
      }
    }
    const a = make()
    await a.s.LoginUser("alice")
    const b = make(echo(a.setCookies[0]!))
    expect(await b.s.GetLoggedInUser()).toBe("alice")
    await make().s.LoginUser("bob")
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn).toHaveBeenCalledWith(sessionMessages.randomKeyWarning(false))
    // Signed with the random key, so a configured secret does not accept it.
    expect(await session(echo(a.setCookies[0]!)).s.GetLoggedInUser()).toBeUndefined()
  })
})

describe("bearer tokens (IssueToken, VerifyToken)", () => {
  it("verifies its own tokens, remembered or not, never a cookie's value, and never past expiry", async () => {
    const issuer = session().s
    const token = await issuer.IssueToken("alice", { maxAgeSeconds: 60 })
    expect(token.startsWith("b1.")).toBe(true)
    expect(await session().s.VerifyToken(token)).toBe("alice")
    expect(await session().s.VerifyToken(token)).toBe("alice") // the remembered path
    const login = session()
    await login.s.LoginUser("bob")
    const cookie = echo(login.setCookies[0]!)
    expect(await session(cookie).s.GetLoggedInUser()).toBe("bob") // remembered as a cookie token
    expect(await session().s.VerifyToken(cookie.slice(cookie.indexOf("=") + 1))).toBeUndefined()
    expect(await session(`${defaultSessionCookieName}=${token}`).s.GetLoggedInUser()).toBeUndefined()
    clock += 2 * 60 * 1000 + 60 * 1000
    expect(await session().s.VerifyToken(token)).toBeUndefined()
    expect(await session().s.VerifyToken(`${token.slice(0, -2)}AA`)).toBeUndefined()
  })

  it("refuses what cannot be a token's user or lifetime", async () => {
    await expect(session().s.IssueToken("")).rejects.toThrow(sessionMessages.userNameEmpty("UserSession.IssueToken"))
    await expect(session().s.IssueToken("a", { maxAgeSeconds: -1 })).rejects.toThrow(
      sessionMessages.badMaxAge(-1, "UserSession.IssueToken"),
    )
  })
})

describe("host options", () => {
  it("check session options when a host is built", async () => {
    const { resolveHostOptions } = await import("../../../src/host/host-options.js")
    expect(() => resolveHostOptions({ session: { secret: "too short" } })).toThrow(
      sessionMessages.secretTooShort("options (secret #1)", 9),
    )
    expect(() => resolveHostOptions({ session: { secret, cookieName: "a;b" } })).toThrow(
      sessionMessages.badCookieName("a;b"),
    )
    expect(resolveHostOptions({ session: { secret } }).session?.secret).toBe(secret)
  })
})
