/**
 * Checks that run before a request's body is read: the order of refusals
 * (404, 405, then credentials and limits, then the body's 413, 415, 400).
 *
 * A router reads a body only once a case has matched the request's path
 * and method and needs it. `Sitelet.Protect`, and the guards and rate limits
 * whose check asks for no body, put a gate around their part's dispatch;
 * when a router of that part asks for the body, the host runs the gates in
 * force, outermost first, before it pulls a byte. A gate that refuses
 * withholds the body: the host reads nothing, the read fails with
 * {@link withheldBody} (no router decodes anything), and the part whose gate
 * refused answers with its own refusal (401 with its challenge, a 307 to
 * the login page, a 429).
 *
 * The gates in force are those of the parts the dispatch is inside, kept per
 * request on a stack: dispatch through a composition is sequential for one
 * request, so the stack is exactly the chain of parts from the host to the
 * router reading. `Map` and `Embed` add a translator, so a gate's context
 * links its own part's endpoints, as its handler's does.
 */
import { isPromise, type MaybePromise } from "../internal/maybe-promise.js"
import { noBody, type RouteRequest } from "../router/request/request.js"
import type { Router } from "../router/router.js"
import { type Context, mapContext } from "./context.js"

/**
 * A check before the body is read, with the context of its part: `true` lets
 * the read go on, `false` withholds the body (its part answers the request),
 * a context lets it go on with that context for the gates inside (`Protect`:
 * the user its credentials admitted, for a rate limit keyed on the user).
 *
 * @example
 * ```ts
 * const gate: BodyGate = async (ctx) => (await ctx.UserSession.GetLoggedInUser()) !== undefined
 * ```
 */
export type BodyGate = (ctx: Context<unknown>) => MaybePromise<boolean | Context<unknown>>

type Entry = { readonly gate: BodyGate } | Translation

// The parts a request's dispatch is inside, outermost first (only while it is inside them).
const scopes = new WeakMap<RouteRequest, Entry[]>()

function leave(request: RouteRequest, entry: Entry): void {
  const stack = scopes.get(request)
  const at = stack === undefined ? -1 : stack.lastIndexOf(entry)
  if (at >= 0) (stack as Entry[]).splice(at, 1)
}

function within<T>(request: RouteRequest, entry: Entry, dispatch: () => MaybePromise<T>): MaybePromise<T> {
  let stack = scopes.get(request)
  if (stack === undefined) scopes.set(request, (stack = []))
  stack.push(entry)
  let result: MaybePromise<T>
  try {
    result = dispatch()
  } catch (error) {
    leave(request, entry)
    throw error
  }
  if (!isPromise(result)) {
    leave(request, entry)
    return result
  }
  return result.then(
    (value) => {
      leave(request, entry)
      return value
    },
    (error: unknown) => {
      leave(request, entry)
      throw error
    },
  )
}

/**
 * Runs a part's dispatch with its gate in force: a body read inside it
 * passes the gate first.
 *
 * @example
 * ```ts
 * const found = gated(request, (ctx) => admits(ctx), () => site.dispatch(request, offset, lenient))
 * ```
 */
export function gated<T>(request: RouteRequest, gate: BodyGate, dispatch: () => MaybePromise<T>): MaybePromise<T> {
  return within(request, { gate }, dispatch)
}

/** A translation of contexts for the gates inside a `Map`/`Embed` (made once per sitelet: see {@link translator}). */
export type Translation = { readonly toOuter: (inner: unknown) => unknown }

/**
 * The translation of a `Map`/`Embed` whose endpoints `toOuter` translates,
 * made once when the sitelet is built (no allocation per request).
 *
 * @example
 * ```ts
 * const translation = translator(toOuter)
 * ```
 */
export function translator<Inner, Outer>(toOuter: (inner: Inner) => Outer): Translation {
  return Object.freeze({ toOuter: toOuter as (inner: unknown) => unknown })
}

