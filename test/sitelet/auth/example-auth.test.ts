/**
 * The example site's account area: login form (FormData), protected
 * profile, logout, and the return address after login.
 */
import { describe, expect, it } from "vitest"
import { site } from "../../../examples/site/site.js"

const options = { session: { secret: "example site test secret, 32 bytes" } }
const form = "application/x-www-form-urlencoded"
const send = async (method: string, path: string, headers: Record<string, string> = {}, body?: string) => {
  const response = (await site.Handle(new Request(`http://localhost${path}`, { method, headers, body }), options))!
  return {
    status: response.status,
    location: response.headers.get("location"),
    setCookie: response.headers.get("set-cookie"),
    body: await response.text(),
  }
}

describe("example site: account area", () => {
  it("links the account area from every page", async () => {
    expect((await send("GET", "/")).body).toContain('href="/account"')
  })

  it("redirects anonymous visitors to the login form, which brings them back", async () => {
    const anonymous = await send("GET", "/account")
    expect(anonymous.status).toBe(307)
    expect(anonymous.location).toBe("/account/login?returnTo=%2Faccount")
    const loginPage = await send("GET", anonymous.location!)
    expect(loginPage.body).toContain('<form class="stacked" method="post" action="/account/login?returnTo=%2Faccount">')

    const wrong = await send("POST", anonymous.location!, { "content-type": form }, "user=ada&password=nope")
    expect(wrong.status).toBe(401)
    expect(wrong.setCookie).toBeNull()

    const login = await send("POST", anonymous.location!, { "content-type": form }, "user=ada&password=lovelace")
    expect(login.status).toBe(303)
    expect(login.location).toBe("/account")
    const cookie = login.setCookie!.split(";")[0]!

    const profile = await send("GET", "/account", { cookie })
    expect(profile.status).toBe(200)
    expect(profile.body).toContain("Logged in as ada.")

    const logout = await send("POST", "/account/logout", { cookie })
    expect(logout).toMatchObject({ status: 303, location: "/account/login" })
    expect(logout.setCookie).toContain("Max-Age=0")
  })

  it("never follows a foreign return address", async () => {
    const login = await send(
      "POST",
      "/account/login?returnTo=%2F%2Fevil.example%2F",
      { "content-type": form },
      "user=ada&password=lovelace",
    )
    expect(login.location).toBe("/account")
  })

  it("escapes a hostile user name in the form and refuses it", async () => {
    const response = await send(
      "POST",
      "/account/login?returnTo=%22%3E%3Cscript%3E",
      { "content-type": form },
      "user=%3Cscript%3E&password=x",
    )
    expect(response.status).toBe(401)
    expect(response.body).not.toContain("<script>")
  })
})
