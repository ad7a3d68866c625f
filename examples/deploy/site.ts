/**
 * The site every deployment snippet serves: a home page, a login form and
 * a page that says who is logged in. Sessions are signed cookies, so every
 * process (and every runtime) given the same secrets serves the same users.
 */
import { Content, FormData, Html, Sitelet, t, type Secret } from "sitelets"

export const Site = t.union({
  Home: "GET /",
  Login: t.case("POST /login", { user: FormData(t.string) }),
  Me: "GET /me",
  Logout: "POST /logout",
})

export const site = Sitelet.Infer(Site, {
  Home: (ctx) =>
    Content.Page({
      Title: "Deployed",
      // The form's fields travel in the body, so the link of Login is its path whatever `user` holds.
      Body: Html.form(
        { method: "post", action: ctx.Link({ $: "Login", user: "" }) },
        Html.input({ name: "user" }),
        Html.button({}, "Log in"),
      ),
    }),
  Login: async (ctx, e) => {
    await ctx.UserSession.LoginUser(e.user)
    return Content.RedirectSeeOther({ $: "Me" })
  },
  Me: async (ctx) => Content.Text(`user: ${(await ctx.UserSession.GetLoggedInUser()) ?? "anonymous"}`),
  Logout: async (ctx) => {
    await ctx.UserSession.Logout()
    return Content.RedirectSeeOther({ $: "Home" })
  },
})

/**
 * The session secrets from configuration: `SESSION_SECRET` signs, and
 * `SESSION_SECRET_OLD` (during a key rotation) still verifies. Undefined
 * when neither is set.
 */
export function secretsFrom(vars: {
  readonly SESSION_SECRET?: string
  readonly SESSION_SECRET_OLD?: string
}): readonly Secret[] | undefined {
  const secrets = [vars.SESSION_SECRET, vars.SESSION_SECRET_OLD].filter(
    (secret): secret is string => secret !== undefined && secret !== "",
  )
  return secrets.length > 0 ? secrets : undefined
}
