/**
 * The sitelet core: what a sitelet is (`sitelet.ts`: a router and a
 * dispatch), the context a handler gets (`context.ts`), what content is
 * (`content-model.ts`, with the JSON and socket bodies it may carry), the
 * gates that run before a body is read (`body-gate.ts`), and the builders
 * and combinators (`Sitelet.Infer`, `InferWithErrors`, `Shift`, `Sum`,
 * `Embed`, `Map`, `InferPartial`…). The rooms of `sitelet/` above it build
 * on this model: the kinds of content, sockets, CORS, auth and limits;
 * HTTP's vocabulary and the HTML builders are below it.
 *
 * It may import `descriptor/`, `internal/`, `json/codec/`, `router/`,
 * `router/codec/`, `router/request/` and `sitelet/http/` (its row of
 * docs/architecture.md, which the layers test holds the code to). Other
 * rooms import its modules by their paths, not through this index, so a
 * bundle or a Worker loads only the modules it uses; this index is the
 * room's table of contents, checked by the compiler.
 *
 * @example
 * ```ts
 * const site = Sitelet.Infer(Site, { Home: () => Content.Text("home") })
 * ```
 */
export type {
  AnswerProblem,
  DeclaredAnswersChecked,
  JsonAtMedia,
  JsonAtNoBody,
  Reported,
  ReportedAt,
  UndeclaredStatus,
  WrongField,
  WrongValue,
} from "./answer-problems.js"
export { afterGate, endpointBeforeBody, gated, passesGates, withheldBody } from "./body-gate.js"
export { Content as SiteletContent, Embed, Empty, Folder, Map, Shift, Sum } from "./combinators.js"
export {
  type Content,
  type ContentBody,
  type ContentHeader,
  deferred,
  type DeferredContent,
  header,
  headerOf,
  isStreamBody,
  isValidHeader,
  mapContent,
  resolveContent,
  settleContent,
  sharedContent,
  staticContent,
  type StaticContent,
  type StreamBody,
} from "./content-model.js"
export { type ContextValue, Value } from "./context-value.js"
export {
  type Context,
  contextRequest,
  type ContextRequest,
  type HostEnv,
  type LoginOptions,
  type TokenOptions,
  type UserSession,
  withSession,
} from "./context.js"
export {
  type CaseInner,
  type EmbeddableCase,
  EmbedInUnion,
  InferPartial,
  InferPartialInUnion,
  type SingleFieldCase,
} from "./embed-in-union.js"
export { Fallback } from "./fallback.js"
export { installFetchHandle } from "./fetch-port.js"
export type {
  AnyJsonContent,
  CaseHandlers,
  CaseResult,
  DeclaredAnswer,
  Handler,
  HandlerFunction,
  HandlerResult,
  OpenCaseHandlers,
  OpenCaseResult,
} from "./handler.js"
export { type ErrorsHandler, InferWithErrors } from "./infer-with-errors.js"
export {
  type CaseKeys,
  type CheckedHandler,
  type DeclaredKeys,
  type HandlerFor,
  type HandlerKeys,
  Infer,
  New,
  type OpenHandlerFor,
} from "./infer.js"
export type { ContentChange, JsonBody, JsonContent, NonJsonContent } from "./json-content.js"
export { type HandlerMissing, type HandlerUnknownCase, siteletMessages } from "./messages.js"
export { type PartNotInSite, PartOf, type SitePart } from "./part-of.js"
export { type Dispatch, type Dispatched, type EndpointOf, makeSitelet, type Sitelet } from "./sitelet.js"
export {
  isSocketBody,
  type ServerSocket,
  type SocketBody,
  type SocketClose,
  type SocketOptions,
} from "./socket-body.js"
