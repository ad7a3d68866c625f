/**
 * `Sitelet.Protect({ VerifyUser, LoginRedirect }, s)`: the endpoints of `s`
 * are served only to a logged-in user that `VerifyUser` accepts; anyone else
 * gets a 307 redirect to the link of `LoginRedirect(requested)`.
 *
 * The guard wraps the dispatch result, so it runs on the endpoint value the
 * router produced from the one shared parse of the request: no spelling of
 * the URL (`//x`, `%2F`, a trailing slash, another case) can reach the
 * content without it. No request header switches it off. The only requests
 * it lets through unauthenticated are CORS preflights answered by
 * `Sitelet.CorsContent`, which run no user code.
 */
import { header, staticContent, type StaticContent } from "./content-model.js"
import { Content } from "./content.js"
import type { Context } from "./context.js"
import { isPreflightAnswer } from "./cors-content.js"
import { makeSitelet, type Dispatched, type Sitelet } from "./sitelet.js"
import { andThen } from "../internal/maybe-promise.js"
import { markSources } from "../router/route-source.js"

/** What `Sitelet.Protect` checks, and where it sends everyone else. */
export interface ProtectFilter<Endpoint> {
  /** Whether the logged-in user may see the protected endpoints (sync or async). Only `true` admits. */
  readonly VerifyUser: (user: string) => boolean | Promise<boolean>
  /**
   * The login endpoint for a requested endpoint. `returnTo` is the URL of
   * the requested page as this host serves it (`ctx.Link(requested)`: the
   * mount path and `basePath` included), to carry as the return address.
   */
  readonly LoginRedirect: (requested: Endpoint, returnTo: string) => Endpoint
}

/**
 * A 307 redirect to a URL the library built with `ctx.Link`; never cached.
 *
 * @example
 * ```ts
 * loginRedirect("/login?returnTo=%2Fadmin").status.code //=> 307
 * ```
 */
export function loginRedirect(location: string): StaticContent {
  // The same redirect as Content.RedirectTemporaryToUrl (checked Location, strict CSP), never cached.
  const redirect = Content.RedirectTemporaryToUrl(location)
  return staticContent(redirect.status, [...redirect.headers, header("Cache-Control", "no-store")], redirect.body)
}

/**
 * Decides whether the request's user may see `endpoint`: logged in and
 * `VerifyUser` returned exactly `true`. Fails closed: an exception in
 * `VerifyUser` propagates (the host answers 500), it never admits.
 *
 * @example
 * ```ts
 * await admits(filter, ctx) //=> true | false
 * ```
 */
export async function admits<Endpoint>(filter: ProtectFilter<Endpoint>, ctx: Context<Endpoint>): Promise<boolean> {
  const user = await ctx.UserSession.GetLoggedInUser()
  if (user === undefined) return false
  return (await filter.VerifyUser(user)) === true
}

/**
 * Guards every endpoint of a sitelet behind a login. `LoginRedirect`
 * returns an endpoint of the same type; `ctx.Link` resolves it through the
 * whole served sitelet, so the login page may live in another part of a
 * `Sum` (outside the guard, or the redirect would loop).
 *
 * @example
 * ```ts
 * const Site = t.union({ Login: "GET|POST /login?returnTo=<returnTo:string?>", Admin: "GET /admin/<page>" })
 * type Site = Infer<typeof Site>
 * const admin = Sitelet.Protect<Site>(
 *   { VerifyUser: (user) => user === "root", LoginRedirect: (_requested, returnTo) => ({ $: "Login", returnTo }) },
 *   adminPages,
 * )
 * const site = Sitelet.Sum(loginPage, admin) // GET /admin/x without login → 307 Location: /login?returnTo=%2Fadmin%2Fx
 * // after the login POST: Content.RedirectSeeOtherToUrl(safeReturnPath(e.returnTo)), also under a mount path
 * ```
 */
export function Protect<Endpoint>(filter: ProtectFilter<Endpoint>, site: Sitelet<Endpoint>): Sitelet<Endpoint> {
  return makeSitelet<Endpoint>(
    // Marked for documents (OpenAPI: a login is needed); routing and linking are the inner router's own.
    markSources(site.Router, { protected: true }),
    (request, offset, lenient) =>
      andThen(site.dispatch(request, offset, lenient), (found): Dispatched<Endpoint> | undefined => {
        if (found === undefined || isPreflightAnswer(found, request)) return found
        return {
          endpoint: found.endpoint,
          serve: async (ctx: Context<Endpoint>) =>
            (await admits(filter, ctx))
              ? found.serve(ctx)
              : loginRedirect(ctx.Link(filter.LoginRedirect(found.endpoint, ctx.Link(found.endpoint)))),
        }
      }),
    site.lenient,
  )
}
