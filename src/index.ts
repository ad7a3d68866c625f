/**
 * sitelets: typed, bidirectional web routing for TypeScript.
 * The whole public surface, as explicit named exports.
 */
export { t } from "./descriptor/t.js"
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
} from "./descriptor/attributes.js"
export { Doc, type CaseDoc, type DocAttribute } from "./descriptor/doc.js"
export { EventStream, Media, type EventStreamAnswer, type MediaAnswer } from "./descriptor/media.js"
export { NoBody } from "./descriptor/no-body.js"
export {
  Bytes,
  WebSocket,
  type BytesMessages,
  type ClientMessage,
  type ServerMessage,
  type SocketLimits,
  type WebSocketAttribute,
} from "./descriptor/web-socket.js"
export type * from "./descriptor/descriptor.js"
export { Json, type JsonCodec } from "./json/codec/json-namespace.js"
export { JsonError, type JsonPathSegment } from "./json/json-error.js"
export type { JsonOptions } from "./json/options.js"
export type { StandardSchemaV1 } from "./descriptor/standard-schema-spec.js"
export type { FieldsOutput, Simplify } from "./descriptor/fields-output.js"
export type { Linkable, RequestOnlyMark } from "./descriptor/request-only.js"
export type { CaseInput, CaseOutput, DeclaredResponses, UnionOutput, UnionResponses } from "./descriptor/union.js"
export {
  parseTemplate,
  type TemplateCaseOutput,
  type ValidateTemplate,
  type WideCaseOutput,
} from "./template/parse-template.js"
export { TemplateError } from "./template/template-error.js"
export { Router } from "./router/router.js"
export type { CompiledTable } from "./router/compiled-table.js"
export type { InferOptions } from "./router/infer.js"
export type { RouteOutcome } from "./router/router.js"
export { LinkError } from "./router/link/link-error.js"
export { createRouteRequest, routeRequestFromFetch, toRouteRequest } from "./router/request/request.js"
export type {
  ParseInput,
  PlainRequest,
  RouteHeaders,
  RouteRequest,
  RouteRequestInit,
} from "./router/request/request.js"
export type { ParseRequestResult } from "./router/codec/result.js"
export type { RouteBody, RoutePath } from "./router/link/route-path.js"
export { Sitelet } from "./api/sitelet-namespace.js"
export type { Dispatch, Dispatched, EndpointOf } from "./sitelet/sitelet.js"
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
} from "./sitelet/handler.js"
export type { ResponseDescriptors, ResponsesOf } from "./descriptor/responses.js"
export type {
  CaseKeys,
  CheckedHandler,
  DeclaredKeys,
  HandlerFor,
  HandlerKeys,
  OpenHandlerFor,
} from "./sitelet/infer.js"
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
} from "./sitelet/answer-problems.js"
export type { HandlerMissing, HandlerUnknownCase } from "./sitelet/messages.js"
export type { JsonBody, JsonContent } from "./sitelet/json-content.js"
export type { ErrorsHandler } from "./sitelet/infer-with-errors.js"
export type { CaseInner, EmbeddableCase, SingleFieldCase } from "./sitelet/embed-in-union.js"
export { Application, type Root } from "./api/application.js"
export { Content, type CustomContent } from "./sitelet/content/content.js"
export type { ContentBody, ContentHeader, DeferredContent, StaticContent, StreamBody } from "./sitelet/content-model.js"
export type { StreamOptions, StreamSource } from "./sitelet/content/stream.js"
export type { ServerSocket, SocketClose, SocketOptions } from "./sitelet/socket-body.js"
export type { EventStreamOptions, ServerEvent } from "./sitelet/content/event-stream.js"
export type { FileOptions } from "./sitelet/content/file-content.js"
export type { FileEndpoint, FilesOptions } from "./sitelet/content/files.js"
export { deferred, header, headerOf, mapContent, resolveContent, staticContent } from "./sitelet/content-model.js"
export type { JsxPageOptions, PageContent, PageOptions } from "./sitelet/content/page.js"
export type { Context, ContextRequest, HostEnv, LoginOptions, TokenOptions, UserSession } from "./sitelet/context.js"
export type { SessionOptions, SessionSecret } from "./sitelet/auth/user-session.js"
export type { Secret } from "./internal/crypto-keys.js"
export { safeReturnPath } from "./sitelet/auth/session-return-path.js"
export type { ProtectFilter } from "./sitelet/auth/protect.js"
export type { GuardCheck, GuardOptions } from "./sitelet/limits/guard.js"
export type { PartNotInSite, SitePart } from "./sitelet/part-of.js"
export type { RespondsOptions } from "./descriptor/attributes.js"
export type { RateLimitOptions, RateLimitRule, RateLimitStore, RateLimitVerdict } from "./sitelet/limits/rate-limit.js"
export { memoryStore, type MemoryStoreOptions } from "./sitelet/limits/rate-limit-memory.js"
export {
  Topic,
  type MessagesOptions,
  type Subscription,
  type TopicOptions,
  type TypedTopic,
} from "./sitelet/sockets/topic.js"
export { memoryBus, type TopicBus, type Unsubscribe } from "./sitelet/sockets/topic-bus.js"
export type { ContextValue } from "./sitelet/context-value.js"
export {
  Auth,
  type ApiKeyCredential,
  type BearerCredential,
  type Credential,
  type JwtCredential,
  type JwtOptions,
  type SessionCredential,
} from "./sitelet/auth/auth.js"
export { Cors, type CorsAllows } from "./sitelet/cors/cors.js"
export { Http, type HttpStatus, type StatusLike } from "./sitelet/http/http-status.js"
export { Html, SafeHtml, type HtmlAttributes, type HtmlChild, type HtmlTags } from "./sitelet/html/html.js"
export { JsxLink, type JsxLinkProps } from "./sitelet/html/jsx-link.js"
export { html } from "./sitelet/html/html-template.js"
export { escapeHtml, safeUrl } from "./sitelet/html/html-escape.js"
export { Fetch, type FetchHandler, type WaitUntilContext } from "./host/fetch/fetch-handler.js"
export type { HostLimits, HostOptions } from "./host/host-options.js"
export type { RequestObserver, RequestRecord } from "./host/request-record.js"
export type { CsrfOptions } from "./host/csrf.js"
export { HostError, type HostErrorType } from "./host/host-errors.js"
export { OpenApi, type OpenApiDocument, type OpenApiOptions } from "./openapi/document.js"
export { AsyncApi, type AsyncApiDocument, type AsyncApiOptions } from "./asyncapi/document.js"
export type { DescribedField, DescribedRoute, DescribedSegment } from "./router/describe.js"
export type { RouteSource } from "./router/route-source.js"
