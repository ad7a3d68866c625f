/**
 * `Router.Fetch`: send the typed request for an endpoint value and decode
 * the JSON answer with the codec: by the response descriptor given, or by
 * the answers its case declares (`Returns`, `Responds`).
 */
import type { Descriptor, Infer, ResponseMap } from "../descriptor/descriptor.js"
import type { MediaAnswer } from "../descriptor/media.js"
import type { NoBody } from "../descriptor/no-body.js"
import { deserialize } from "../json/codec/codec.js"
import type { JsonOptions } from "../json/options.js"
import type { Router } from "../router/router.js"
import { sendEndpoint } from "./fetch-send.js"
import { endpointRequest, type EndpointRequestInit } from "./request.js"
import type { Telemetry } from "../internal/telemetry.js"

/** A `fetch`-like function (the global one by default; a sitelet's `Handle` in tests). */
export type FetchFunction = (request: Request) => Promise<Response>

/** Options of `Router.Fetch` without a response descriptor. */
export interface FetchInit extends EndpointRequestInit {
  /** Sends the request (default: the global `fetch`). */
  readonly fetch?: FetchFunction
  /**
   * A client span per request, named by the route, and its context sent as
   * `traceparent`: `OpenTelemetry()` from `sitelets/otel`. Default none.
   */
  readonly telemetry?: Telemetry
}

/** Options of `Router.Fetch` that decode the answer. */
export interface FetchJsonInit<Response extends Descriptor> extends FetchInit {
  /** The descriptor of the JSON answer: it is checked and typed with `Json.Decode`. */
  readonly response: Response
  /** Limits of the JSON decoder (depth, bigint digits…). */
  readonly json?: JsonOptions
}

/**
 * A router that knows the answers its cases declare (the client's
 * `Router.Infer` makes one): `Router.Fetch` decodes them without a
 * descriptor.
 *
 * @example
 * ```ts
 * const api: AnsweringRouter<Api, ResponsesOf<typeof Api>> = Router.Infer(Api)
 * ```
 */
export interface AnsweringRouter<Endpoint, Responses> extends Router<Endpoint> {
  /** Type only: the declared answers, by case key. */
  readonly "~responses"?: Responses
}

/**
 * The success (2xx) values a case's declared answers decode to: a
 * `NoBody` status gives `undefined` (and so does a case that declares
 * error statuses only), a `Media(type)` status the `Response`.
 *
 * @example
 * ```ts
 * type U = SuccessValue<{ 200: typeof User; 404: typeof Problem }> //=> User
 * type D = SuccessValue<{ 204: NoBody; 404: typeof Problem }>      //=> undefined
 * type E = SuccessValue<{ 404: typeof Problem }>                   //=> undefined
 * type P = SuccessValue<{ 200: MediaAnswer<"text/html"> }>          //=> Response
 * ```
 */
export type SuccessValue<Responses extends ResponseMap> = OrUndefined<
  {
    [Code in keyof Responses & number]: `${Code}` extends `2${string}`
      ? Responses[Code] extends NoBody
        ? undefined
        : Responses[Code] extends MediaAnswer
          ? Response
          : Infer<Responses[Code]>
      : never
  }[keyof Responses & number]
>

// A case that declares no success resolves `undefined` for its 2xx answer without a body.
type OrUndefined<Value> = [Value] extends [never] ? undefined : Value

/**
 * What `Router.Fetch` resolves to for an endpoint value: the decoded 2xx
 * answer when its case declares answers, else the `Response`.
 *
 * @example
 * ```ts
 * type Got = FetchResult<{ GetUser: { 200: typeof User } }, { $: "GetUser"; id: 1 }> //=> User
 * ```
 */
export type FetchResult<Responses, Value> = Value extends { readonly $: infer Tag }
  ? CaseFetchResult<Responses, Tag>
  : Response

// Distributes over the tag: a value typed as several cases resolves to the union of their results; and over the
// declarations a tag has (after `Map` or `Embed`, those of any inner case).
type CaseFetchResult<Responses, Tag> = Tag extends keyof Responses ? DeclaredResult<Responses[Tag]> : Response
type DeclaredResult<Declared> = Declared extends ResponseMap ? SuccessValue<Declared> : Response

/**
 * Sends the request for an endpoint value.
 *
 * - With a `response` descriptor it asks for JSON, throws `FetchError` on a
 *   non-2xx status or a non-JSON answer, and resolves to the answer decoded
 *   (validated) by the codec; a mismatch throws `JsonError` naming the JSON
 *   path.
 * - Without one, on a router of the client's `Router.Infer` whose case
 *   declares its answers (`Returns`, `Responds`), the same with the
 *   declared descriptor of the status received: a 2xx answer resolves to its
 *   value (`undefined` for a status declared `NoBody`, the unread
 *   `Response` for one declared `Media(type)`); a declared error
 *   status throws `FetchError` with the decoded answer as `value`; an
 *   undeclared 204 or 205, or an undeclared 2xx with an empty body on a
 *   case that declares no 2xx body, resolves `undefined`; any other
 *   undeclared status throws `FetchError`.
 * - Otherwise it resolves to the `Response` as received (any status).
 *
 * @example
 * ```ts
 * const api = Router.Infer(Api) // from "sitelets/client"
 * const user = await Router.Fetch(api, { $: "GetUser", id: 1 }) // User, decoded by its declaration
 * const created = await Router.Fetch(api, { $: "Create", blog: 3, post }, { response: Post })
 * const raw = await Router.Fetch(api, { $: "Remove", id: 7 }) // a Response
 * ```
 */
export function fetchEndpoint<Endpoint, Answer extends Descriptor>(
  router: Router<Endpoint>,
  endpoint: Endpoint,
  init: FetchJsonInit<Answer>,
): Promise<Infer<Answer>>
export function fetchEndpoint<Endpoint extends { readonly $: string }, Responses, Tag extends string>(
  router: AnsweringRouter<Endpoint, Responses>,
  endpoint: NoInfer<Endpoint> & { readonly $: Tag },
  init?: FetchInit,
): Promise<FetchResult<Responses, { readonly $: Tag }>>
export function fetchEndpoint<Endpoint>(
  router: Router<Endpoint>,
  endpoint: Endpoint,
  init?: FetchInit,
): Promise<Response>
export function fetchEndpoint<Endpoint>(
  router: Router<Endpoint>,
  endpoint: Endpoint,
  init: FetchInit | FetchJsonInit<Descriptor> = {},
): Promise<unknown> {
  return sendEndpoint(router, endpoint, init, endpointRequest, deserialize)
}
