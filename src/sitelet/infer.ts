/**
 * `Sitelet.New` and `Sitelet.Infer`: a router plus a content function,
 * written as one function or as one function per union case.
 */
import type { Descriptor, Infer as InferType, NoResponses, ResponseMap } from "../descriptor/descriptor.js"
import { resolve } from "../descriptor/composites.js"
import { type ResponseDescriptors, unionResponses } from "../descriptor/responses.js"
import type { DeclaredAnswersChecked, ReportedAt } from "./answer-problems.js"
import { Router } from "../router/router.js"
import type { InferOptions } from "../router/infer.js"
import { resolveContent } from "./content-model.js"
import type { Context } from "./context.js"
import {
  type CaseResult,
  handlerFunction,
  type Handler,
  type HandlerFunction,
  type OpenCaseHandlers,
} from "./handler.js"
import type { HandlerMissing, HandlerUnknownCase } from "./messages.js"
import { makeSitelet, type Dispatched, type Sitelet } from "./sitelet.js"
import type { ParseRequestResult } from "../router/codec/result.js"
import { andThen } from "../internal/maybe-promise.js"
import { markSources } from "../router/route-source.js"
import { unstorableAnswer } from "./storable-text.js"

/**
 * The complete handler of a descriptor: one content function, or one
 * function per case (every case present), each checked against the answers
 * its case declares (`Returns`, `Responds`). For annotating a handler
 * written apart from its `Sitelet.Infer` call (which infers the object
 * against `OpenHandlerFor` and checks it with `CheckedHandler`). One
 * conditional type, resolved once the descriptor's type is known.
 *
 * @example
 * ```ts
 * type H = HandlerFor<typeof Site> //=> Handler<Site, Site, NoResponses>
 * ```
 */
export type HandlerFor<D> = D extends {
  readonly "~types"?: { readonly output: infer Output }
  readonly "~responses"?: infer Responses extends { readonly [Tag in string]?: ResponseMap | undefined }
}
  ? Handler<Output, Output, Responses>
  : Handler<InferType<D>>

/**
 * `HandlerFor` with every case of a handler object optional: what
 * `Sitelet.Infer` infers the handler against before `CheckedHandler`
 * reports missing and unknown cases.
 *
 * @example
 * ```ts
 * type H = OpenHandlerFor<typeof Site> //=> HandlerFunction<Site> | OpenCaseHandlers<Site>
 * ```
 */
export type OpenHandlerFor<D> = D extends {
  readonly "~types"?: { readonly output: infer Output }
  readonly "~responses"?: infer Responses extends { readonly [Tag in string]?: ResponseMap | undefined }
}
  ? HandlerFunction<Output> | (OpenCaseHandlers<Output, Output, Responses> & OpenMark)
  : HandlerFunction<InferType<D>>

/**
 * What marks the open handler shape: a weak type (one optional key) that
 * the shape has and a user's handler object, sharing no key with it, does
 * not extend.
 */
export interface OpenMark {
  readonly "~open"?: never
}

/**
 * A handler checked: a function, or an object with a function for every
 * case and no other key; else the sentence saying what is wrong (the one
 * `Sitelet.Infer` throws at run time), as a compile error at the call site.
 * When `Tags` comes with the cases' declared answers (`HandlerKeys` of a
 * descriptor whose cases declare some), an object whose cases break them
 * is the object with those cases replaced by sentences (`case 'ListPosts'
 * answers 200 with 'page': string where the declaration says number`),
 * reported at each case.
 *
 * @example
 * ```ts
 * type Bad = CheckedHandler<{ Home: () => Content }, "Home" | "Other">
 * //=> "Sitelet.Infer: the handler object has no function for case 'Other'"
 * ```
 */
export type CheckedHandler<Handler, Tags> = Handler extends (...args: never[]) => unknown
  ? Handler
  : Handler extends OpenMark
    ? // The open shape itself (the checker types the handler's functions against it): nothing to check.
      Handler
    : [Tags] extends [never]
      ? Handler
      : [Tags] extends [DeclaredKeys<infer Keys, infer Strict, infer Responses>]
        ? KeysChecked<Handler, Keys> extends infer Checked
          ? [Checked] extends [Handler]
            ? // Keys as they should be: one relation check when the answers keep their declarations.
              Handler extends Strict
              ? Handler
              : DeclaredAnswersChecked<Handler, Responses>
            : Checked
          : never
        : KeysChecked<Handler, Tags>

// The handler; or, for a key that is no case, the handler with that key's function returning the sentence
// (reported at it, the sentence first); or, for missing cases, the handler with one of its functions — the last
// key TypeScript lists, usually the last written — returning their sentence, so the checker reports it at that
// function's answer with the sentence first, not after the whole object's type. A correct object passes two
// relation checks and instantiates nothing per case.
type KeysChecked<Handler, Tags> = [Tags] extends [keyof Handler]
  ? [keyof Handler] extends [Tags]
    ? Handler
    : {
        [Key in keyof Handler]: Key extends Tags
          ? Handler[Key]
          : ReportedAt<Handler[Key], HandlerUnknownCase<Key & string>>
      }
  : MissingAt<Handler, LastKey<keyof Handler>, HandlerMissing<Exclude<Tags, keyof Handler> & string>>

// The handler with the function at `At` returning `Sentence` (where the checker reports a missing case).
type MissingAt<Handler, At, Sentence extends string> = {
  [Key in keyof Handler]: Key extends At ? ReportedAt<Handler[Key], Sentence> : Handler[Key]
}

