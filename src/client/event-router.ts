/**
 * The client's router: a router with `Events`, `Fetch` and `Socket`, made
 * by the client's `Router.Infer` and kept by its combinators.
 */
import type { Descriptor, Infer as InferType } from "../descriptor/descriptor.js"
import type { Linkable } from "../descriptor/request-only.js"
import type { ResponseDescriptors } from "../descriptor/responses.js"
import type { ClientMessage, ServerMessage, WebSocketAttribute } from "../descriptor/web-socket.js"
import type { Router } from "../router/router.js"
import { endpointEvents, type EventsInit } from "./events.js"
import { type AnsweringRouter, type FetchInit, type FetchResult, fetchEndpoint } from "./fetch.js"
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
 * The client members of a router (`Events`, `Fetch`, `Socket`) on top of
 * it: every member of the router is inherited (closures, so `this` does not
 * matter). `answers` gives the declared answers of a value's case (the
 * client's `Router.Infer` passes its declaration's); without it the router's
 * own are kept, so a composed router decodes as its parts do.
 *
 * @example
 * ```ts
 * const api = clientRouter(Router.Shift("api", Router.Infer(Api))) // root Router → client router
 * ```
 */
export function clientRouter<Endpoint, Responses = {}>(
  router: Router<Endpoint>,
  answers?: (endpoint: Endpoint) => ResponseDescriptors | undefined,
): EventRouter<Endpoint, Responses> {
  const extended = Object.create(router) as EventRouter<Endpoint, Responses>
  Object.defineProperties(extended, {
    Events: {
      value: (endpoint: Endpoint, descriptor: Descriptor, init?: EventsInit) =>
        endpointEvents(router, endpoint, descriptor, init),
      enumerable: true,
    },
    Fetch: {
      value: (endpoint: Endpoint, init?: FetchInit) => fetchEndpoint(extended, endpoint, init),
      enumerable: true,
    },
    Socket: {
      value: (endpoint: Linkable<Endpoint>, declaration: WebSocketAttribute, init?: SocketInit) =>
        openSocket(router, endpoint, declaration, init),
      enumerable: true,
    },
    ...(answers === undefined ? {} : { answers: { value: answers } }),
  })
  return Object.freeze(extended)
}
