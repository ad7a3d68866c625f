import { describe, expect, it } from "vitest"
import fc from "fast-check"
import { Single } from "../../../src/router/combinators.js"
import { header, resolveContent, staticContent, type Content } from "../../../src/sitelet/content-model.js"
import type { Context } from "../../../src/sitelet/context.js"
import { Cors } from "../../../src/sitelet/cors/cors.js"
import { CorsContent } from "../../../src/sitelet/cors/cors-content.js"
import { Status } from "../../../src/sitelet/http/http-status.js"
import { Protect } from "../../../src/sitelet/auth/protect.js"
import { makeSitelet, sumSitelets, type Sitelet as SiteletOf } from "../../../src/sitelet/sitelet.js"
import { createUserSession } from "../../../src/sitelet/auth/user-session.js"
import { Sitelet } from "../../../src/api/sitelet-namespace.js"

type Site = { $: "Home" } | { $: "Login" } | { $: "Secret" } | { $: "Api" }

const secret = "a test secret that is long enough"
const session = { secret }
const text = (body: string) => staticContent(Status.Ok, [header("Content-Type", "text/plain; charset=utf-8")], body)

/** One endpoint at one URL with a handler, as a sitelet (any method). */
function page<E>(
  endpoint: E,
  url: string,
  handler: (ctx: Context<E>) => Content<E> | Promise<Content<E>>,
): SiteletOf<E> {
  const router = Single(endpoint, url)
  return makeSitelet<E>(router, async (request, offset, lenient) => {
    const result = lenient ? undefined : await router.route(request, offset, false)
    if (result?.$ !== "Success") return undefined
    return { endpoint: result.endpoint, serve: async (ctx: Context<E>) => resolveContent(handler(ctx), ctx) }
  })
}

let secretServed = 0
const verified: string[] = []
const site: SiteletOf<Site> = sumSitelets<Site>([
  page<Site>({ $: "Home" }, "/", () => text("home")),
  page<Site>({ $: "Login" }, "/login", async (ctx) => {
    await ctx.UserSession.LoginUser(ctx.Request.query.get("user")?.[0] ?? "nobody")
    return text("logged in")
  }),
  Protect<Site>(
    {
      VerifyUser: async (user) => {
        verified.push(user)
        return user === "admin"
      },
      LoginRedirect: () => ({ $: "Login" }),
    },
    sumSitelets<Site>([
      page<Site>({ $: "Secret" }, "/admin/secret", () => {
        secretServed++
        return text("the secret")
      }),
      CorsContent<Site>(
        "/admin/api",
        Cors.Of<Site>({ $: "Api" }),
        (allows) => ({ ...allows, Origins: ["https://app.example"], Credentials: true, Headers: ["Content-Type"] }),
        () => text("api data"),
      ),
    ]),
  ),
])

async function cookieFor(user: string): Promise<string> {
  const setCookies: string[] = []
  await createUserSession({
    cookieHeader: null,
    setCookie: (h) => setCookies.push(h),
    secure: false,
    options: session,
  }).LoginUser(user)
  return setCookies[0]!.split(";")[0]!
}

const get = (url: string, headers: Record<string, string> = {}, method = "GET") =>
  site.Handle(new Request(`http://localhost${url}`, { method, headers }), { session })

