/**
 * What every link router of `sitelets/link` is made of, apart from how its
 * paths are written: the `LinkRouter` interface, a route path's URL text,
 * and the router around a writer of paths — shared by `Router.Infer` (the
 * link writer, reading the declaration) and `CompiledLinks` (writers a
 * compile step wrote ahead of time), so a page of compiled links bundles
 * none of the declaration's readers.
 */
import type { Linkable } from "../descriptor/request-only.js"
import { fieldPath, LinkError, LinkFailure } from "../router/link/link-error.js"
import { linkNoRoute } from "../router/link/link-messages.js"
import type { RoutePath } from "../router/link/route-path.js"
import type { LinkOut } from "./link-writer.js"

/**
 * A router that links: `Link(e)` is the URL of an endpoint value, `link(e)`
 * its path (or undefined when the router does not produce the value). Every
 * full `Router<E>` is one too.
 *
 * @example
 * ```ts
 * const pages: LinkRouter<Pages> = Router.Infer(Pages)
 * pages.Link({ $: "Post", id: 3 }) //=> "/blog/3"
 * ```
 */
export interface LinkRouter<Endpoint> {
  /** The URL of an endpoint. Throws `LinkError` naming the field when no URL carries the value. */
  Link(endpoint: Linkable<Endpoint>): string
  /** The path of an endpoint, or undefined when this router does not produce it. Throws `LinkError`. */
  link(endpoint: Endpoint): RoutePath | undefined
}

/**
 * The URL text of a route path, as the full router's `routePathToString`
 * writes it, by the platform's encoder (the writer has refused lone
 * surrogates, the one text it throws on; a query component escapes `'`
 * too, as WHATWG URL parsing does in http(s) queries).
 *
 * @example
 * ```ts
 * urlOf({ segments: ["blog", "a b"], query: [["q", "x"]] }) //=> "/blog/a%20b?q=x"
 * ```
 */
export function urlOf(path: RoutePath): string {
  let url = ""
  for (const segment of path.segments) url += "/" + encodeURIComponent(segment)
  let separator = "?"
  for (const pair of path.query) {
    url += separator + pair.map((text) => encodeURIComponent(text).replaceAll("'", "%27")).join("=")
    separator = "&"
  }
  return url.startsWith("/") ? url : "/" + url
}

/**
 * A link router around a writer of paths.
 *
 * @example
 * ```ts
 * linkRouter(pathWriter(write)).Link({ $: "Home" }) //=> "/"
 * ```
 */
export function linkRouter<Endpoint>(link: (endpoint: Endpoint) => RoutePath | undefined): LinkRouter<Endpoint> {
  return Object.freeze({
    link,
    Link(endpoint: Linkable<Endpoint>): string {
      const path = link(endpoint as Endpoint)
      if (path === undefined) throw new LinkError("", linkNoRoute)
      return urlOf(path)
    },
  })
}

/**
 * A writer of endpoint values into link paths as a router's `link`: a
 * value of another type altogether (another union's case) is no path of
 * this router (`undefined`), any other failure a `LinkError` naming the
 * field.
 *
 * @example
 * ```ts
 * pathWriter(write)({ $: "Post", id: 3 }) //=> { segments: ["blog", "3"], query: [] }
 * ```
 */
export function pathWriter<Endpoint>(
  write: (value: unknown, out: LinkOut) => void,
): (endpoint: Endpoint) => RoutePath | undefined {
  return (endpoint) => {
    const out: LinkOut = { segments: [], query: [] }
    try {
      write(endpoint, out)
    } catch (error) {
      if (!(error instanceof LinkFailure)) throw error
      if (error.mismatch && error.path.length === 0) return undefined
      throw new LinkError(fieldPath(error.path), error.reason)
    }
    return out as RoutePath
  }
}
