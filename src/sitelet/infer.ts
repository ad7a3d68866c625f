/**
 * `Sitelet.New` and `Sitelet.Infer`: a router plus a content function,
 * written as one function or as one function per union case.
 */
import type { Descriptor, Infer as InferType } from "../descriptor/descriptor.js"
import { resolve } from "../descriptor/composites.js"
import { Router } from "../router/router.js"
import { resolveContent, type Content } from "./content-model.js"
import type { Context } from "./context.js"
import { siteletMessages } from "./messages.js"
import { makeSitelet, type Sitelet } from "./sitelet.js"

/**
 * What a handler returns: a content or a promise of one, linking endpoints of type `Links`.
 *
 * @example
 * ```ts
 * const later: HandlerResult<Site> = Promise.resolve(Content.Text("x"))
 * ```
 */
export type HandlerResult<Links> = Content<Links> | Promise<Content<Links>>

/**
 * A content function: the context links endpoints of type `Links`
 * (the served endpoint type, or the outer type for `InferPartial`).
 *
 * @example
 * ```ts
 * const show: HandlerFunction<Site> = (ctx, e) => Content.Text(e.$)
 * ```
 */
export type HandlerFunction<Endpoint, Links = Endpoint> = (ctx: Context<Links>, endpoint: Endpoint) => HandlerResult<Links>

/**
 * One function per case of a `$`-tagged union; each receives its case's
 * narrowed type. Every case must be present (the compiler checks).
 *
 * @example
 * ```ts
 * const handlers: CaseHandlers<{ $: "Home" } | { $: "Post"; id: number }> = {
 *   Home: () => Content.Text("home"),
 *   Post: (ctx, e) => Content.Text(`post ${e.id}`), // e: { $: "Post"; id: number }
 * }
 * ```
 */
export type CaseHandlers<Endpoint, Links = Endpoint> = [Endpoint] extends [{ readonly $: string }]
  ? // Keyed by each case's own tag in one pass over the union; `Extract<Endpoint, { $: Tag }>`
    // per tag would walk the whole union once per tag (quadratic in the number of cases).
    { readonly [Case in Endpoint as Case["$"]]: (ctx: Context<Links>, endpoint: Case) => HandlerResult<Links> }
  : never

/**
 * A handler: one content function, or (for unions) one function per case.
 *
 * @example
 * ```ts
 * const handler: Handler<{ $: "A" } | { $: "B" }> = { A: () => Content.Text("a"), B: () => Content.Text("b") }
 * ```
 */
export type Handler<Endpoint, Links = Endpoint> = HandlerFunction<Endpoint, Links> | CaseHandlers<Endpoint, Links>

/**
 * The content function of a handler; a per-case object becomes a lookup by
 * `$` (own properties only), checked once here.
 *
 * @example
 * ```ts
 * const run = handlerFunction({ Home: () => Content.Text("hi") }, ["Home"])
 * ```
 */
export function handlerFunction<Endpoint, Links>(
  handler: Handler<Endpoint, Links>,
  tags?: readonly string[],
): HandlerFunction<Endpoint, Links> {
  if (typeof handler === "function") return handler
  const table = new Map<string, (ctx: Context<Links>, endpoint: Endpoint) => HandlerResult<Links>>()
  const object = handler as Readonly<Record<string, unknown>>
  for (const tag of Object.keys(object)) {
    const run = object[tag]
    if (typeof run === "function") table.set(tag, run as (ctx: Context<Links>, endpoint: Endpoint) => HandlerResult<Links>)
  }
  for (const tag of tags ?? []) if (!table.has(tag)) throw new TypeError(siteletMessages.handlerMissing(tag))
  return (ctx, endpoint) => {
    const tag = (endpoint as { readonly $?: unknown }).$
    const run = typeof tag === "string" ? table.get(tag) : undefined
    if (run === undefined) throw new TypeError(siteletMessages.handlerMissing(String(tag)))
    return run(ctx, endpoint)
  }
}

/**
 * A sitelet serving the endpoints a router parses, with the given handler.
 * `Links` is the endpoint type the handler's context links (the sitelet's
 * own type unless it is embedded by a caller that translates links).
 *
 * @example
 * ```ts
 * const site = siteletOf(router, (ctx, e) => Content.Text(String(e)))
 * ```
 */
export function siteletOf<Endpoint>(router: Router<Endpoint>, handler: HandlerFunction<Endpoint>): Sitelet<Endpoint> {
  return makeSitelet<Endpoint>(router, async (request, offset, lenient) => {
    if (lenient) return undefined
    const result = await router.route(request, offset, false)
    if (result?.$ !== "Success") return undefined
    const endpoint = result.endpoint
    return { endpoint, serve: async (ctx: Context<Endpoint>) => resolveContent(await handler(ctx, endpoint), ctx) }
  }, false)
}

/**
 * The case keys of a union descriptor (after `t.lazy`), else undefined.
 *
 * @example
 * ```ts
 * unionTags(t.union({ Home: "GET /" })) //=> ["Home"]
 * ```
 */
export function unionTags(descriptor: Descriptor): readonly string[] | undefined {
  const target = resolve(descriptor)
  return target.kind === "union" ? Object.keys(target.cases) : undefined
}

/**
 * A sitelet from a router and a handler (function or per-case object).
 *
 * @example
 * ```ts
 * const site = Sitelet.New(Router.Infer(Site), (ctx, e) => Content.Text(e.$))
 * ```
 */
export function New<Endpoint>(router: Router<Endpoint>, handler: Handler<Endpoint>): Sitelet<Endpoint> {
  return siteletOf(router, handlerFunction(handler))
}

/**
 * A sitelet inferred from a descriptor: `Router.Infer(descriptor)` and a
 * handler, either `(ctx, e) => content` or one function per case
 * (exhaustive, each receiving its narrowed case). Alias `Application.MultiPage`.
 *
 * @example
 * ```ts
 * const site = Sitelet.Infer(Site, {
 *   Home: (ctx) => Content.Page({ Body: Html.a({ href: ctx.Link({ $: "Article", id: 1 }) }, "first") }),
 *   Article: (ctx, e) => Content.Text(`article ${e.id}`),
 * })
 * ```
 */
export function Infer<const D extends Descriptor>(descriptor: D, handler: Handler<InferType<D>>): Sitelet<InferType<D>> {
  return siteletOf(Router.Infer(descriptor), handlerFunction(handler, unionTags(descriptor)))
}
