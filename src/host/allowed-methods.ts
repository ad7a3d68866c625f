/**
 * The methods a route table accepts for a path, for `405 Method Not
 * Allowed` and `OPTIONS` answers (host option `methodNotAllowed`). They are
 * found by asking the sitelet's own router, so every part of a `Sum`,
 * `Shift`, `Embed`, `Protect` or `InferWithErrors` contributes, and nothing
 * is declared twice.
 */
import { noBody, noHeaders, type RouteRequest } from "../router/request.js"
import type { Router } from "../router/router.js"
import { declaredMethods } from "../router/shape.js"
import { pathMethods } from "../router/path-methods.js"
import { isPromise, type MaybePromise } from "../internal/maybe-promise.js"

// Asked of every table (a `Router.New` router declares nothing); a case's own methods are added from its declaration.
const commonMethods = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "QUERY"]
// The order of `Allow`: the common methods as RFC 9110 lists them, then any other in alphabetical order.
const allowOrder = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "QUERY"]
// No case names it: a table that accepts it for a path accepts every method there (a method-less case).
const anyMethod = "SITELETS-ANY-METHOD"

/**
 * The request with another method, no headers and an empty body: a case
 * that reads a body answers with an error result (its path and method
 * matched), and the real body is never touched (Connect's `next()` still
 * gets it whole).
 */
function probe(request: RouteRequest, method: string): RouteRequest {
  return {
    method,
    path: request.path,
    segments: request.segments,
    query: request.query,
    headers: noHeaders,
    body: noBody,
    bad: undefined,
    bodyLimits: request.bodyLimits,
  }
}

/** Whether the router accepts the path with this method: a result other than a wrong method (a field error counts). */
function accepts(
  router: Router<unknown>,
  request: RouteRequest,
  offset: number,
  method: string,
): MaybePromise<boolean> {
  const result = router.route(probe(request, method), offset, true)
  return isPromise(result)
    ? result.then((settled) => settled !== undefined && settled.$ !== "InvalidMethod")
    : result !== undefined && result.$ !== "InvalidMethod"
}

const byAllowOrder = (a: string, b: string): number => {
  const left = allowOrder.indexOf(a)
  const right = allowOrder.indexOf(b)
  if (left >= 0 || right >= 0) return (left < 0 ? allowOrder.length : left) - (right < 0 ? allowOrder.length : right)
  return a < b ? -1 : a > b ? 1 : 0
}

// In `Allow` order, HEAD wherever GET is; undefined for none.
function inAllowOrder(accepted: readonly string[]): readonly string[] | undefined {
  if (accepted.length === 0) return undefined
  const methods = [...accepted]
  if (methods.includes("GET") && !methods.includes("HEAD")) methods.push("HEAD")
  return methods.sort(byAllowOrder)
}

/**
 * The methods the router accepts for the request's path, found by routing
 * the path once per candidate method (the common ones and every one a case
 * declares): the answer for any router, composed or not.
 *
 * @example
 * ```ts
 * await probedMethods(site.Router, createRouteRequest({ method: "DELETE", target: "/blog" }), 0) //=> ["GET", "HEAD", "POST"]
 * ```
 */
export function probedMethods(
  router: Router<unknown>,
  request: RouteRequest,
  offset: number,
): MaybePromise<readonly string[] | undefined> {
  const candidates = [...new Set([...commonMethods, ...declaredMethods()])]
  const answers = [anyMethod, ...candidates].map((method) => accepts(router, request, offset, method))
  const collect = (accepted: readonly boolean[]): readonly string[] | undefined =>
    accepted[0] ? undefined : inAllowOrder(candidates.filter((_, index) => accepted[index + 1]))
  return answers.some(isPromise) ? Promise.all(answers).then(collect) : collect(answers as boolean[])
}

/**
 * The methods the router accepts for the request's path from segment
 * `offset` (`HEAD` wherever `GET` is), in `Allow` order; `undefined` when
 * no case matches the path, or when one matches it with any method (a
 * case without a method: there is no method to refuse). A router of
 * `Router.Infer` answers in one walk of its cases' paths (`pathMethods`);
 * any other, and a path a wildcard or composite field may take, is probed.
 *
 * @example
 * ```ts
 * await allowedMethods(site.Router, createRouteRequest({ method: "DELETE", target: "/blog" }), 0) //=> ["GET", "HEAD", "POST"]
 * ```
 */
export function allowedMethods(
  router: Router<unknown>,
  request: RouteRequest,
  offset: number,
): MaybePromise<readonly string[] | undefined> {
  const known = pathMethods(router, request, offset)
  if (known === undefined) return probedMethods(router, request, offset)
  return known === null ? undefined : inAllowOrder([...known])
}
