/**
 * Sitelets placed in one case of an outer union: `EmbedInUnion`,
 * `InferPartial` and `InferPartialInUnion`. The outer case must have
 * exactly one field, holding the inner endpoint.
 */
import type { InferOptions } from "../router/infer.js"
import { markSources } from "../router/route-source.js"
import { unstorableAnswer } from "./storable-text.js"
import { resolve } from "../descriptor/composites.js"
import type { CaseDescriptor, Descriptor, Infer } from "../descriptor/descriptor.js"
import { caseFields } from "../descriptor/fields.js"
import { Router } from "../router/router.js"
import type { ParseRequestResult } from "../router/codec/result.js"
import { resolveContent } from "./content-model.js"
import type { Context } from "./context.js"
import { Embed } from "./combinators.js"
import { handlerFunction, type Handler } from "./handler.js"
import { unionTags } from "./infer.js"
import { siteletMessages } from "./messages.js"
import { makeSitelet, type Dispatched, type Sitelet } from "./sitelet.js"
import { andThen } from "../internal/maybe-promise.js"

type Tags<Outer> = Outer extends { readonly $: infer Tag extends string } ? Tag : never
type FieldsOf<Outer, Tag> = Omit<Extract<Outer, { readonly $: Tag }>, "$">
type IsUnion<Members, All = Members> = Members extends unknown ? ([All] extends [Members] ? false : true) : false
/** The single key of a case's fields, or never when it has zero or several. */
type SingleKey<Fields> = [keyof Fields] extends [never]
  ? never
  : true extends IsUnion<keyof Fields>
    ? never
    : keyof Fields

/**
 * The inner endpoint type of an outer case with a single field.
 *
 * @example
 * ```ts
 * type Inner = CaseInner<{ $: "Admin"; page: AdminPage } | { $: "Home" }, "Admin"> //=> AdminPage
 * ```
 */
export type CaseInner<Outer, Tag> = FieldsOf<Outer, Tag>[SingleKey<FieldsOf<Outer, Tag>>]

/**
 * The cases of `Outer` whose single field has exactly the type `Inner`.
 *
 * @example
 * ```ts
 * type Ok = EmbeddableCase<{ $: "Admin"; page: AdminPage } | { $: "Home" }, AdminPage> //=> "Admin"
 * ```
 */
export type EmbeddableCase<Outer, Inner> = {
  [Tag in Tags<Outer>]: [SingleKey<FieldsOf<Outer, Tag>>] extends [never]
    ? never
    : [CaseInner<Outer, Tag>] extends [Inner]
      ? [Inner] extends [CaseInner<Outer, Tag>]
        ? Tag
        : never
      : never
}[Tags<Outer>]

/**
 * The cases of `Outer` with exactly one field.
 *
 * @example
 * ```ts
 * type Cases = SingleFieldCase<{ $: "A"; x: number } | { $: "B" } | { $: "C"; x: 1; y: 2 }> //=> "A"
 * ```
 */
export type SingleFieldCase<Outer> = {
  [Tag in Tags<Outer>]: [SingleKey<FieldsOf<Outer, Tag>>] extends [never] ? never : Tag
}[Tags<Outer>]

interface CaseAccess {
  readonly field: string
  readonly type: Descriptor
}

function caseAccess(outer: Descriptor, tag: string, where: string): CaseAccess {
  const union = resolve(outer)
  if (union.kind !== "union") throw new TypeError(siteletMessages.notAUnion(where))
  if (!Object.hasOwn(union.cases, tag)) throw new TypeError(siteletMessages.unknownCase(where, tag))
  const fields = caseFields(union.cases[tag] as CaseDescriptor, tag)
  const only = fields[0]
  if (fields.length !== 1 || only === undefined) throw new TypeError(siteletMessages.caseNotSingleField(where, tag))
  return { field: only.name, type: only.type }
}

