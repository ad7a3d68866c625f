/**
 * The README's authentication example, end to end through the public API:
 * login form (FormData), protected area, logout.
 */
import { describe, expect, it } from "vitest"
import { Content, Cors, FormData, Html, Sitelet, t, type Infer } from "../../../src/index.js"

const Public = t.union({
  Home: "GET /",
  Login: t.case("GET|POST /login", { user: FormData(t.option(t.string)) }),
  Logout: "POST /logout",
})
const Admin = t.union({ Admin: "GET /admin/<page>" })
type Endpoint = Infer<typeof Public> | Infer<typeof Admin>

const loginForm = Html.form({ method: "post", action: "/login" }, Html.input({ name: "user" }))
const pages = Sitelet.Infer(Public, {
  Home: () => Content.Text("home"),
  Login: async (ctx, e) => {
    if (e.user === undefined) return Content.Page({ Title: "Log in", Body: loginForm })
    await ctx.UserSession.LoginUser(e.user, { persistent: true })
    return Content.RedirectSeeOther({ $: "Home" })
  },
  Logout: async (ctx) => {
    await ctx.UserSession.Logout()
    return Content.RedirectSeeOther({ $: "Home" })
  },
})
const admin = Sitelet.Protect<Endpoint>(
  { VerifyUser: (user) => user === "root", LoginRedirect: () => ({ $: "Login" }) },
  Sitelet.Infer(Admin, (_ctx, e) => Content.Text(`admin ${e.page}`)),
)
const api = Sitelet.CorsContent(
  "/api/ping",
  Cors.Of({ $: "Ping" as const }),
  (a) => ({ ...a, Origins: ["https://app.example"] }),
  () => Content.Text("pong"),
)
const site = Sitelet.Sum(pages, admin, api)
const options = { session: { secret: "the README example secret, 32 bytes" } }

const request = (method: string, url: string, headers: Record<string, string> = {}, body?: string) =>
  site.Handle(new Request(`https://example.test${url}`, { method, headers, body }), options)

describe("authentication flow (README example)", () => {
  it("login form → cookie → protected page → logout", async () => {
    const anonymous = (await request("GET", "/admin/index"))!
    expect(anonymous.status).toBe(307)
    expect(anonymous.headers.get("location")).toBe("/login")

    const form = (await request("GET", "/login"))!
    expect(await form.text()).toContain('<form method="post" action="/login">')

    const login = (await request(
      "POST",
      "/login",
      { "content-type": "application/x-www-form-urlencoded" },
      "user=root",
    ))!
    expect(login.status).toBe(303)
    const setCookie = login.headers.get("set-cookie")!
    expect(setCookie).toMatch(/; Max-Age=1209600; Path=\/; HttpOnly; Secure; SameSite=Lax$/)
    const cookie = setCookie.split(";")[0]!

    const page = (await request("GET", "/admin/index", { cookie }))!
    expect(page.status).toBe(200)
    expect(await page.text()).toBe("admin index")

    const logout = (await request("POST", "/logout", { cookie }))!
    expect(logout.headers.get("set-cookie")).toContain("Max-Age=0")

    const other = (await request(
      "POST",
      "/login",
      { "content-type": "application/x-www-form-urlencoded" },
      "user=guest",
    ))!
    const guest = other.headers.get("set-cookie")!.split(";")[0]!
    expect((await request("GET", "/admin/index", { cookie: guest }))!.status).toBe(307)
  })

  it("CORS next to the protected area", async () => {
    const preflight = (await request("OPTIONS", "/api/ping", {
      origin: "https://app.example",
      "access-control-request-method": "GET",
    }))!
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get("access-control-allow-origin")).toBe("https://app.example")
  })
})
