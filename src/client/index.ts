/**
 * `sitelets/client`: what a front end needs, with no server code and no Node
 * built-ins — route declarations (`t`, attributes, templates), the
 * isomorphic router with typed requests and browser routing, and the JSON
 * codec. A browser bundle that only links, reads the location or sends
 * typed requests is lighter from `sitelets/link` (5.9 KB gzip against
 * 36.5 for the same link from here; 2.0 KB with links compiled ahead of
 * time, `CompiledLinks`), `sitelets/route` or `sitelets/fetch`
 * (docs/browser.md, "Size").
 *
 * In the repository, it may import `descriptor/`, `internal/`, `json/`,
 * `json/codec/`, `json/decode/`, `json/write/`, `link/`, `router/`,
 * `router/body/`, `router/link/` and `router/request/` (its row of
 * docs/architecture.md, which the layers test holds the code to). A package
 * entry: users import it by its name.
 *
 * @example
 * ```ts
 * import { Router, t, Json } from "sitelets/client"
 * const Pages = t.union({ Home: "GET /", Article: "GET /article/<id:int>" })
 * const app = Router.Install(Router.Infer(Pages), { onChange: render })
 * ```
 */
export { Router } from "./client-router.js"
export type { ClientSocket, SocketConstructor, SocketInit } from "./socket.js"
export { t } from "../descriptor/t.js"
export {
  DateTimeFormat,
  EndPoint,
  FormData,
  Method,
  Name,
  NamedUnionCases,
  Query,
  Header,
  Cookie,
  Responds,
  MaxBytes,
  Returns,
  Wildcard,
} from "../descriptor/attributes.js"
export { Doc, type CaseDoc, type DocAttribute } from "../descriptor/doc.js"
export { EventStream, Media, type EventStreamAnswer, type MediaAnswer } from "../descriptor/media.js"
export { NoBody } from "../descriptor/no-body.js"
export {
  Bytes,
  WebSocket,
  type BytesMessages,
  type ClientMessage,
  type ServerMessage,
  type WebSocketAttribute,
} from "../descriptor/web-socket.js"
export type * from "../descriptor/descriptor.js"
export { Json, type JsonCodec } from "../json/codec/json-namespace.js"
export { JsonError, type JsonPathSegment } from "../json/json-error.js"
export type { JsonOptions } from "../json/options.js"
export { LinkError } from "../router/link/link-error.js"
export type { ParseInput, PlainRequest } from "../router/request/request.js"
export type { RouteBody, RoutePath } from "../router/link/route-path.js"
export {
  endpointRequest,
  endpointRequestParts,
  resolveLink,
  type ClientAuth,
  type EndpointRequestInit,
  type EndpointRequestParts,
} from "./request.js"
export {
  fetchEndpoint,
  type AnsweringRouter,
  type FetchFunction,
  type FetchInit,
  type FetchJsonInit,
  type FetchResult,
  type SuccessValue,
} from "./fetch.js"
export type { EventRouter } from "./client-router.js"
export type { ResponseDescriptors, ResponsesOf } from "../descriptor/responses.js"
export { FetchError } from "./fetch-error.js"
export { endpointEvents, parseEventStream, type EventsInit, type ParsedEvent } from "./events.js"
export { installRouter, type InstallOptions, type InstalledRouter, type NavigateOptions } from "./install.js"
export { routableClick, type ClickLike } from "./link-click.js"
export { hrefOf, locationLink, type RoutingMode } from "./location-path.js"
export type { BrowserEventTarget, BrowserHistory, BrowserLocation, BrowserWindow } from "./browser-window.js"
export * as clientMessages from "./messages.js"
