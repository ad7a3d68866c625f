/**
 * `sitelets/link`'s `Router`: typed links at a link's weight. `Infer`
 * gives a router that only links (`Link`, and `link` for composition),
 * written by the link writer alone; `Shift`, `Sum`, `Map` and `Embed`
 * compose link routers and full ones alike. The same URLs as the full
 * router's `Link`, for the same declaration.
 */
import type { Descriptor, Infer as InferType } from "../descriptor/descriptor.js"
import { type CaseInput, inferInput, type UnionOutput, type ValidateCases } from "../descriptor/union.js"
import { prefixPath } from "../router/link/route-path.js"
import { linkWriterOf } from "./link-writer.js"
import { type LinkRouter, linkRouter, pathWriter } from "./link-url.js"

export { type LinkRouter, urlOf } from "./link-url.js"

/**
 * A link router from a declaration (a descriptor, or a record of cases as
 * `t.union` takes).
 *
 * @example
 * ```ts
 * Router.Infer(t.union({ Home: "GET /", Post: "GET /blog/<id:int>" })).Link({ $: "Post", id: 3 }) //=> "/blog/3"
 * ```
 */
function Infer<const D extends Descriptor>(descriptor: D): LinkRouter<InferType<D>>
function Infer<const Cases extends Readonly<Record<string, CaseInput>>>(
  cases: Cases & ValidateCases<Cases>,
): LinkRouter<UnionOutput<Cases>>
function Infer(input: Descriptor | Readonly<Record<string, CaseInput>>): LinkRouter<unknown> {
  return linkRouter(pathWriter(linkWriterOf(inferInput(input))))
}

/**
 * The links of a router under a path prefix (`"api"`, `"api/v1"`).
 *
 * @example
 * ```ts
 * Router.Shift("app", Router.Infer(Pages)).Link({ $: "Home" }) //=> "/app"
 * ```
 */
function Shift<Endpoint>(prefix: string, router: LinkRouter<Endpoint>): LinkRouter<Endpoint> {
  const segments = prefixSegments(prefix)
  return linkRouter((endpoint) => {
    const path = router.link(endpoint)
    return path && prefixPath(segments, path)
  })
}

/**
 * The decoded segments of a `Shift` prefix (`"api/v1"` → `["api", "v1"]`),
 * read as the declaration gives it (the full router checks it).
 *
 * @example
 * ```ts
 * prefixSegments("/api/v1/") //=> ["api", "v1"]
 * ```
 */
export function prefixSegments(prefix: string): string[] {
  return prefix
    .split("/")
    .filter((segment) => segment !== "")
    .map(decodeURIComponent)
}

/**
 * Links through the first router that produces the value.
 *
 * @example
 * ```ts
 * Router.Sum(Router.Infer(Pages), Router.Shift("api", Router.Infer(Api))) // LinkRouter<Pages | Api>
 * ```
 */
function Sum<const Parts extends ReadonlyArray<LinkRouter<any>>>(
  ...parts: Parts
): LinkRouter<Parts[number] extends LinkRouter<infer Endpoint> ? Endpoint : never> {
  return linkRouter((endpoint) => {
    for (const part of parts) {
      const path = part.link(endpoint)
      if (path !== undefined) return path
    }
    return undefined
  })
}

/**
 * Links an outer value through `encode` to the inner router.
 *
 * @example
 * ```ts
 * Router.Map((n: number) => ({ $: "Post", id: n }), (p: Pages) => (p.$ === "Post" ? p.id : 0), …)
 * ```
 */
function Map<Inner, Outer>(
  _decode: (inner: Inner) => Outer,
  encode: (outer: Outer) => Inner,
  router: LinkRouter<Inner>,
): LinkRouter<Outer> {
  return linkRouter((endpoint) => router.link(encode(endpoint)))
}

/**
 * Links the outer values `encodePartial` maps to the inner router.
 *
 * @example
 * ```ts
 * Router.Embed((call: Api) => ({ $: "Api", call }), (s: Site) => (s.$ === "Api" ? s.call : undefined), api)
 * ```
 */
function Embed<Inner, Outer>(
  _decode: (inner: Inner) => Outer,
  encodePartial: (outer: Outer) => Inner | undefined,
  router: LinkRouter<Inner>,
): LinkRouter<Outer> {
  return linkRouter((endpoint) => {
    const inner = encodePartial(endpoint)
    return inner === undefined ? undefined : router.link(inner)
  })
}

/**
 * The `Router` of `sitelets/link`: `Infer`, `Shift`, `Sum`, `Map`, `Embed`,
 * for routers that link.
 *
 * @example
 * ```ts
 * import { Router } from "sitelets/link"
 * const pages = Router.Shift("app", Router.Infer(Pages))
 * pages.Link({ $: "Post", id: 3, slug: "hello" }) //=> "/app/blog/3/hello"
 * ```
 */
export const Router = Object.freeze({ Infer, Shift, Sum, Map, Embed })
