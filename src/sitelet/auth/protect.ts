/**
 * `Sitelet.Protect({ VerifyUser, LoginRedirect?, Credentials?, Realm? }, s)`:
 * the endpoints of `s` are served only to a user its credentials admit (the
 * session cookie by default; bearer tokens, API keys, JWTs with `Auth`) and
 * that `VerifyUser` accepts. Anyone else gets a 307 redirect to the link of
 * `LoginRedirect(requested)` (pages), or 401 with `WWW-Authenticate` (APIs;
 * 403 for a user `VerifyUser` refuses); with both, per request (see
 * `redirects`).
 *
 * The guard wraps the dispatch result, so it runs on the endpoint value the
 * router produced from the one shared parse of the request: no spelling of
 * the URL (`//x`, `%2F`, a trailing slash, another case) can reach the
 * content without it. No request header switches it off. The only requests
 * it lets through unauthenticated are CORS preflights answered by
 * `Sitelet.CorsContent`, which run no user code.
 *
 * It asks before the request's body is read (body-gate.ts): a case that
 * reads a body matches on its path and method, then the credentials are
 * checked, and only an admitted request has its body read. A refused one
 * reads no byte of it and gets 401/403/307, never the body's 413/415/400.
 * A method no case takes is not this part's answer (405 comes first).
 */
import { header, staticContent, type StaticContent } from "../content-model.js"
import { Content } from "../content/content.js"
import type { Context } from "../context.js"
import { isPreflightAnswer } from "../cors/cors-content.js"
import { type Dispatch, makeSitelet, type Dispatched, type Sitelet } from "../sitelet.js"
import { andThen } from "../../internal/maybe-promise.js"
import { markSources, type ProtectMark } from "../../router/route-source.js"
import type { Linkable } from "../../descriptor/request-only.js"
import { Auth, type Credential, schemeOf } from "./auth.js"
import { type Authentication, authenticate, withUser } from "./auth-check.js"
import { afterGate, endpointBeforeBody, gated, withheldBody } from "../body-gate.js"
import type { RouteRequest } from "../../router/request/request.js"
import { challenges, redirects, refusal } from "./auth-challenge.js"
import { authMessages } from "./auth-messages.js"