const wrap = (tag: string, field: string) => (inner: unknown) => ({ $: tag, [field]: inner })
const unwrap = (tag: string, field: string) => (outer: unknown) => {
  const value = outer as { readonly $?: unknown } & Readonly<Record<string, unknown>>
  return value.$ === tag && Object.hasOwn(value, field) ? value[field] : undefined
}

/**
 * Embeds a sitelet as one case of an outer union: the case's single field
 * holds the inner endpoint. Only a case whose field has the inner type is
 * accepted by the compiler.
 *
 * @example
 * ```ts
 * const Site = t.union({ Home: "GET /", Admin: t.case("/admin/<page>", { page: AdminPages }) })
 * const admin = Sitelet.EmbedInUnion(Site, "Admin", adminSite) // Sitelet<Infer<typeof Site>>
 * ```
 */
export function EmbedInUnion<const D extends Descriptor, Inner, const Tag extends EmbeddableCase<Infer<D>, Inner>>(
  outer: D,
  tag: Tag,
  site: Sitelet<Inner>,
): Sitelet<Infer<D>> {
  const { field } = caseAccess(outer, tag, "Sitelet.EmbedInUnion")
  return Embed(
    wrap(tag, field) as (inner: Inner) => Infer<D>,
    unwrap(tag, field) as (outer: Infer<D>) => Inner | undefined,
    site,
  )
}

/**
 * A sitelet inferred from `inner`, embedded in an outer endpoint type with
 * `toOuter`/`toInnerPartial`; the handler's context links **outer**
 * endpoints.
 *
 * @example
 * ```ts
 * Sitelet.InferPartial(AdminPages, (page): Site => ({ $: "Admin", page }), (s: Site) => (s.$ === "Admin" ? s.page : undefined),
 *   (ctx, page) => Content.Page({ Body: Html.a({ href: ctx.Link({ $: "Home" }) }, "site home") }))
 * ```
 */
export function InferPartial<const D extends Descriptor, Outer>(
  inner: D,
  toOuter: (inner: Infer<D>) => Outer,
  toInnerPartial: (outer: Outer) => Infer<D> | undefined,
  handler: Handler<Infer<D>, Outer>,
  options?: InferOptions,
): Sitelet<Outer> {
  const run = handlerFunction(handler, unionTags(inner))
  const innerRouter = Router.Infer(inner, options)
  const storable = options?.text === "storable"
  const accept = (result: ParseRequestResult<Infer<D>> | undefined): Dispatched<Outer> | undefined => {
    if (result?.$ !== "Success") return undefined
    const endpoint = result.endpoint
    return {
      endpoint: toOuter(endpoint),
      serve: (ctx: Context<Outer>) =>
        (storable && unstorableAnswer(endpoint)) || resolveContent(run(ctx, endpoint), ctx),
    }
  }
  const routes = Router.Embed(toOuter, toInnerPartial, innerRouter)
  return makeSitelet<Outer>(
    storable ? markSources(routes, { storableText: true }) : routes,
    (request, offset, lenient) => (lenient ? undefined : andThen(innerRouter.route(request, offset, false), accept)),
    false,
  )
}

/**
 * `InferPartial` for one case of an outer union: the inner descriptor is
 * the case's single field; the handler's context links outer endpoints.
 *
 * @example
 * ```ts
 * Sitelet.InferPartialInUnion(Site, "Admin", (ctx, page) => Content.Text(ctx.Link({ $: "Home" })))
 * ```
 */
export function InferPartialInUnion<const D extends Descriptor, const Tag extends SingleFieldCase<Infer<D>>>(
  outer: D,
  tag: Tag,
  handler: Handler<CaseInner<Infer<D>, Tag>, Infer<D>>,
): Sitelet<Infer<D>> {
  const { field, type } = caseAccess(outer, tag, "Sitelet.InferPartialInUnion")
  return InferPartial(
    type,
    wrap(tag, field) as (inner: unknown) => Infer<D>,
    unwrap(tag, field) as (outer: Infer<D>) => unknown,
    handler as Handler<unknown, Infer<D>>,
  )
}
