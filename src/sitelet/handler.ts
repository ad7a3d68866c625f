/**
 * Handlers: one content function, or one function per union case (typed by
 * the case's own tag), and the lookup that turns the latter into the former.
 */
import type { Infer, NoResponses, ResponseMap } from "../descriptor/descriptor.js"
import type { Content, ContentHeader, DeferredContent, StaticContent } from "./content-model.js"
import type { HttpStatus } from "./http/http-status.js"
import type { Context } from "./context.js"
import type { JsonContent } from "./json-content.js"
import { siteletMessages } from "./messages.js"

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
export type HandlerFunction<Endpoint, Links = Endpoint> = (
  ctx: Context<Links>,
  endpoint: Endpoint,
) => HandlerResult<Links>

/**
 * What the handler of a case that declares its answers may return: any
 * content but a `Content.Json`, or a `Content.Json` of a declared status
 * and shape (`Responds({ 200: User, 404: Problem })` allows
 * `JsonContent<User, 200> | JsonContent<Problem, 404>`).
 *
 * @example
 * ```ts
 * const found: DeclaredAnswer<Site, { 200: typeof User }> = Content.Json({ id: 1, name: "Ada" })
 * ```
 */
export type DeclaredAnswer<Links, Responses extends ResponseMap> =
  | StaticContent
  | DeferredContent<Links>
  | { [Code in keyof Responses & number]: JsonContent<Infer<Responses[Code]>, Code> }[keyof Responses & number]

/**
 * Any `Content.Json`, of any value and status, without a value for the
 * checker to infer from: what the open handler shape lets a declared case
 * return, so that the handler object is inferred as written and a wrong
 * answer is reported as a sentence at its case (`CheckedHandler`), while a
 * directly returned `Content.Json({ $: "Missing", … })` still takes its
 * literal types from the declared answers beside it.
 *
 * @example
 * ```ts
 * const any: AnyJsonContent = Content.Json({ whatever: 1 })
 * ```
 */
export interface AnyJsonContent {
  readonly kind: "static"
  readonly status: HttpStatus
  readonly headers: readonly ContentHeader[]
  readonly body: { readonly kind: "json" }
}

/**
 * The result of one case's handler in the open shape `Sitelet.Infer`
 * infers against: a declared case may also return any JSON, checked
 * afterwards against its declaration.
 *
 * @example
 * ```ts
 * type Open = OpenCaseResult<Site, { 200: typeof User }> //=> CaseResult<…> | AnyJsonContent | Promise<AnyJsonContent>
 * ```
 */
export type OpenCaseResult<Links, Responses> = Responses extends ResponseMap
  ? DeclaredAnswer<Links, Responses> | AnyJsonContent | Promise<DeclaredAnswer<Links, Responses> | AnyJsonContent>
  : HandlerResult<Links>

/**
 * The result of one case's handler: checked against its declared answers
 * when it has some.
 *
 * @example
 * ```ts
 * type Answer = CaseResult<Site, { 200: typeof User }> //=> DeclaredAnswer<…> | Promise<DeclaredAnswer<…>>
 * ```
 */
export type CaseResult<Links, Responses> = Responses extends ResponseMap
  ? DeclaredAnswer<Links, Responses> | Promise<DeclaredAnswer<Links, Responses>>
  : HandlerResult<Links>

/**
 * One function per case of a `$`-tagged union; each receives its case's
 * narrowed type. Every case must be present (the compiler checks). With
 * `Responses` (the union's declared answers, by case) a case that declares
 * some must return one of them.
 *
 * @example
 * ```ts
 * const handlers: CaseHandlers<{ $: "Home" } | { $: "Post"; id: number }> = {
 *   Home: () => Content.Text("home"),
 *   Post: (ctx, e) => Content.Text(`post ${e.id}`), // e: { $: "Post"; id: number }
 * }
 * ```
 */
export type CaseHandlers<
  Endpoint,
  Links = Endpoint,
  Responses extends { readonly [Tag in string]?: ResponseMap | undefined } = NoResponses,
> = [Endpoint] extends [{ readonly $: string }]
  ? // Keyed by each case's own tag in one pass over the union; `Extract<Endpoint, { $: Tag }>`
    // per tag would walk the whole union once per tag (quadratic in the number of cases).
    // A case without answers looks up `undefined`: one `CaseResult<Links, undefined>` shared by all of them.
    {
      readonly [Case in Endpoint as Case["$"]]: (
        ctx: Context<Links>,
        endpoint: Case,
      ) => CaseResult<Links, Responses[Case["$"]]>
    }
  : never

/**
 * `CaseHandlers` with every case optional: the shape `Sitelet.Infer`
 * infers a handler object against, so that a missing or unknown case is
 * then reported as a sentence (`CheckedHandler`), not as a missing property.
 *
 * @example
 * ```ts
 * const some: OpenCaseHandlers<{ $: "A" } | { $: "B" }> = { A: () => Content.Text("a") }
 * ```
 */
export type OpenCaseHandlers<Endpoint, Links = Endpoint, Responses = NoResponses> = [Endpoint] extends [
  { readonly $: string },
]
  ? {
      readonly [Case in Endpoint as Case["$"]]?: (
        ctx: Context<Links>,
        endpoint: Case,
      ) => OpenCaseResult<Links, Responses[Case["$"] & keyof Responses]>
    }
  : never

/**
 * A handler: one content function, or (for unions) one function per case.
 *
 * @example
 * ```ts
 * const handler: Handler<{ $: "A" } | { $: "B" }> = { A: () => Content.Text("a"), B: () => Content.Text("b") }
 * ```
 */
export type Handler<
  Endpoint,
  Links = Endpoint,
  Responses extends { readonly [Tag in string]?: ResponseMap | undefined } = NoResponses,
> = HandlerFunction<Endpoint, Links> | CaseHandlers<Endpoint, Links, Responses>

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
    if (typeof run === "function")
      table.set(tag, run as (ctx: Context<Links>, endpoint: Endpoint) => HandlerResult<Links>)
  }
  if (tags !== undefined) {
    for (const tag of tags) if (!table.has(tag)) throw new TypeError(siteletMessages.handlerMissing(tag))
    const known = new Set(tags)
    for (const key of table.keys()) if (!known.has(key)) throw new TypeError(siteletMessages.handlerUnknownCase(key))
  }
  return (ctx, endpoint) => {
    const tag = (endpoint as { readonly $?: unknown }).$
    const run = typeof tag === "string" ? table.get(tag) : undefined
    if (run === undefined) throw new TypeError(siteletMessages.handlerMissing(String(tag)))
    return run(ctx, endpoint)
  }
}
