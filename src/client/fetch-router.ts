/**
 * The `Router` of `sitelets/fetch`: link routers that also send typed
 * requests and decode the answers their cases declare — `Router.Fetch` of
 * `sitelets/client` at a fraction of its weight: no parser of URLs or
 * bodies, no one-pass JSON reader (answers are `JSON.parse`d, then checked
 * and typed by the decoder), no template parser.
 */
import type { Descriptor, Infer as InferType } from "../descriptor/descriptor.js"
import { caseAnswers, type ResponseDescriptors, type ResponsesOf } from "../descriptor/responses.js"
import {
  type CaseInput,
  inferInput,
  type UnionOutput,
  type UnionResponses,
  type ValidateCases,
} from "../descriptor/union.js"
import { decode } from "../json/decode/decode.js"
import { parseJson } from "../json/parse.js"
import { firstAnswers, isTagged, type MappedAnswers, type RouterAnswers, type SumAnswers } from "../router/answers.js"
import type { FetchInit, FetchJsonInit, FetchResult } from "./fetch.js"
import { type JsonTextReader, sendEndpoint } from "./fetch-send.js"
import { fetchRequest } from "./fetch-request.js"
import { Router as Links, type LinkRouter } from "../link/link-router.js"

/**
 * A router of `sitelets/fetch`: `Link`, and `Fetch(endpoint, init?)`, the
 * typed request decoded by the answers its case declares (the same as
 * `Router.Fetch(router, …)`); its combinators keep both.
 *
 * @example
 * ```ts
 * const api = Router.Shift("api", Router.Infer(Api))
 * const user = await api.Fetch({ $: "GetUser", id: 1 }) // User, when GetUser declares Returns(User)
 * ```
 */
export interface FetchRouter<Endpoint, Responses = {}> extends LinkRouter<Endpoint> {
  /** Type only: the declared answers, by case key. */
  readonly "~responses"?: Responses
  /** The answers the case of an endpoint value declares, or undefined. */
  answers(endpoint: Endpoint): ResponseDescriptors | undefined
  Fetch<Value extends Endpoint>(endpoint: Value, init?: FetchInit): Promise<FetchResult<Responses, Value>>
}

// JSON.parse, then the decoder: the value `deserialize` gives, without the one-pass reader.
const readText: JsonTextReader = (descriptor, text, options) => decode(descriptor, parseJson(text), options)

function fetchRouter<Endpoint, Responses>(
  links: LinkRouter<Endpoint>,
  answers: (endpoint: Endpoint) => ResponseDescriptors | undefined,
): FetchRouter<Endpoint, Responses> {
  const router: FetchRouter<Endpoint, Responses> = Object.freeze({
    link: links.link,
    Link: links.Link,
    answers,
    Fetch: (endpoint: Endpoint, init?: FetchInit) => Fetch(router, endpoint as never, init) as never,
  })
  return router
}

/**
 * A router from a declaration, with its cases' declared answers.
 *
 * @example
 * ```ts
 * const api = Router.Infer(t.union({ GetUser: t.case("GET /users/<id:int>", Returns(User)) }))
 * await api.Fetch({ $: "GetUser", id: 1 }) // User
 * ```
 */
function Infer<const D extends Descriptor>(descriptor: D): FetchRouter<InferType<D>, ResponsesOf<D>>
function Infer<const Cases extends Readonly<Record<string, CaseInput>>>(
  cases: Cases & ValidateCases<Cases>,
): FetchRouter<UnionOutput<Cases>, UnionResponses<Cases>>
function Infer(input: Descriptor | Readonly<Record<string, CaseInput>>): FetchRouter<unknown> {
  const descriptor = inferInput(input)
  return fetchRouter(Links.Infer(descriptor), caseAnswers(descriptor))
}

/**
 * A router under a path prefix (`"api"`, `"api/v1"`), its answers kept.
 *
 * @example
 * ```ts
 * Router.Shift("api", Router.Infer(Api)).Link({ $: "GetUser", id: 1 }) //=> "/api/users/1"
 * ```
 */
function Shift<Endpoint, Responses = {}>(
  prefix: string,
  router: FetchRouter<Endpoint, Responses>,
): FetchRouter<Endpoint, RouterAnswers<FetchRouter<Endpoint, Responses>>> {
  return fetchRouter(Links.Shift(prefix, router), router.answers)
}