describe("Sitelet.Protect", () => {
  it("redirects anonymous users with 307 to the login link, without running the handler", async () => {
    const before = secretServed
    const response = (await get("/admin/secret"))!
    expect(response.status).toBe(307)
    expect(response.headers.get("location")).toBe("/login")
    expect(response.headers.get("cache-control")).toBe("no-store")
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'")
    expect(secretServed).toBe(before)
  })

  it("redirects a logged-in user VerifyUser refuses, and serves one it accepts", async () => {
    const bob = await cookieFor("bob")
    expect((await get("/admin/secret", { cookie: bob }))!.status).toBe(307)
    expect(verified).toContain("bob")
    const admin = await cookieFor("admin")
    const response = (await get("/admin/secret", { cookie: admin }))!
    expect(response.status).toBe(200)
    expect(await response.text()).toBe("the secret")
  })

  it("fails closed on a forged cookie", async () => {
    const admin = await cookieFor("admin")
    const forged = admin.replace(/\.[^.]+$/, ".AAAA")
    expect((await get("/admin/secret", { cookie: forged }))!.status).toBe(307)
  })

  it("the login flow sets a cookie that then opens the protected page", async () => {
    const login = (await get("/login?user=admin"))!
    const cookie = login.headers.get("set-cookie")!.split(";")[0]!
    expect((await get("/admin/secret", { cookie }))!.status).toBe(200)
  })

  it("lets CORS preflights through before the guard, but not actual requests", async () => {
    const preflight = (await get(
      "/admin/api",
      { origin: "https://app.example", "access-control-request-method": "POST" },
      "OPTIONS",
    ))!
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get("access-control-allow-origin")).toBe("https://app.example")
    expect(preflight.headers.get("access-control-allow-credentials")).toBe("true")
    expect(preflight.headers.get("vary")).toBe("Origin")
    const anonymous = (await get("/admin/api", { origin: "https://app.example" }))!
    expect(anonymous.status).toBe(307)
    const admin = await cookieFor("admin")
    const served = (await get("/admin/api", { origin: "https://app.example", cookie: admin }))!
    expect(served.status).toBe(200)
    expect(served.headers.get("access-control-allow-origin")).toBe("https://app.example")
    expect(served.headers.get("vary")).toBe("Origin")
  })

  it("lets a preflight through when the CORS part is inside Map, Embed or Shift", async () => {
    const cors = CorsContent(
      "/ping",
      Cors.Of(1),
      (a) => ({ ...a, Origins: ["https://app.example"] }),
      () => text("pong"),
    )
    const wrapped = Protect<string>(
      { VerifyUser: () => false, LoginRedirect: () => "login" },
      Sitelet.Shift(
        "api",
        Sitelet.Map(
          (n: number) => `n${n}`,
          (s: string) => Number(s.slice(1)),
          cors,
        ),
      ),
    )
    const site2 = Sitelet.Sum(wrapped, Sitelet.Content("/login", "login", text("login")))
    const preflight = (await site2.Handle(
      new Request("http://localhost/api/ping", {
        method: "OPTIONS",
        headers: { origin: "https://app.example", "access-control-request-method": "GET" },
      }),
    ))!
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get("access-control-allow-origin")).toBe("https://app.example")
    const actual = (await site2.Handle(
      new Request("http://localhost/api/ping", { headers: { origin: "https://app.example" } }),
    ))!
    expect(actual.status).toBe(307)
    expect(actual.headers.get("location")).toBe("/login")
  })

  it("an OPTIONS without Access-Control-Request-Method is an ordinary (guarded) request", async () => {
    const before = secretServed
    expect((await get("/admin/secret", {}, "OPTIONS"))!.status).toBe(307)
    // A CorsContent part takes only the methods it allows (OPTIONS is not one): not accepted, nothing served.
    expect(await get("/admin/api", { origin: "https://app.example" }, "OPTIONS")).toBeUndefined()
    expect((await get("/admin/api", { origin: "https://app.example" }, "PUT"))!.status).toBe(307)
    expect((await get("/admin/secret", { "access-control-request-method": "GET" }, "OPTIONS"))!.status).toBe(307)
    expect(secretServed).toBe(before)
  })

  it("no header switches the guard off", async () => {
    for (const name of ["x-middleware-subrequest", "x-forwarded-user", "authorization", "x-original-url"]) {
      expect((await get("/admin/secret", { [name]: "admin" }))!.status, name).toBe(307)
    }
  })

  it("no spelling of a URL reaches protected content unguarded (property)", async () => {
    const pieces = fc.constantFrom(
      "admin",
      "ADMIN",
      "Admin",
      "%61dmin",
      "secret",
      "SECRET",
      "%73ecret",
      "",
      ".",
      "..",
      "%2e",
      "%2E%2E",
      "api",
      "x",
    )
    const separators = fc.constantFrom("/", "//", "%2F", "%2f", "\\", "%5C", "/./", "/../")
    const spelling = fc
      .tuple(
        separators,
        fc.array(fc.tuple(pieces, separators), { minLength: 1, maxLength: 5 }),
        fc.constantFrom("", "/", "?", "?x=1", "#f", "/?a"),
      )
      .map(
        ([lead, parts, tail]) =>
          lead +
          parts
            .map(([p, s]) => p + s)
            .join("")
            .replace(/[/\\]$/, "") +
          tail,
      )
    const bob = await cookieFor("bob")
    await fc.assert(
      fc.asyncProperty(
        spelling,
        fc.constantFrom<Record<string, string>>({}, { cookie: bob }),
        async (path, headers) => {
          const before = secretServed
          let response: Response | undefined
          try {
            response = await site.Handle(
              new Request(`http://localhost${path.startsWith("/") ? "" : "/"}${path}`, { headers }),
              { session },
            )
          } catch {
            return // the Fetch API itself refused the URL: nothing was served
          }
          expect(secretServed).toBe(before)
          if (response !== undefined) {
            const body = await response.text()
            expect(body).not.toContain("the secret")
            expect(body).not.toContain("api data")
            expect([200, 307, 400, 404, 405, 414]).toContain(response.status)
          }
        },
      ),
      {
        numRuns: 300,
        examples: [
          ["//admin/secret", {}],
          ["/admin%2Fsecret", {}],
          ["/admin/secret/", {}],
          ["/ADMIN/secret", {}],
          ["/admin//secret", { cookie: bob }],
        ],
      },
    )
  })
})
