/**
 * Sentences for descriptor shapes that cannot be routed or serialized. Each
 * is written once here; tests import these writers instead of retyping them.
 */
export * from "./attribute-messages.js"
export * from "./builder-messages.js"

export const unknownAttributeField = (caseName: string, attribute: string, field: string) =>
  `Case '${caseName}': ${attribute}("${field}") names no field of the case`
export const severalJsonFields = (caseName: string, fields: readonly string[]) =>
  `Case '${caseName}': only one Json field is allowed, found ${fields.map((f) => `'${f}'`).join(" and ")}`
export const conflictingSource = (caseName: string, field: string, first: string, second: string) =>
  `Case '${caseName}': field '${field}' is marked both ${first} and ${second}`
export const dateTimeFormatOnNonDate = (caseName: string, field: string) =>
  `Case '${caseName}': DateTimeFormat("${field}", …) needs a datetime field`
export const badDateFormatInPath = (format: string) =>
  `Date format '${format}' cannot be used in a URL path: it contains ':' or '/'`
export const wildcardNotLast = (caseName: string) =>
  `Case '${caseName}': Wildcard needs the last path field to be a string or a list`
export const mapInPath = (where: string) => `${where}: t.map cannot be carried by a URL (use Json or a record)`
export const socketMethod = (caseName: string) =>
  `Case '${caseName}': a WebSocket case answers GET only (declare it "GET /path"): the upgrade is a GET`
export const severalResponds = (caseName: string) => `Case '${caseName}': Returns/Responds may be given once`