/**
 * Links and fetches through the first router that produces the value, with
 * that router's answers.
 *
 * @example
 * ```ts
 * Router.Sum(Router.Infer(Reads), Router.Infer(Writes)) // FetchRouter<Reads | Writes, both answers>
 * ```
 */
function Sum<const Parts extends ReadonlyArray<FetchRouter<any, any>>>(
  ...parts: Parts
): FetchRouter<Parts[number] extends FetchRouter<infer Endpoint, any> ? Endpoint : never, SumAnswers<Parts>> {
  return fetchRouter(Links.Sum(...parts) as LinkRouter<any>, (endpoint) => firstAnswers(parts, endpoint))
}

/**
 * Changes the endpoint type with a bijection (`encode` before linking).
 *
 * @example
 * ```ts
 * Router.Map((id: number) => ({ $: "GetUser", id }), (e: { $: "GetUser"; id: number }) => e.id, …)
 * ```
 */
function Map<Inner, Outer, Responses = {}>(
  decode: (inner: Inner) => Outer,
  encode: (outer: Outer) => Inner,
  router: FetchRouter<Inner, Responses>,
): FetchRouter<Outer, MappedAnswers<Outer, RouterAnswers<FetchRouter<Inner, Responses>>>> {
  return fetchRouter(Links.Map(decode, encode, router), (endpoint) =>
    isTagged(endpoint) ? router.answers(encode(endpoint)) : undefined,
  )
}

/**
 * Embeds a router into a larger endpoint type (`encodePartial` is
 * undefined for outer values it does not produce).
 *
 * @example
 * ```ts
 * Router.Embed((call: Api) => ({ $: "Api", call }), (s: Site) => (s.$ === "Api" ? s.call : undefined), api)
 * ```
 */
function Embed<Inner, Outer, Responses = {}, Produced extends Outer = Outer>(
  decode: (inner: Inner) => Produced,
  encodePartial: (outer: Outer) => Inner | undefined,
  router: FetchRouter<Inner, Responses>,
): FetchRouter<Outer, MappedAnswers<Produced, RouterAnswers<FetchRouter<Inner, Responses>>>> {
  return fetchRouter(Links.Embed(decode, encodePartial, router), (endpoint) => {
    const inner = isTagged(endpoint) ? encodePartial(endpoint) : undefined
    return inner === undefined ? undefined : router.answers(inner)
  })
}

/**
 * Sends the request for an endpoint value and decodes its answer, as
 * `Router.Fetch` of `sitelets/client` does: by the `response` descriptor
 * given, by the answers the value's case declares, else the `Response`.
 *
 * @example
 * ```ts
 * const saved = await Router.Fetch(api, { $: "Save", post }) // Post, when Save declares Returns(Post)
 * const raw = await Router.Fetch(api, { $: "Remove", id: 7 }) // a Response
 * ```
 */
function Fetch<Endpoint, Answer extends Descriptor>(
  router: FetchRouter<Endpoint, any>,
  endpoint: Endpoint,
  init: FetchJsonInit<Answer>,
): Promise<InferType<Answer>>
function Fetch<Endpoint extends { readonly $: string }, Responses, Tag extends string>(
  router: FetchRouter<Endpoint, Responses>,
  endpoint: NoInfer<Endpoint> & { readonly $: Tag },
  init?: FetchInit,
): Promise<FetchResult<Responses, { readonly $: Tag }>>
function Fetch<Endpoint>(router: FetchRouter<Endpoint, any>, endpoint: Endpoint, init?: FetchInit): Promise<Response>
function Fetch<Endpoint>(
  router: FetchRouter<Endpoint, any>,
  endpoint: Endpoint,
  init: FetchInit | FetchJsonInit<Descriptor> = {},
): Promise<unknown> {
  return sendEndpoint(router, endpoint, init, fetchRequest, readText)
}

/**
 * The `Router` of `sitelets/fetch`: `Infer`, `Shift`, `Sum`, `Map`,
 * `Embed` (routers that link and fetch, answers kept), `Fetch(router, e,
 * init?)` and `Request(router, e, init?)` (the typed `Request`).
 *
 * @example
 * ```ts
 * import { Router } from "sitelets/fetch"
 * const api = Router.Shift("api", Router.Infer(Api))
 * const post = await api.Fetch({ $: "GetPost", id: 1 }) // Post, as GetPost declares
 * ```
 */
export const Router = Object.freeze({ Infer, Shift, Sum, Map, Embed, Fetch, Request: fetchRequest })
