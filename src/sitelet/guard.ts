/**
 * `Sitelet.Guard(check, site, { Answers })`: a typed step before the
 * handlers of `site`. It runs on the endpoint value the router produced
 * (as `Protect` does: no spelling of the URL reaches a handler without it)
 * with the request's context, and either lets the request through
 * (`undefined`), optionally after setting typed values for the handlers
 * (`Sitelet.Value`), or answers it (a 401, 403, 429, 404 for an unknown
 * tenant…). The statuses it may answer are declared in `Answers`, for the
 * OpenAPI document.
 */
import { type Content, resolveContent } from "./content-model.js"
import type { Context } from "./context.js"
import { isPreflightAnswer } from "./cors-content.js"
import { siteletMessages } from "./messages.js"
import { makeSitelet, type Dispatched, type Sitelet } from "./sitelet.js"
import { andThen, isPromise, type MaybePromise } from "../internal/maybe-promise.js"
import { type GuardAnswer, markSources } from "../router/route-source.js"

/**
 * A guard's check: `undefined` lets the request through, a content
 * answers it instead of the handler. Sync or async; an exception fails
 * closed (the host answers 500).
 *
 * @example
 * ```ts
 * const check: GuardCheck<Site> = (ctx, e) => (ctx.Request.headers.get("x-api-version") === "2" ? undefined : Content.BadRequest("API version 2 only"))
 * ```
 */
export type GuardCheck<Endpoint> = (
  ctx: Context<Endpoint>,
  endpoint: Endpoint,
  // biome-ignore lint/suspicious/noConfusingVoidType: a check with no return statement (it only sets values) returns void
) => MaybePromise<Content<Endpoint> | undefined | void>

/** Options of `Sitelet.Guard`. */
export interface GuardOptions {
  /**
   * The statuses the check may answer, with a description and the response
   * headers they carry: `{ 429: { Description: "Too many requests", Headers: ["Retry-After"] } }`.
   * Listed on every operation of the guarded part in the OpenAPI document.
   */
  readonly Answers?: Readonly<
    Record<number, string | { readonly Description: string; readonly Headers?: readonly string[] }>
  >
}

/**
 * The declared answers as document marks, checked (4xx and 5xx only).
 *
 * @example
 * ```ts
 * guardAnswers({ Answers: { 429: "Too many requests" } }) //=> [{ code: 429, description: "Too many requests", headers: [] }]
 * ```
 */
export function guardAnswers(options: GuardOptions | undefined): GuardAnswer[] {
  return Object.entries(options?.Answers ?? {}).map(([key, value]) => {
    const code = Number(key)
    if (!Number.isInteger(code) || code < 400 || code > 599) throw new TypeError(siteletMessages.badGuardAnswer(key))
    return typeof value === "string"
      ? { code, description: value, headers: [] }
      : { code, description: value.Description, headers: [...(value.Headers ?? [])] }
  })
}

/**
 * Runs `check` before every handler of `site`.
 *
 * @example
 * ```ts
 * const Tenant = Sitelet.Value<string>("tenant")
 * const tenanted = Sitelet.Guard(
 *   (ctx) => {
 *     const tenant = tenants.get(ctx.Request.headers.get("host") ?? "")
 *     if (tenant === undefined) return Content.NotFound()
 *     Tenant.Set(ctx, tenant)
 *   },
 *   app,
 *   { Answers: { 404: "No tenant at this host name" } },
 * )
 * ```
 */
export function Guard<Endpoint>(
  check: GuardCheck<Endpoint>,
  site: Sitelet<Endpoint>,
  options?: GuardOptions,
): Sitelet<Endpoint> {
  return guarded(check, site, options, false)
}

/**
 * `Guard`, and whether a request whose method the case does not take (the
 * `weak: "method"` pass, answered 405 or by `InferWithErrors`' handler)
 * skips the check: `RateLimit` does, as a wrong method is no call to count.
 *
 * @example
 * ```ts
 * guarded(check, site, { Answers: { 429: "Too many requests" } }, true)
 * ```
 */
export function guarded<Endpoint>(
  check: GuardCheck<Endpoint>,
  site: Sitelet<Endpoint>,
  options: GuardOptions | undefined,
  skipWrongMethod: boolean,
): Sitelet<Endpoint> {
  const answers = guardAnswers(options)
  const serve = (found: Dispatched<Endpoint>, ctx: Context<Endpoint>) => {
    const verdict = check(ctx, found.endpoint)
    const decide = (answer: Awaited<ReturnType<GuardCheck<Endpoint>>>) =>
      answer === undefined ? found.serve(ctx) : resolveContent(answer as Content<Endpoint>, ctx)
    return isPromise(verdict) ? verdict.then(decide) : decide(verdict)
  }
  return makeSitelet<Endpoint>(
    answers.length === 0 ? site.Router : markSources(site.Router, { answers }),
    (request, offset, lenient) =>
      andThen(site.dispatch(request, offset, lenient), (found): Dispatched<Endpoint> | undefined => {
        // A CORS preflight runs no user code, as under Protect.
        if (found === undefined || isPreflightAnswer(found, request)) return found
        if (skipWrongMethod && found.weak === "method") return found
        const guarded = { endpoint: found.endpoint, serve: (ctx: Context<Endpoint>) => serve(found, ctx) }
        return found.weak === undefined ? guarded : { ...guarded, weak: found.weak }
      }),
    site.lenient,
  )
}