/** What `Sitelet.Protect` checks, and where it sends everyone else. */
export interface ProtectFilter<Endpoint> {
  /** Whether the logged-in user may see the protected endpoints (sync or async). Only `true` admits. */
  readonly VerifyUser: (user: string) => boolean | Promise<boolean>
  /**
   * The login endpoint for a requested endpoint (pages). `returnTo` is the
   * URL of the requested page as this host serves it (`ctx.Link(requested)`:
   * the mount path and `basePath` included), to carry as the return address.
   * Without it, a request without credentials gets 401.
   */
  readonly LoginRedirect?: (requested: Endpoint, returnTo: string) => Endpoint
  /** The credentials that admit a user, tried in a fixed order (see `authenticate`). Default `[Auth.Session()]`. */
  readonly Credentials?: readonly Credential[]
  /** The `realm` of the `WWW-Authenticate` challenges. Default `"sitelets"`. */
  readonly Realm?: string
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

const defaultCredentials: readonly Credential[] = Object.freeze([Auth.Session()])

/**
 * The checked settings of a `Protect`: its credentials, realm and document
 * mark. Throws when it has no way in (no login and no header credential).
 *
 * @example
 * ```ts
 * protectSettings({ VerifyUser: () => true, Credentials: [Auth.Bearer()] }).mark.challenge //=> true
 * ```
 */
export function protectSettings<Endpoint>(filter: ProtectFilter<Endpoint>) {
  const credentials = filter.Credentials ?? defaultCredentials
  if (!Array.isArray(credentials) || credentials.length === 0) throw new TypeError(authMessages.noCredentials())
  const headerCredentials = credentials.some((credential) => credential.kind !== "session")
  const hasLogin = filter.LoginRedirect !== undefined
  if (!hasLogin && !headerCredentials) throw new TypeError(authMessages.noWayIn())
  const mark: ProtectMark = Object.freeze({
    schemes: credentials.map(schemeOf),
    redirect: hasLogin,
    challenge: headerCredentials || !hasLogin,
  })
  return { credentials, realm: filter.Realm ?? "sitelets", hasLogin, mark }
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
  const { credentials, realm, hasLogin, mark } = protectSettings(filter)
  // Fails closed: an exception in a credential's or VerifyUser's code propagates (the host answers 500), never admits.
  const verdictOf = async (ctx: Context<unknown>): Promise<Verdict> => {
    const outcome = await authenticate(credentials, ctx)
    return { outcome, admitted: outcome.kind === "user" && (await filter.VerifyUser(outcome.user)) === true }
  }
  const refuse = (outcome: Authentication, endpoint: Endpoint, ctx: Context<Endpoint>) => {
    if (outcome.kind !== "invalid" && redirects(hasLogin, credentials, ctx.Request.headers) && filter.LoginRedirect) {
      // The requested URL even for a case with header fields (they are not part of where to come back to).
      const back = ctx.Link(endpoint as Linkable<Endpoint>)
      return loginRedirect(ctx.Link(filter.LoginRedirect(endpoint, back) as Linkable<Endpoint>))
    }
    if (outcome.kind === "user")
      return refusal(403, challenges(credentials, realm, insufficient), authMessages.refused())
    if (outcome.kind === "none") return refusal(401, challenges(credentials, realm), authMessages.missing())
    const error = outcome.bearer ? { error: "invalid_token" as const, description: outcome.reason } : undefined
    return refusal(401, challenges(credentials, realm, error), outcome.reason)
  }
  const answer = (verdict: Verdict, found: Dispatched<Endpoint>, ctx: Context<Endpoint>) => {
    const { outcome } = verdict
    if (!verdict.admitted || outcome.kind !== "user") return refuse(outcome, found.endpoint, ctx)
    return found.serve(outcome.via === "session" ? ctx : withUser(ctx, outcome.user))
  }
  // A request refused before its body was read: the endpoint its URL tells, body fields at their defaults.
  const refusedBeforeBody = (request: RouteRequest, offset: number, verdict: Verdict) =>
    andThen(endpointBeforeBody(site.Router, request, offset), (endpoint): Dispatched<Endpoint> | undefined =>
      endpoint === undefined ? undefined : { endpoint, serve: (ctx) => refuse(verdict.outcome, endpoint, ctx) },
    )
  return makeSitelet<Endpoint>(
    // Marked for documents (OpenAPI: its schemes and refusals); routing and linking are the inner router's own.
    markSources(site.Router, { protected: mark }),
    (request, offset, lenient) => {
      // Set when a router inside asks for the body: the credentials are checked then, before a byte is read.
      let verdict: Verdict | undefined
      const gate = (ctx: Context<unknown>) =>
        verdictOf(ctx).then((checked) => {
          verdict = checked
          const { outcome } = checked
          // The gates inside (a limit keyed on the user) see the admitted user, as the handler does.
          if (!checked.admitted || outcome.kind !== "user") return false
          return outcome.via === "session" ? true : withUser(ctx, outcome.user)
        })
      const dispatched = gated(request, gate, () => site.dispatch(request, offset, lenient))
      // Withheld by this part's gate: its refusal. By an outer part's: that part answers.
      const withheld = () =>
        verdict === undefined || verdict.admitted
          ? Promise.reject(withheldBody)
          : refusedBeforeBody(request, offset, verdict)
      return afterGate(
        dispatched,
        (found): ReturnType<Dispatch<Endpoint>> => {
          if (found === undefined || isPreflightAnswer(found, request)) return found
          // 405 comes before the credentials: a method no case takes is not this part's to answer (the host's 405
          // with Allow, or another part's); its handler never sees a request it would not admit.
          if (found.weak === "method") return undefined
          // No body was read (or it was read outside this part): the credentials are checked now.
          const serve = (ctx: Context<Endpoint>) =>
            verdict === undefined
              ? verdictOf(ctx as Context<unknown>).then((checked) => answer(checked, found, ctx))
              : answer(verdict, found, ctx)
          const endpoint = found.endpoint
          return found.weak === undefined ? { endpoint, serve } : { endpoint, serve, weak: found.weak }
        },
        withheld,
      )
    },
    site.lenient,
  )
}

/** What a `Protect` decided about a request: who it is, and whether `VerifyUser` admitted them. */
interface Verdict {
  readonly outcome: Authentication
  readonly admitted: boolean
}

const insufficient = { error: "insufficient_scope", description: authMessages.refused() } as const
