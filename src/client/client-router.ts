/**
 * The `Router` namespace of `sitelets/client`: the isomorphic `Router`
 * (Infer, Sum, Shift, Map, Embed, Single, Empty, New) plus the browser-side
 * members Request, Fetch, Install and InstallHash.
 */
import { RouterNamespace } from "../router/namespace.js"
import { inferInput } from "../router/infer.js"
import type { Router as RouterOf } from "../router/router.js"
import { type AnsweringRouter, declaredAnswers, type FetchInit, type FetchResult, fetchEndpoint } from "./fetch.js"
import { installRouter, type InstallOptions, type InstalledRouter } from "./install.js"
import { endpointRequest } from "./request.js"
import { endpointEvents, type EventsInit } from "./events.js"
import type { Descriptor, Infer as InferType } from "../descriptor/descriptor.js"
import type { CaseInput, UnionOutput, UnionResponses, ValidateCases } from "../descriptor/union.js"
import { type ResponsesOf, unionResponses } from "../descriptor/responses.js"
import type { ClientMessage, ServerMessage, WebSocketAttribute } from "../descriptor/web-socket.js"
import type { Linkable } from "../descriptor/request-only.js"
import { type ClientSocket, openSocket, type SocketInit } from "./socket.js"

/**
 * A router made by the client's `Router.Infer`: the isomorphic router plus
 * `Events(endpoint, descriptor, init?)`, its endpoints' server-sent events
 * (the same as `Router.Events(router, …)`), and `Fetch(endpoint, init?)`,
 * the typed request decoded by the answers its case declares (the same as
 * `Router.Fetch(router, …)`).
 *
 * @example
 * ```ts
 * const api = Router.Infer(Api)
 * for await (const message of api.Events({ $: "Room", id: 7 }, Message)) render(message)
 * const user = await api.Fetch({ $: "GetUser", id: 1 }) // User, when GetUser declares Returns(User)
 * ```
 */
export interface EventRouter<Endpoint, Responses = {}> extends AnsweringRouter<Endpoint, Responses> {
  Events<Data extends Descriptor>(
    endpoint: Endpoint,
    descriptor: Data,
    init?: EventsInit,
  ): AsyncIterable<InferType<Data>>
  Fetch<Value extends Endpoint>(endpoint: Value, init?: FetchInit): Promise<FetchResult<Responses, Value>>
  /** A typed WebSocket to a case declared with `WebSocket({ FromClient, FromServer })` (the same as `Router.Socket(router, …)`). */
  Socket<const Declaration extends WebSocketAttribute>(
    endpoint: Linkable<Endpoint>,
    declaration: Declaration,
    init?: SocketInit,
  ): ClientSocket<ServerMessage<Declaration>, ClientMessage<Declaration>>
}

/**
 * `Router.Infer` for the browser: the same router, with `Events`.
 *
 * @example
 * ```ts
 * Router.Infer(t.union({ Feed: "GET /feed" })).Events({ $: "Feed" }, Item)
 * ```
 */
function Infer<const D extends Descriptor>(descriptor: D): EventRouter<InferType<D>, ResponsesOf<D>>
function Infer<const Cases extends Readonly<Record<string, CaseInput>>>(
  cases: Cases & ValidateCases<Cases>,
): EventRouter<UnionOutput<Cases>, UnionResponses<Cases>>
function Infer(input: Descriptor | Readonly<Record<string, CaseInput>>): EventRouter<unknown> {
  const descriptor = inferInput(input)
  const router = RouterNamespace.Infer(descriptor) as RouterOf<unknown>
  // Inherits every member of the frozen router (closures, so `this` does not matter) and adds Events and Fetch.
  const extended = Object.create(router) as EventRouter<unknown>
  Object.defineProperties(extended, {
    Events: {
      value: (endpoint: unknown, descriptor: Descriptor, init?: EventsInit) =>
        endpointEvents(router, endpoint, descriptor, init),
      enumerable: true,
    },
    Fetch: {
      value: (endpoint: unknown, init?: FetchInit) => fetchEndpoint(extended, endpoint, init),
      enumerable: true,
    },
    Socket: {
      value: (endpoint: unknown, declaration: WebSocketAttribute, init?: SocketInit) =>
        openSocket(router, endpoint, declaration, init),
      enumerable: true,
    },
    [declaredAnswers]: { value: unionResponses(descriptor) },
  })
  return Object.freeze(extended)
}

/**
 * Installs a router with the history API: links live in the path
 * (`/article/1`); the server must answer those paths with the page.
 *
 * @example
 * ```ts
 * const app = Install(router, { onChange: render })
 * ```
 */
function Install<Endpoint>(router: RouterOf<Endpoint>, options?: InstallOptions<Endpoint>): InstalledRouter<Endpoint> {
  return installRouter("history", router, options)
}

/**
 * Installs a router on the URL fragment: links live after `#`
 * (`index.html#/article/1`), so any static file host serves the page.
 *
 * @example
 * ```ts
 * const app = InstallHash(router, { onChange: render })
 * app.href({ $: "Article", id: 1 }) //=> "#/article/1"
 * ```
 */
function InstallHash<Endpoint>(
  router: RouterOf<Endpoint>,
  options?: InstallOptions<Endpoint>,
): InstalledRouter<Endpoint> {
  return installRouter("hash", router, options)
}

/**
 * `Router` for the browser: every member of the root `Router` namespace,
 * plus `Request(router, e, init?)` (the typed `Request`), `Fetch(router, e,
 * init?)` (send it; decode a JSON answer given `{ response: descriptor }`),
 * `Install` and `InstallHash`.
 *
 * @example
 * ```ts
 * import { Router } from "sitelets/client"
 * const api = Router.Infer(Api)
 * const post = await Router.Fetch(api, { $: "GetPost", id: 1 }, { response: Post })
 * const app = Router.Install(Router.Infer(Pages), { onChange: render })
 * ```
 */
export const Router = Object.freeze({
  ...RouterNamespace,
  Infer,
  Request: endpointRequest,
  Fetch: fetchEndpoint,
  Events: endpointEvents,
  Socket: openSocket,
  Install,
  InstallHash,
})

/** A bidirectional router for endpoint values (the same interface as the root package's `Router<Endpoint>`). */
export type Router<Endpoint> = RouterOf<Endpoint>
