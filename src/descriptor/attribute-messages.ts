/**
 * Sentences of the case attributes (`Header`, `Cookie`, `Responds`,
 * `MaxBytes`, `Media`, `WebSocket`…), apart from the rest so a declaration
 * that uses them carries these alone. Part of `descriptorMessages`.
 */
export const badHeaderFieldName = (name: string) => `Header: '${name}' is not a header name (an RFC 9110 token)`
export const badCookieFieldName = (name: string) => `Cookie: '${name}' is not a cookie name (an RFC 9110 token)`
export const headersOfUndeclared = (code: string) =>
  `Responds: Headers lists status ${code}, which the declaration does not (declare its answer first)`
export const badResponseHeader = (code: string, name: string) =>
  `Responds: the header '${name}' of status ${code} must be an RFC 9110 token with a description (a string)`
export const badMaxBytes = (value: unknown) =>
  `MaxBytes: the limit must be a whole number of bytes ≥ 0, got ${String(value)}`
export const badResponseStatus = (code: string) =>
  `Responds: status '${code}' is not a code from 200 to 599 (a declared answer is a final response)`
export const badResponseDescriptor = (code: string) =>
  `Responds: the answer for status ${code} is not a descriptor, NoBody or Media(type)`
export const bodylessStatus = (code: string) => `Responds: status ${code} has no body in HTTP: declare it as NoBody`
export const badMediaType = (type: string) =>
  `Media: '${type}' is not a media type like "text/html" (type/subtype, no parameters)`
export const responsesEmpty = "Responds: expected at least one status"
export const badEventData = "EventStream: the events' data must be a descriptor (t.union, t.record, t.string…)"
export const badSocketMessages = (side: string) =>
  `WebSocket: ${side} must be a descriptor (t.union, t.record, t.string…) or Bytes (binary frames)`
export const badOperationId = (id: string) =>
  `Doc: OperationId '${id}' must start with a letter or _ and hold only letters, digits, _, . and - (a generator names a function after it)`
export const emptyTag = "Doc: a tag must not be empty"
export const badSchemaName = (name: string) =>
  `Name: '${name}' cannot name a schema (letters, digits, _, . and -, as OpenAPI's components allow)`
export const badSocketProtocol = (value: unknown) =>
  `WebSocket: each of Protocols must be a token (letters, digits and !#$%&'*+-.^_\`|~, RFC 6455 §4.1), once, got ${JSON.stringify(value)}`
export const badSocketLimit = (name: string, value: unknown) =>
  `WebSocket: Limits.${name} must be a whole number ≥ 1, got ${String(value)}`