// One member of a union of keys, the last the checker lists: the return type of the last overload of an
// intersection of functions (one per member). Only a handler with a mistake pays for it.
type LastKey<Keys> = (Keys extends unknown ? (key: Keys) => void : never) extends infer Each
  ? (Each extends unknown ? (take: Each) => void : never) extends (take: infer Both) => void
    ? Both extends (key: infer Last) => void
      ? Last
      : never
    : never
  : never

/**
 * The case keys of a descriptor whose cases declare answers, with the
 * complete handler type its handler object is checked against and the
 * declarations (what `HandlerKeys` gives for such a descriptor).
 *
 * @example
 * ```ts
 * type K = HandlerKeys<typeof Api> //=> DeclaredKeys<"Home" | "GetUser", CaseHandlers<…>, { GetUser: { 200: typeof User } }>
 * ```
 */
export interface DeclaredKeys<Keys, Strict, Responses> {
  readonly "~declared": readonly [Keys, Strict, Responses]
}

/**
 * The handler object a descriptor with declared answers needs, as far as
 * the answers go: each case's function returning what its declaration
 * allows (parameters are the open shape's business). Cheaper to relate a
 * handler object to than `CaseHandlers`, which would instantiate every
 * case's parameter types again.
 *
 * @example
 * ```ts
 * type R = DeclaredResults<Api, ResponsesOf<typeof Api>> //=> { GetUser: (...args: never[]) => CaseResult<Api, { 200: typeof User }>; … }
 * ```
 */
export type DeclaredResults<Links, Responses> = {
  readonly [Tag in keyof Responses]: (...args: never[]) => CaseResult<Links, Responses[Tag]>
}

/**
 * What `Sitelet.Infer` checks a handler object's keys against: the case
 * keys of a union descriptor, with its declared answers when its cases
 * declare some (`DeclaredKeys`). Decided once per descriptor, in the one
 * type argument the check already had: each more argument costs the
 * checker ~4 instantiations per handler function while it infers the object.
 *
 * @example
 * ```ts
 * type K = HandlerKeys<typeof Site> //=> "Home" | "Article"
 * ```
 */
export type HandlerKeys<D> = D extends {
  readonly kind: "union"
  readonly cases: infer Cases
  readonly "~types"?: { readonly output: infer Output }
  readonly "~responses"?: infer Responses extends { readonly [Tag in string]?: ResponseMap | undefined }
}
  ? [Responses] extends [NoResponses]
    ? keyof Cases & string
    : DeclaredKeys<keyof Cases & string, DeclaredResults<Output, Responses>, Responses>
  : never

/**
 * The case keys of a union descriptor (the keys of its `cases` record: one
 * lookup, where the endpoint union's `$` would be read case by case); `never`
 * for other descriptors, which take no handler object.
 *
 * @example
 * ```ts
 * type Tags = CaseKeys<typeof Site> //=> "Home" | "Article"
 * ```
 */
export type CaseKeys<D> = D extends { readonly kind: "union"; readonly cases: infer Cases }
  ? keyof Cases & string
  : never

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
export function siteletOf<Endpoint>(
  router: Router<Endpoint>,
  handler: HandlerFunction<Endpoint>,
  responses?: ReadonlyMap<string, ResponseDescriptors>,
  text: InferOptions["text"] = "any",
): Sitelet<Endpoint> {
  const storable = text === "storable"
  const accept = (result: ParseRequestResult<Endpoint> | undefined): Dispatched<Endpoint> | undefined => {
    if (result?.$ !== "Success") return undefined
    const endpoint = result.endpoint
    // Only sitelets with declared answers look them up (by the case's tag).
    const declared = responses?.get((endpoint as { readonly $: string }).$)
    return {
      endpoint,
      // In the handler's place, after the credentials of a Protect around the part: text a database cannot hold.
      serve: (ctx: Context<Endpoint>) =>
        (storable && unstorableAnswer(endpoint)) || resolveContent(handler(ctx, endpoint), ctx, declared),
    }
  }
  return makeSitelet<Endpoint>(
    storable ? markSources(router, { storableText: true }) : router,
    (request, offset, lenient) => (lenient ? undefined : andThen(router.route(request, offset, false), accept)),
    false,
  )
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
 * A case that declares its answers (`Returns`, `Responds`) has its handler
 * checked against them and its `Content.Json(value)` written with their
 * descriptors. `options.compiled` is the route table `Router.Compile`
 * wrote for the declaration (see `Router.Infer`).
 *
 * @example
 * ```ts
 * const site = Sitelet.Infer(Site, {
 *   Home: (ctx) => Content.Page({ Body: Html.a({ href: ctx.Link({ $: "Article", id: 1 }) }, "first") }),
 *   Article: (ctx, e) => Content.Text(`article ${e.id}`),
 * })
 * ```
 */
export function Infer<const D extends Descriptor, H extends OpenHandlerFor<D>>(
  descriptor: D,
  handler: CheckedHandler<H, HandlerKeys<D>>,
  options?: InferOptions,
): Sitelet<InferType<D>> {
  return siteletOf(
    Router.Infer(descriptor, options),
    handlerFunction(handler as Handler<InferType<D>>, unionTags(descriptor)),
    unionResponses(descriptor),
    options?.text,
  )
}
