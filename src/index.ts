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
  Wildcard,
} from "./descriptor/attributes.js"
export type * from "./descriptor/descriptor.js"
export { Json, type JsonCodec } from "./json/json-namespace.js"
export { JsonError, type JsonPathSegment } from "./json/json-error.js"
export type { JsonOptions } from "./json/options.js"
export type { FieldsOutput, Simplify } from "./descriptor/fields-output.js"
export type { CaseInput, CaseOutput, UnionOutput } from "./descriptor/union.js"
export { parseTemplate, type TemplateCaseOutput, type ValidateTemplate, type WideCaseOutput } from "./template/parse-template.js"
export { TemplateError } from "./template/template-error.js"
export { Router } from "./router/router.js"
export { LinkError } from "./router/link-error.js"
export { createRouteRequest, routeRequestFromFetch, toRouteRequest } from "./router/request.js"
export type { ParseInput, PlainRequest, RouteHeaders, RouteRequest, RouteRequestInit } from "./router/request.js"
export type { ParseRequestResult } from "./router/result.js"
export type { RouteBody, RoutePath } from "./router/route-path.js"
