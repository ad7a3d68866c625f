/**
 * The account area (authentication example): a login form posted as
 * FormData, logout, and a profile page protected by `Sitelet.Protect`.
 * Embedded into `Site` under `/account` with `EmbedInUnion`.
 */
import {
  Content,
  Html,
  Http,
  Router,
  Sitelet,
  header,
  safeReturnPath,
  staticContent,
  type Context,
} from "../../src/index.js"
import { AccountForms, Site, type Account } from "./endpoints.js"

const { form, label, input, button, p, nav, a, main, h1 } = Html

const siteRouter = Router.Infer(Site)

// Demo credentials only: a real site checks a password hash from its user store.
const demoUsers = new Map([["ada", "lovelace"]])

/**
 * Whether a logged-in user may use the protected areas (the profile here,
 * `/admin` in site.ts).
 *
 * @example
 * ```ts
 * Sitelet.Protect({ VerifyUser: isKnownUser, LoginRedirect: … }, area)
 * ```
 */
export const isKnownUser = (user: string): boolean => demoUsers.has(user)

/**
 * The login page of the account area, coming back to `requested` afterwards.
 *
 * @example
 * ```ts
 * loginFor({ $: "Admin", page: { $: "Messages" } })
 * //=> { $: "Account", page: { $: "Login", returnTo: "/admin/messages" } }
 * ```
 */
export const loginFor = (requested: Site): Site => ({
  $: "Account",
  page: { $: "Login", returnTo: siteRouter.Link(requested) },
})

const page = (ctx: Context<Account>, title: string, ...body: Parameters<typeof main>[1][]) =>
  Content.Page({
    Title: `${title} · sitelets example`,
    Lang: "en",
    Body: [nav(null, a({ href: ctx.Link({ $: "Profile" }) }, "Account")), main(null, h1(null, title), ...body)],
  })

const loginForm = (ctx: Context<Account>, returnTo: string | undefined, error?: string) =>
  page(
    ctx,
    "Log in",
    error === undefined ? null : p({ class: "error" }, error),
    form(
      { method: "post", action: ctx.Link({ $: "Login", returnTo }) },
      label(null, "User", input({ name: "user", autocomplete: "username", required: true })),
      label(
        null,
        "Password",
        input({ name: "password", type: "password", autocomplete: "current-password", required: true }),
      ),
      button({ type: "submit" }, "Log in"),
    ),
    p(null, "Demo account: ada / lovelace."),
  )

/** 303 to a URL: after a form POST the browser follows with GET. */
const seeOther = (url: string) => staticContent(Http.Status.SeeOther, [header("Location", url)], undefined)

// InferPartial: the handlers' `ctx.Link` takes every `Account` endpoint, the profile included.
const forms = Sitelet.InferPartial(
  AccountForms,
  (e): Account => e,
  (e: Account) => (e.$ === "Profile" ? undefined : e),
  {
    Login: async (ctx, e) => {
      if (ctx.Request.method !== "POST") return loginForm(ctx, e.returnTo)
      const known = e.user !== undefined && demoUsers.get(e.user)
      if (!known || known !== e.password) {
        return Content.SetStatus(Http.Status.Custom(401), loginForm(ctx, e.returnTo, "Unknown user or wrong password."))
      }
      await ctx.UserSession.LoginUser(e.user!)
      // returnTo came from the request: only a same-origin path is followed.
      return seeOther(safeReturnPath(e.returnTo, ctx.Link({ $: "Profile" })))
    },
    Logout: async (ctx) => {
      await ctx.UserSession.Logout()
      return seeOther(ctx.Link({ $: "Login" }))
    },
  },
)

/** The protected part: anonymous visitors are sent to the login form, which brings them back. */
const profile = Sitelet.Protect<Account>(
  {
    VerifyUser: isKnownUser,
    // Come back to the requested page after logging in.
    LoginRedirect: (requested) => ({ $: "Login", returnTo: siteRouter.Link({ $: "Account", page: requested }) }),
  },
  Sitelet.Content<Account>("/", { $: "Profile" }, async (ctx) => {
    const user = await ctx.UserSession.GetLoggedInUser()
    return page(
      ctx,
      "Your account",
      p(null, `Logged in as ${user}.`),
      form({ method: "post", action: ctx.Link({ $: "Logout" }) }, button({ type: "submit" }, "Log out")),
    )
  }),
)

/** The account sitelet (its links translate into `/account/…` once embedded). */
export const account = Sitelet.Sum(profile, forms)
