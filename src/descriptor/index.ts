/**
 * Descriptors: `t` (plain data with a `kind`, and `Infer` its type), the
 * case attributes (`EndPoint`, `Query`, `Json`, `FormData`, `Header`,
 * `Cookie`, `WebSocket`, `Responds`, `Doc`…) and the type-level machinery
 * that turns a union of cases into its endpoint type. One model for routing,
 * JSON, documents and arbitraries: every room above reads it.
 *
 * It may import `internal/` and `template/` (its row of
 * docs/architecture.md, which the layers test holds the code to). Other
 * rooms import its modules by their paths, not through this index, so a
 * bundle or a Worker loads only the modules it uses; this index is the
 * room's table of contents, checked by the compiler.
 *
 * @example
 * ```ts
 * const Post = t.record({ title: t.string, tags: t.list(t.string) })
 * ```
 */
export { badSocketMessages } from "./attribute-messages.js"
export {
  Cookie,
  DateTimeFormat,
  EndPoint,
  FormData,
  Header,
  Json,
  MaxBytes,
  Method,
  Name,
  NamedUnionCases,
  Query,
  Responds,
  type RespondsOptions,
  Returns,
  Wildcard,
} from "./attributes.js"
export { list, option, resolve } from "./composites.js"
export { datePattern, defaultPathDateFormat, fitsFormat, formatDate, parseDate } from "./date-format.js"
export type {
  CaseAttribute,
  CaseDescriptor,
  DateTimeDescriptor,
  Descriptor,
  EnumDescriptor,
  FieldDescriptor,
  FieldInput,
  FieldSource,
  FileDescriptor,
  Infer,
  LazyDescriptor,
  NoResponses,
  RecordDescriptor,
  ResponseMap,
  UnionDescriptor,
  UploadedFile,
} from "./descriptor.js"
export { type CaseDoc, Doc, type DocAttribute, docOf } from "./doc.js"
export { unplacedHole } from "./end-point-holes.js"
export type { EntriesOutput, FieldEntries, FieldsOutput, Simplify } from "./fields-output.js"
export { caseFields, caseTag, type FieldInfo } from "./fields.js"
export { eventDataOf, EventStream, type EventStreamAnswer, isMedia, Media, type MediaAnswer } from "./media.js"
export { isNoBody, NoBody } from "./no-body.js"
export { bigint, bool, datetime, float, int, string } from "./primitives.js"
export type { Linkable, RequestOnlyMark } from "./request-only.js"
export {
  caseAnswers,
  declaredHeaders,
  declaredResponses,
  type ResponseDescriptors,
  type ResponsesOf,
  unionResponses,
} from "./responses.js"
export type { StandardSchemaV1 } from "./standard-schema-spec.js"
export { registerStandardJsonSchema, registerStandardValidator, schemaOf } from "./standard.js"
export { t } from "./t.js"
export { registerTemplateParser, templateOf, type TemplateSource } from "./template-case.js"
export {
  type CaseInput,
  type CaseOutput,
  type DeclaredResponses,
  inferInput,
  type UnionOutput,
  type UnionResponses,
  type ValidateCases,
} from "./union.js"
export { isUploadedFile } from "./uploaded-file.js"
export {
  Bytes,
  type BytesMessages,
  type ClientMessage,
  isBytes,
  type ServerMessage,
  socketLimitDefaults,
  type SocketLimits,
  socketOf,
  type SocketSide,
  WebSocket,
  type WebSocketAttribute,
} from "./web-socket.js"
