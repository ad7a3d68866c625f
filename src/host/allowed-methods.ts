/**
 * The methods a route table accepts for a path, for `405 Method Not
 * Allowed` and `OPTIONS` answers (host option `methodNotAllowed`). They are
 * found by asking the sitelet's own router, so every part of a `Sum`,
 * `Shift`, `Embed`, `Protect` or `InferWithErrors` contributes, and nothing
 * is declared twice.
 */
import type { RouteRequest } from "../router/request/request.js"
import type { Router } from "../router/router.js"
import { methodsOfPath, type PathMethods, probedPathMethods } from "../router/path-methods.js"
import { isPromise, type MaybePromise } from "../internal/maybe-promise.js"
import { type ContentHeader, header, type StaticContent, staticContent } from "../sitelet/content-model.js"

// The order of `Allow`: the common methods as RFC 9110 lists them, then any other in alphabetical order.
const allowOrder = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "QUERY"]

const byAllowOrder = (a: string, b: string): number => {
  const left = allowOrder.indexOf(a)
  const right = allowOrder.indexOf(b)
  if (left >= 0 || right >= 0) return (left < 0 ? allowOrder.length : left) - (right < 0 ? allowOrder.length : right)
  return a < b ? -1 : a > b ? 1 : 0
}

// In `Allow` order, HEAD wherever GET is; undefined for none, and for a path a method-less case takes.
function inAllowOrder({ any, methods: accepted }: PathMethods): readonly string[] | undefined {
  if (any || accepted.size === 0) return undefined
  const methods = [...accepted]
  if (methods.includes("GET") && !methods.includes("HEAD")) methods.push("HEAD")
  return methods.sort(byAllowOrder)
}

const ordered = (found: MaybePromise<PathMethods>) =>
  isPromise(found) ? found.then(inAllowOrder) : inAllowOrder(found)

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
  return ordered(probedPathMethods(router, request, offset))
}

/**
 * The methods the router accepts for the request's path from segment
 * `offset` (`HEAD` wherever `GET` is), in `Allow` order; `undefined` when
 * no case matches the path, or when one matches it with any method (a
 * case without a method: there is no method to refuse). A router of
 * `Router.Infer` answers in one walk of its cases' paths, and `Sum`,
 * `Shift`, `Map` and `Embed` from their parts (`methodsOfPath`); any other
 * router, and a path a wildcard or composite field may take, is probed.
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
  return ordered(methodsOfPath(router, request, offset))
}

/**
 * The `Allow` header of a 405 (or an `OPTIONS` 204): the methods found,
 * with `OPTIONS` when the host answers it (`methodNotAllowed`).
 *
 * @example
 * ```ts
 * allowHeader(["GET", "HEAD"], true) //=> ["Allow", "GET, HEAD, OPTIONS"]
 * ```
 */
export function allowHeader(methods: readonly string[], withOptions: boolean): ContentHeader {
  return header("Allow", (!withOptions || methods.includes("OPTIONS") ? methods : [...methods, "OPTIONS"]).join(", "))
}

/**
 * Whether an answer is a 405 that says no `Allow` (RFC 9110 §15.5.6: it
 * MUST): a handler's `Content.SetStatus(Http.Status.MethodNotAllowed, …)`
 * gets the route table's methods added by the host.
 *
 * @example
 * ```ts
 * lacksAllow(Content.SetStatus(Http.Status.MethodNotAllowed, Content.Text("no"))) //=> true
 * ```
 */
export function lacksAllow(content: StaticContent): boolean {
  return content.status.code === 405 && !content.headers.some(([name]) => name.toLowerCase() === "allow")
}

/**
 * A 405 with the route table's methods for its path as `Allow` (with
 * `OPTIONS` under `methodNotAllowed`); as it is when no case matches the
 * path with a method (nothing to list).
 *
 * @example
 * ```ts
 * if (lacksAllow(content)) content = await withAllow(content, site.Router, request, { baseSegments: [], methodNotAllowed: true })
 * ```
 */
export function withAllow(
  content: StaticContent,
  router: Router<unknown>,
  request: RouteRequest,
  options: { readonly baseSegments: readonly string[]; readonly methodNotAllowed: boolean },
): MaybePromise<StaticContent> {
  const add = (methods: readonly string[] | undefined) =>
    methods === undefined
      ? content
      : staticContent(
          content.status,
          [...content.headers, allowHeader(methods, options.methodNotAllowed)],
          content.body,
        )
  const allowed = allowedMethods(router, request, options.baseSegments.length)
  return isPromise(allowed) ? allowed.then(add) : add(allowed)
}