/**
 * Runs an inner dispatch whose endpoints a translation maps (`Map`,
 * `Embed`): gates inside it get a context that links inner endpoints.
 *
 * @example
 * ```ts
 * translatedWithin(request, translation, () => site.dispatch(request, offset, lenient))
 * ```
 */
export function translatedWithin<T>(
  request: RouteRequest,
  translation: Translation,
  dispatch: () => MaybePromise<T>,
): MaybePromise<T> {
  return within(request, translation, dispatch)
}

/**
 * Whether the request's body may be read: the gates in force, outermost
 * first, each with its part's context (`context()` makes the host's, only
 * when a gate is in force). Stops at the first that withholds it.
 *
 * @example
 * ```ts
 * if (!(await passesGates(request, () => hostContext))) throw withheldBody // read nothing
 * ```
 */
export function passesGates(request: RouteRequest, context: () => Context<unknown>): MaybePromise<boolean> {
  const stack = scopes.get(request)
  if (stack === undefined || !stack.some((entry) => "gate" in entry)) return true
  const entries = [...stack]
  let ctx = context()
  const from = (index: number): MaybePromise<boolean> => {
    for (let at = index; at < entries.length; at++) {
      const entry = entries[at] as Entry
      if ("toOuter" in entry) {
        ctx = mapContext(ctx, entry.toOuter)
        continue
      }
      const passed = entry.gate(ctx)
      if (isPromise(passed))
        return passed.then((open) => {
          if (open === false) return false
          if (open !== true) ctx = open
          return from(at + 1)
        })
      if (passed === false) return false
      if (passed !== true) ctx = passed
    }
    return true
  }
  return from(0)
}

/**
 * What a body read fails with when a gate withheld the body: a plain frozen
 * object, not an `Error` (no stack to capture on a path attackers choose).
 *
 * @example
 * ```ts
 * if (!(await passesGates(request, context))) throw withheldBody
 * ```
 */
export const withheldBody: object = Object.freeze({ withheld: "a gate refused the request before its body" })

/**
 * A part's dispatch result, given to `found`; a body withheld inside it,
 * to `withheld` (which answers for the part whose gate refused, or throws
 * {@link withheldBody} on for an outer part's gate).
 *
 * @example
 * ```ts
 * afterGate(dispatched, (found) => found && guard(found), () => (refused ? answer : Promise.reject(withheldBody)))
 * ```
 */
export function afterGate<T, R>(
  dispatched: MaybePromise<T>,
  found: (value: T) => MaybePromise<R>,
  withheld: () => MaybePromise<R>,
): MaybePromise<R> {
  if (!isPromise(dispatched)) return found(dispatched)
  return dispatched.then(found, (error: unknown) => {
    if (error === withheldBody) return withheld()
    throw error
  })
}

/**
 * The request as its URL and headers tell it, with no body: for a check
 * before the body is read, the endpoint it is about (body fields hold their
 * defaults, as in an `InferWithErrors` error result), or `undefined` when
 * no case of `router` matches its path.
 *
 * @example
 * ```ts
 * await endpointBeforeBody(site.Router, request, 0) //=> { $: "Create", item: { title: "", … } }
 * ```
 */
export function endpointBeforeBody<Endpoint>(
  router: Router<Endpoint>,
  request: RouteRequest,
  offset: number,
): MaybePromise<Endpoint | undefined> {
  const headers = request.headers
  // No raw target (the runtime router, not a table), no body and no Content-Type: a known empty body.
  const bodiless: RouteRequest = {
    method: request.method,
    path: request.path,
    segments: request.segments,
    query: request.query,
    headers: { get: (name) => (name.toLowerCase() === "content-type" ? null : headers.get(name)) },
    body: noBody,
    bad: request.bad,
    bodyLimits: request.bodyLimits,
  }
  const result = router.route(bodiless, offset, true)
  return isPromise(result) ? result.then((found) => found?.endpoint) : result?.endpoint
}
