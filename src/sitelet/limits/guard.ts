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
import { type Content, resolveContent } from "../content-model.js"
import type { Context } from "../context.js"
import { isPreflightAnswer } from "../cors/cors-content.js"
import { limitMessages } from "./limit-messages.js"
import { makeSitelet, type Dispatched, type Sitelet } from "../sitelet.js"
import { andThen, type MaybePromise } from "../../internal/maybe-promise.js"
import type { RouteRequest } from "../../router/request/request.js"
import { afterGate, endpointBeforeBody, gated, withheldBody } from "../body-gate.js"
import { type GuardAnswer, markSources } from "../../router/route-source.js"

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
  /**
   * Whether the check reads the endpoint's body fields. `false`: it runs
   * before the body is read (so its refusal reads none of it, and comes
   * before the body's 413/415/400), with the endpoint its URL tells, body
   * fields at their defaults. `true`: after the body, on the whole endpoint.
   * Default: `false` for a check that takes only the context (`(ctx) => …`),
   * else `true`.
   */
  readonly ReadsBody?: boolean
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
    if (!Number.isInteger(code) || code < 400 || code > 599) throw new TypeError(limitMessages.badGuardAnswer(key))
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
  return guarded(check, site, options, false, !(options?.ReadsBody ?? check.length >= 2))
}

/**
 * `Guard`, and whether a request whose method the case does not take (the
 * `weak: "method"` pass, answered 405 or by `InferWithErrors`' handler)
 * skips the check: `RateLimit` does, as a wrong method is no call to count.
 * `beforeBody`: the check reads no body field, so it runs before a body is
 * read (body-gate.ts) on the endpoint the URL tells; a refusal reads none.
 *
 * @example
 * ```ts
 * guarded(check, site, { Answers: { 429: "Too many requests" } }, true, true)
 * ```
 */
export function guarded<Endpoint>(
  check: GuardCheck<Endpoint>,
  site: Sitelet<Endpoint>,
  options: GuardOptions | undefined,
  skipWrongMethod: boolean,
  beforeBody = false,
): Sitelet<Endpoint> {
  const answers = guardAnswers(options)
  type Answer = Awaited<ReturnType<GuardCheck<Endpoint>>>
  const decide = (answer: Answer, found: Dispatched<Endpoint>, ctx: Context<Endpoint>) =>
    answer === undefined ? found.serve(ctx) : resolveContent(answer as Content<Endpoint>, ctx)
  const serve = (found: Dispatched<Endpoint>, ctx: Context<Endpoint>) =>
    andThen(check(ctx, found.endpoint), (answer) => decide(answer, found, ctx))
  const guard = (found: Dispatched<Endpoint>, request: RouteRequest, before: Checked<Endpoint> | undefined) => {
    // A CORS preflight runs no user code, as under Protect.
    if (isPreflightAnswer(found, request)) return found
    if (skipWrongMethod && found.weak === "method") return found
    // Checked before the body on the same case (where two cases share a path and method, the body may pick the
    // other one: then it is checked again, on the endpoint served).
    const checked = before !== undefined && tagOf(before.endpoint) === tagOf(found.endpoint) ? before : undefined
    const guardedServe = (ctx: Context<Endpoint>) =>
      checked === undefined ? serve(found, ctx) : decide(checked.answer, found, ctx)
    const guarded = { endpoint: found.endpoint, serve: guardedServe }
    return found.weak === undefined ? guarded : { ...guarded, weak: found.weak }
  }
  const router = answers.length === 0 ? site.Router : markSources(site.Router, { answers })
  if (!beforeBody)
    return makeSitelet<Endpoint>(
      router,
      (request, offset, lenient) =>
        andThen(site.dispatch(request, offset, lenient), (found) => found && guard(found, request, undefined)),
      site.lenient,
    )
  return makeSitelet<Endpoint>(
    router,
    (request, offset, lenient) => {
      let before: Checked<Endpoint> | undefined
      const gate = (ctx: Context<unknown>) =>
        andThen(endpointBeforeBody(site.Router, request, offset), (endpoint) =>
          endpoint === undefined
            ? true
            : andThen(check(ctx as Context<Endpoint>, endpoint), (answer) => {
                before = { endpoint, answer }
                return answer === undefined
              }),
        )
      // Withheld by this guard's gate: the check's answer, for the endpoint its URL tells. By an outer part's: that
      // part answers.
      const withheld = () => {
        const refused = before
        if (refused === undefined || refused.answer === undefined) return Promise.reject(withheldBody)
        return {
          endpoint: refused.endpoint,
          serve: (ctx: Context<Endpoint>) => resolveContent(refused.answer as Content<Endpoint>, ctx),
        }
      }
      return afterGate(
        gated(request, gate, () => site.dispatch(request, offset, lenient)),
        (found) => found && guard(found, request, before),
        withheld,
      )
    },
    site.lenient,
  )
}

/** A check made before the body was read: on which endpoint, and what it answered. */
interface Checked<Endpoint> {
  readonly endpoint: Endpoint
  readonly answer: Awaited<ReturnType<GuardCheck<Endpoint>>>
}

const tagOf = (endpoint: unknown): unknown =>
  typeof endpoint === "object" && endpoint !== null ? (endpoint as { $?: unknown }).$ : undefined
