import type { Router, RouterParts } from "./router.js"
import { LinkError } from "./link/link-error.js"
import { linkNoRoute } from "./link/link-messages.js"
import { createRouteRequest, toRouteRequest, type ParseInput } from "./request/request.js"
import { routePathToString } from "./link/route-path.js"
import type { ParseRequestResult } from "./codec/result.js"
import type { RouteSource } from "./route-source.js"
import { isPromise } from "../internal/maybe-promise.js"

const nothing: Promise<undefined> = Promise.resolve(undefined)
const noAnswers = (): undefined => undefined
const endpointOf = <Endpoint>(result: ParseRequestResult<Endpoint> | undefined): Endpoint | undefined =>
  result?.$ === "Success" ? result.endpoint : undefined

// Every router's `Shadowed` is one accessor, shared: V8 gives objects whose accessors differ (a getter in an object
// literal is a new function per router) no shared shape but a dictionary, where each `router.Match` or `router.Link`
// is a hash lookup (a quarter of a static hit's time).
const noShadowed: readonly string[] = Object.freeze([])
const shadowedOf = new WeakMap<object, () => readonly string[]>()
const shadowedProperty: PropertyDescriptor = {
  enumerable: true,
  get(this: object): readonly string[] {
    // The router's own, also when read through an object made on it (`Object.create(router)`).
    for (let at: object | null = this; at !== null; at = Object.getPrototypeOf(at) as object | null) {
      const compute = shadowedOf.get(at)
      if (compute !== undefined) return compute()
    }
    return noShadowed
  },
}

function routeMatch<Endpoint>(
  route: RouterParts<Endpoint>["route"],
  method: string,
  target: string,
): Endpoint | undefined {
  const request = createRouteRequest({ method, target })
  if (request.bad !== undefined) return undefined
  const result = route(request, 0, false)
  // Routing a request known to have no body never waits (see infer.ts); a hand-made router's promise is dropped.
  if (!isPromise(result)) return endpointOf(result)
  result.then(undefined, () => undefined)
  return undefined
}

/**
 * Completes a router from its two primitive operations: `Link` encodes what
 * `link` returns, `Parse` and `ParseWithErrors` parse the request once and
 * call `route` from the first segment. A bad target never matches.
 *
 * @example
 * ```ts
 * const never = makeRouter<number>({ route: async () => undefined, link: () => undefined })
 * await never.Parse({ url: "/" }) //=> undefined
 * ```
 */
export function makeRouter<Endpoint>(parts: RouterParts<Endpoint>): Router<Endpoint> {
  const { route, link, url, match } = parts
  let shadowed: readonly string[] | undefined
  let described: readonly RouteSource[] | undefined
  const router = {
    route,
    link,
    answers: parts.answers ?? noAnswers,
    describe: () => (described ??= Object.freeze([...(parts.describe?.() ?? [])])),
    Link(endpoint: Endpoint): string {
      if (url !== undefined) {
        try {
          const direct = url(endpoint)
          if (direct !== undefined) return direct
        } catch {
          // The general writer below gives the LinkError that names the field.
        }
      }
      const path = link(endpoint)
      if (path === undefined) throw new LinkError("", linkNoRoute)
      return routePathToString(path)
    },
    // Three functions, two of them written alike: a compiled table's call gets a call site of its own, so V8 inlines
    // it there even in a process whose other routers walk their tables as data (a static hit 24.6 → 20.7 ns per call).
    Match:
      match === undefined
        ? (method: string, target: string): Endpoint | undefined => routeMatch(route, method, target)
        : parts.compiledMatch === true
          ? (method: string, target: string): Endpoint | undefined => {
              const quick = match(method, target)
              return quick === undefined ? routeMatch(route, method, target) : (quick ?? undefined)
            }
          : (method: string, target: string): Endpoint | undefined => {
              const quick = match(method, target)
              return quick === undefined ? routeMatch(route, method, target) : (quick ?? undefined)
            },
    // Not async functions: a synchronous route costs one settled promise, not an async frame and its awaits.
    Parse(input: ParseInput): Promise<Endpoint | undefined> {
      try {
        const request = toRouteRequest(input)
        if (request.bad !== undefined) return nothing
        const result = route(request, 0, false)
        return isPromise(result) ? result.then(endpointOf) : Promise.resolve(endpointOf(result))
      } catch (error) {
        return Promise.reject(error)
      }
    },
    ParseWithErrors(input: ParseInput) {
      try {
        const request = toRouteRequest(input)
        if (request.bad !== undefined) return nothing
        return Promise.resolve(route(request, 0, true))
      } catch (error) {
        return Promise.reject(error)
      }
    },
  }
  // Computed on first read: building a router stays linear in its cases (issue 17).
  shadowedOf.set(router, () => {
    if (shadowed === undefined) {
      const given = parts.shadowed ?? []
      shadowed = Object.freeze([...(typeof given === "function" ? given() : given)])
    }
    return shadowed
  })
  Object.defineProperty(router, "Shadowed", shadowedProperty)
  return Object.freeze(router) as Router<Endpoint>
}
