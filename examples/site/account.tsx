/**
 * The account area (authentication example): a login form posted as
 * FormData, logout, and a profile page protected by `Sitelet.Protect`.
 * Embedded into `Site` under `/account` with `EmbedInUnion`.
 */
import { storable } from "./storable.js"
import { Content, Http, type RateLimitVerdict, Sitelet, safeReturnPath, type Context } from "../../src/index.js"
import type { JSX } from "sitelets/jsx-runtime"
import { AccountForms, type Account, type Site } from "./endpoints.js"
import { layout, siteLinks } from "./layout.js"
import { services } from "./services.js"

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
 * Whether `password` is `user`'s (the login form and the API's token
 * endpoint both ask).
 *
 * @example
 * ```ts
 * checkPassword("ada", "lovelace") //=> true
 * ```
 */
export const checkPassword = (user: string | undefined, password: string | undefined): boolean =>
  user !== undefined && password !== undefined && demoUsers.get(user) === password

/**
 * The one limit on password guesses, per user name, shared by every path
 * that checks a password (the login form here, `POST /api/token` in
 * api.ts): five attempts, then one a minute. One store, so guesses on one
 * path count on the other.
 *
 * @example
 * ```ts
 * Sitelet.RateLimit({ ...passwordLimit, Key: (_ctx, e) => passwordKey(e.user) }, tokens)
 * ```
 */
export const passwordLimit = { Capacity: 5, RefillPerSecond: 1 / 60, Store: services.limits } as const

/**
 * The bucket of a user name's password attempts in {@link passwordLimit}.
 *
 * @example
 * ```ts
 * passwordKey("ada") //=> "password:ada"
 * ```
 */
export const passwordKey = (user: string): string => `password:${user}`

/**
 * Takes one password attempt for `user` from {@link passwordLimit}: call it
 * before checking a password anywhere but under `Sitelet.RateLimit`.
 *
 * @example
 * ```ts
 * if (!(await takePasswordAttempt("ada")).allowed) return tooManyAttempts()
 * ```
 */
export const takePasswordAttempt = async (user: string): Promise<RateLimitVerdict> => {
  try {
    return await passwordLimit.Store.take(
      passwordKey(user),
      { capacity: passwordLimit.Capacity, refillPerSecond: passwordLimit.RefillPerSecond },
      Date.now(),
    )
  } catch {
    // The store is unreachable (Redis down): fail closed, as Sitelet.RateLimit does — no password is checked.
    return { allowed: false, remaining: 0, retryAfterSeconds: 1 }
  }
}

/**
 * The login page of the account area, coming back afterwards to `returnTo`:
 * the requested page's URL as `Sitelet.Protect` gives it (under an Express
 * mount or a `basePath`, their prefix included).
 *
 * @example
 * ```ts
 * loginFor({ $: "Admin", page: { $: "Messages" } }, "/admin/messages")
 * //=> { $: "Account", page: { $: "Login", returnTo: "/admin/messages" } }
 * ```
 */
export const loginFor = (_requested: Site, returnTo: string): Site => ({
  $: "Account",
  page: { $: "Login", returnTo },
})

// The site's layout: the account area links the rest of the site through siteLinks.
const page = (ctx: Context<Account>, title: string, body: JSX.Element) =>
  layout(
    siteLinks(ctx),
    title,
    <>
      <nav class="sub" aria-label="Account">
        <a href={ctx.Link({ $: "Profile" })}>Account</a>
      </nav>
      {body}
    </>,
    "Account",
  )

const loginForm = (ctx: Context<Account>, returnTo: string | undefined, error?: string) =>
  page(
    ctx,
    "Log in",
    <>
      {error === undefined ? null : <p class="error">{error}</p>}
      <form class="stacked" method="post" action={ctx.Link({ $: "LogIn", returnTo })}>
        <label>
          User <input name="user" autocomplete="username" required />
        </label>
        <label>
          Password <input name="password" type="password" autocomplete="current-password" required />
        </label>
        <button type="submit">Log in</button>
      </form>
      <p class="meta">Demo account: ada / lovelace.</p>
    </>,
  )

// InferPartial: the handlers' `ctx.Link` takes every `Account` endpoint, the profile included.
const forms = Sitelet.InferPartial(
  AccountForms,
  (e): Account => e,
  (e: Account) => (e.$ === "Profile" ? undefined : e),
  {
    Login: (ctx, e) => loginForm(ctx, e.returnTo),
    LogIn: async (ctx, e) => {
      // The same limit as the API's token endpoint: a password is never checked past it.
      const attempt = e.user === undefined ? undefined : await takePasswordAttempt(e.user)
      if (attempt !== undefined && !attempt.allowed) {
        const seconds = Math.max(1, Math.ceil(attempt.retryAfterSeconds))
        return Content.WithHeaders(
          Content.SetStatus(
            Http.Status.Custom(429),
            await loginForm(ctx, e.returnTo, `Too many attempts for this user: try again in ${seconds} seconds.`),
          ),
          { "Retry-After": String(seconds) },
        )
      }
      if (!checkPassword(e.user, e.password)) {
        return Content.SetStatus(
          Http.Status.Custom(401),
          await loginForm(ctx, e.returnTo, "Unknown user or wrong password."),
        )
      }
      await ctx.UserSession.LoginUser(e.user!)
      // returnTo came from the request: only a same-origin path is followed (303: the browser follows with GET).
      return Content.RedirectSeeOtherToUrl(safeReturnPath(e.returnTo, ctx.Link({ $: "Profile" })))
    },
    Logout: async (ctx) => {
      await ctx.UserSession.Logout()
      return Content.RedirectSeeOther({ $: "Login" })
    },
  },
  storable,
)

/** The protected part: anonymous visitors are sent to the login form, which brings them back. */
const profile = Sitelet.Protect<Account>(
  {
    VerifyUser: isKnownUser,
    // Come back to the requested page after logging in.
    LoginRedirect: (_requested, returnTo) => ({ $: "Login", returnTo }),
  },
  Sitelet.Content<Account>("/", { $: "Profile" }, async (ctx) => {
    const user = await ctx.UserSession.GetLoggedInUser()
    return page(
      ctx,
      "Your account",
      <>
        <p>Logged in as {user}.</p>
        <form method="post" action={ctx.Link({ $: "Logout" })}>
          <button type="submit">Log out</button>
        </form>
      </>,
    )
  }),
)

/** The account sitelet (its links translate into `/account/…` once embedded). */
export const account = Sitelet.Sum(profile, forms)
