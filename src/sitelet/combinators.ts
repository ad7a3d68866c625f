/**
 * The sitelet combinators that only rearrange routing: `Empty`, `Sum`,
 * `Shift`, `Folder`, `Map`, `Embed` and the single-URL `Content`.
 * Each builds its router with the matching `Router` combinator and its
 * dispatch the same way, so links and dispatch always agree.
 */
import {
  Embed as embedRouter,
  Empty as emptyRouter,
  Map as mapRouter,
  Shift as shiftRouter,
  Single,
} from "../router/combinators.js"
import { resolveContent, type Content as ContentType } from "./content-model.js"
import { mapContext, type Context } from "./context.js"
import type { HandlerResult } from "./handler.js"
import { siteletMessages } from "./messages.js"
import { makeSitelet, sumSitelets, type Dispatched, type EndpointOf, type Sitelet } from "./sitelet.js"
import { translatedWithin, translator } from "./body-gate.js"
import { andThen } from "../internal/maybe-promise.js"

/**
 * The sitelet that accepts nothing: the unit of `Sum` and `plus`.
 *
 * @example
 * ```ts
 * Sitelet.Empty.plus(site) // serves exactly what `site` serves
 * ```
 */
export const Empty: Sitelet<never> = makeSitelet<never>(emptyRouter<never>(), async () => undefined, false)

/**
 * The first sitelet that accepts a request serves it (declaration order);
 * links come from the first part that links the value, so parts link to
 * each other through `ctx.Link`. Takes sitelets or one array.
 *
 * @example
 * ```ts
 * const site = Sitelet.Sum(pages, Sitelet.Shift("api", api)) // Sitelet<Pages | Api>
 * ```
 */
export function Sum<const Parts extends ReadonlyArray<Sitelet<any>>>(parts: Parts): Sitelet<EndpointOf<Parts[number]>>
export function Sum<const Parts extends ReadonlyArray<Sitelet<any>>>(
  ...parts: Parts
): Sitelet<EndpointOf<Parts[number]>>
export function Sum(...parts: ReadonlyArray<Sitelet<unknown>> | [ReadonlyArray<Sitelet<unknown>>]): Sitelet<unknown> {
  const list = (parts.length === 1 && Array.isArray(parts[0]) ? parts[0] : parts) as ReadonlyArray<Sitelet<unknown>>
  return list.length === 0 ? Empty : sumSitelets(list)
}

const shiftSegments = (prefix: string): string[] => {
  const segments = prefix.split("/").filter((segment) => segment !== "")
  if (segments.length === 0 || segments.some((segment) => segment === "." || segment === "..")) {
    throw new TypeError(siteletMessages.badShiftSegment(prefix))
  }
  return segments
}

/**
 * The sitelet under a path prefix, segment-exact (`/apix` is not under
 * `/api`); links get the prefix. The prefix may hold several segments
 * (`"api/v1"`).
 *
 * @example
 * ```ts
 * Sitelet.Shift("api", api).Router.Link({ $: "Users" }) //=> "/api/users"
 * ```
 */
export function Shift<Endpoint>(prefix: string, site: Sitelet<Endpoint>): Sitelet<Endpoint> {
  const segments = shiftSegments(prefix)
  return makeSitelet<Endpoint>(
    shiftRouter(prefix, site.Router),
    (request, offset, lenient) => {
      for (let i = 0; i < segments.length; i++) if (request.segments[offset + i] !== segments[i]) return undefined
      return site.dispatch(request, offset + segments.length, lenient)
    },
    site.lenient,
  )
}

/**
 * `Shift(prefix, Sum(sitelets))`.
 *
 * @example
 * ```ts
 * Sitelet.Folder("docs", [guide, reference])
 * ```
 */
export function Folder<const Parts extends ReadonlyArray<Sitelet<any>>>(
  prefix: string,
  sitelets: Parts,
): Sitelet<EndpointOf<Parts[number]>> {
  return Shift(prefix, Sum(sitelets))
}

/**
 * Changes the endpoint type with a bijection: `toOuter` after parsing,
 * `toInner` before linking. The inner handlers' `ctx.Link` translates
 * their values with `toOuter` and links through the whole site.
 *
 * @example
 * ```ts
 * const byId = Sitelet.Map((n: number) => ({ id: n }), (e: { id: number }) => e.id, numbers)
 * ```
 */
export function Map<Inner, Outer>(
  toOuter: (inner: Inner) => Outer,
  toInner: (outer: Outer) => Inner,
  site: Sitelet<Inner>,
): Sitelet<Outer> {
  return translated(mapRouter(toOuter, toInner, site.Router), toOuter, site)
}

/**
 * Embeds a sitelet in a larger endpoint type: `toOuter` after parsing,
 * `toInnerPartial` before linking (undefined for outer values this part
 * does not link).
 *
 * @example
 * ```ts
 * const blog = Sitelet.Embed((b: Blog): Site => ({ $: "Blog", b }), (s: Site) => (s.$ === "Blog" ? s.b : undefined), blogSite)
 * ```
 */
export function Embed<Inner, Outer>(
  toOuter: (inner: Inner) => Outer,
  toInnerPartial: (outer: Outer) => Inner | undefined,
  site: Sitelet<Inner>,
): Sitelet<Outer> {
  return translated(embedRouter(toOuter, toInnerPartial, site.Router), toOuter, site)
}

/**
 * A sitelet with an outer router whose dispatch runs the inner one and
 * translates endpoints and links.
 *
 * @example
 * ```ts
 * translated(Router.Map(f, g, inner.Router), f, inner)
 * ```
 */
export function translated<Inner, Outer>(
  router: Sitelet<Outer>["Router"],
  toOuter: (inner: Inner) => Outer,
  site: Sitelet<Inner>,
): Sitelet<Outer> {
  const outer = (found: Dispatched<Inner> | undefined): Dispatched<Outer> | undefined =>
    found && {
      endpoint: toOuter(found.endpoint),
      serve: (ctx: Context<Outer>) => found.serve(mapContext(ctx, toOuter)),
      ...(found.weak === undefined ? {} : { weak: found.weak }),
    }
  // A gate inside (Protect, a guard) checks with a context that links inner endpoints, as the handler's does.
  const translation = translator(toOuter)
  return makeSitelet<Outer>(
    router,
    (request, offset, lenient) =>
      andThen(
        translatedWithin(request, translation, () => site.dispatch(request, offset, lenient)),
        outer,
      ),
    site.lenient,
  )
}

/**
 * One endpoint at one URL (any method). `content` is a content, or a
 * function of the context.
 *
 * @example
 * ```ts
 * Sitelet.Content("/about", { $: "About" }, (ctx) => Content.Text("about us"))
 * ```
 */
export function Content<const Endpoint>(
  url: string,
  endpoint: Endpoint,
  content: ContentType<Endpoint> | ((ctx: Context<Endpoint>) => HandlerResult<Endpoint>),
): Sitelet<Endpoint> {
  if (!url.startsWith("/")) throw new TypeError(siteletMessages.badContentUrl(url))
  const router = Single(endpoint, url)
  const accepted: Dispatched<Endpoint> = {
    endpoint,
    serve: (ctx: Context<Endpoint>) => resolveContent(typeof content === "function" ? content(ctx) : content, ctx),
  }
  // Single routes synchronously (it never reads a body).
  return makeSitelet<Endpoint>(
    router,
    (request, offset, lenient) =>
      lenient || router.route(request, offset, false) === undefined ? undefined : accepted,
    false,
  )
}
