/**
 * Sentences for descriptor shapes that cannot be routed or serialized. Each
 * is written once here; tests import these writers instead of retyping them.
 */
export const descriptorMessages = {
  unsupportedSchemaTarget: (target: unknown) =>
    `~standard.jsonSchema: target '${String(target)}' is not supported (sitelets writes "draft-2020-12")`,
  badFileLimit: (value: unknown) => `t.file: MaxBytes must be a whole number of bytes, got ${String(value)}`,
  badHeaderFieldName: (name: string) => `Header: '${name}' is not a header name (an RFC 9110 token)`,
  badCookieFieldName: (name: string) => `Cookie: '${name}' is not a cookie name (an RFC 9110 token)`,
  headersOfUndeclared: (code: string) =>
    `Responds: Headers lists status ${code}, which the declaration does not (declare its answer first)`,
  badResponseHeader: (code: string, name: string) =>
    `Responds: the header '${name}' of status ${code} must be an RFC 9110 token with a description (a string)`,
  badMaxBytes: (value: unknown) => `MaxBytes: the limit must be a whole number of bytes ≥ 0, got ${String(value)}`,
  unknownAttributeField: (caseName: string, attribute: string, field: string) =>
    `Case '${caseName}': ${attribute}("${field}") names no field of the case`,
  severalJsonFields: (caseName: string, fields: readonly string[]) =>
    `Case '${caseName}': only one Json field is allowed, found ${fields.map((f) => `'${f}'`).join(" and ")}`,
  conflictingSource: (caseName: string, field: string, first: string, second: string) =>
    `Case '${caseName}': field '${field}' is marked both ${first} and ${second}`,
  dateTimeFormatOnNonDate: (caseName: string, field: string) =>
    `Case '${caseName}': DateTimeFormat("${field}", …) needs a datetime field`,
  badDateFormatInPath: (format: string) =>
    `Date format '${format}' cannot be used in a URL path: it contains ':' or '/'`,
  wildcardNotLast: (caseName: string) =>
    `Case '${caseName}': Wildcard needs the last path field to be a string or a list`,
  mapInPath: (where: string) => `${where}: t.map cannot be carried by a URL (use Json or a record)`,
  dateFormatEmpty: (format: string) =>
    `Date format '${format}' has none of the tokens yyyy MM dd HH mm ss fff, so its text would carry nothing of a date`,
  badResponseStatus: (code: string) =>
    `Responds: status '${code}' is not a code from 200 to 599 (a declared answer is a final response)`,
  badResponseDescriptor: (code: string) =>
    `Responds: the answer for status ${code} is not a descriptor, NoBody or Media(type)`,
  bodylessStatus: (code: string) => `Responds: status ${code} has no body in HTTP: declare it as NoBody`,
  badMediaType: (type: string) => `Media: '${type}' is not a media type like "text/html" (type/subtype, no parameters)`,
  responsesEmpty: "Responds: expected at least one status",
  badEventData: "EventStream: the events' data must be a descriptor (t.union, t.record, t.string…)",
  badSocketMessages: (side: string) =>
    `WebSocket: ${side} must be a descriptor (t.union, t.record, t.string…) or Bytes (binary frames)`,
  socketMethod: (caseName: string) =>
    `Case '${caseName}': a WebSocket case answers GET only (declare it "GET /path"): the upgrade is a GET`,
  caseNotAttribute: "t.case: after a field record come attributes only (put every field in the record)",
  severalResponds: (caseName: string) => `Case '${caseName}': Returns/Responds may be given once`,
  enumNotSafeInteger: (name: string, value: number) => `t.enum: value ${value} of '${name}' is not a safe integer`,
  enumEmpty: "t.enum: expected at least one numeric value",
  lazyCycle: "t.lazy: a lazy descriptor resolves to itself",
  lazyEmpty: "t.lazy: the getter returned nothing (declared later?)",
  noStandardValidator: "~standard.validate needs the JSON codec: import it from 'sitelets' (or src/json/codec.ts)",
} as const
