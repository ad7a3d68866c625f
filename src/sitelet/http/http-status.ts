/**
 * HTTP status codes as plain values: a code and its reason phrase.
 */
import { httpMessages } from "./http-messages.js"

/**
 * A response status: numeric code and reason phrase. The named statuses
 * keep their code in the type (`Http.Status.NotFound: HttpStatus<404>`), so
 * a typed response (`Responds({ 404: Problem })`) can pair a JSON answer
 * with its status.
 *
 * @example
 * ```ts
 * const teapot: HttpStatus<418> = Http.Status.Custom(418) //=> { code: 418, text: "" }
 * ```
 */
export interface HttpStatus<Code extends number = number> {
  readonly code: Code
  readonly text: string
}

const status = <const Code extends number>(code: Code, text: string): HttpStatus<Code> => Object.freeze({ code, text })

/** Reason phrases of the codes the library writes by itself (RFC 9110). */
const reasons = new Map<number, string>([
  [200, "OK"],
  [201, "Created"],
  [202, "Accepted"],
  [204, "No Content"],
  [301, "Moved Permanently"],
  [302, "Found"],
  [303, "See Other"],
  [304, "Not Modified"],
  [307, "Temporary Redirect"],
  [308, "Permanent Redirect"],
  [400, "Bad Request"],
  [401, "Unauthorized"],
  [403, "Forbidden"],
  [404, "Not Found"],
  [405, "Method Not Allowed"],
  [406, "Not Acceptable"],
  [409, "Conflict"],
  [410, "Gone"],
  [413, "Content Too Large"],
  [414, "URI Too Long"],
  [415, "Unsupported Media Type"],
  [422, "Unprocessable Content"],
  [429, "Too Many Requests"],
  [431, "Request Header Fields Too Large"],
  [500, "Internal Server Error"],
  [501, "Not Implemented"],
  [502, "Bad Gateway"],
  [503, "Service Unavailable"],
])

/**
 * A status with any code: the reason phrase defaults to the standard one.
 * Throws a `RangeError` for a code outside 200–599 (1xx are not final
 * responses and cannot carry content).
 *
 * @example
 * ```ts
 * Http.Status.Custom(418, "I'm a teapot") //=> { code: 418, text: "I'm a teapot" }
 * Http.Status.Custom(422)                 //=> { code: 422, text: "Unprocessable Content" }
 * ```
 */
function Custom<const Code extends number>(code: Code, text?: string): HttpStatus<Code> {
  if (!Number.isInteger(code) || code < 200 || code > 599) {
    throw new RangeError(httpMessages.badStatusCode(code))
  }
  // A reason phrase is written into the status line: keep it to visible ASCII, tabs and spaces.
  const phrase = text ?? reasons.get(code) ?? ""
  if (!/^[\t\x20-\x7e]*$/.test(phrase)) {
    throw new RangeError(httpMessages.badReasonPhrase())
  }
  return status(code, phrase)
}

/**
 * The HTTP statuses by name, and `Custom(code, text?)` for any other.
 *
 * @example
 * ```ts
 * Content.SetStatus(Http.Status.MethodNotAllowed, Content.Text("use POST"))
 * Http.Status.NotFound.code //=> 404
 * ```
 */
export const Status = Object.freeze({
  Ok: status(200, "OK"),
  Created: status(201, "Created"),
  Accepted: status(202, "Accepted"),
  NoContent: status(204, "No Content"),
  MovedPermanently: status(301, "Moved Permanently"),
  Found: status(302, "Found"),
  SeeOther: status(303, "See Other"),
  NotModified: status(304, "Not Modified"),
  TemporaryRedirect: status(307, "Temporary Redirect"),
  PermanentRedirect: status(308, "Permanent Redirect"),
  BadRequest: status(400, "Bad Request"),
  Unauthorized: status(401, "Unauthorized"),
  Forbidden: status(403, "Forbidden"),
  NotFound: status(404, "Not Found"),
  MethodNotAllowed: status(405, "Method Not Allowed"),
  Conflict: status(409, "Conflict"),
  ContentTooLarge: status(413, "Content Too Large"),
  UriTooLong: status(414, "URI Too Long"),
  UnsupportedMediaType: status(415, "Unsupported Media Type"),
  InternalServerError: status(500, "Internal Server Error"),
  NotImplemented: status(501, "Not Implemented"),
  ServiceUnavailable: status(503, "Service Unavailable"),
  Custom,
})

/**
 * The `Http` namespace: `Http.Status`.
 *
 * @example
 * ```ts
 * import { Http } from "sitelets"
 * Http.Status.Ok.code //=> 200
 * ```
 */
export const Http = Object.freeze({ Status })

/**
 * A status as the API takes it: an `HttpStatus`, or its code alone (`201`,
 * as Hono and fastify users write it; checked as `Http.Status.Custom` checks
 * it).
 *
 * @example
 * ```ts
 * const created: StatusLike<201> = 201
 * ```
 */
export type StatusLike<Code extends number = number> = HttpStatus<Code> | Code

/**
 * The `HttpStatus` of a status or a code (a code outside 200–599 throws a
 * `RangeError`).
 *
 * @example
 * ```ts
 * statusOf(404) //=> { code: 404, text: "Not Found" }
 * statusOf(Http.Status.Created) //=> { code: 201, text: "Created" }
 * ```
 */
export function statusOf<const Code extends number>(status: StatusLike<Code>): HttpStatus<Code> {
  return typeof status === "number" ? Custom(status) : status
}

/**
 * The standard reason phrase of a code, or `""`.
 *
 * @example
 * ```ts
 * reasonPhrase(404) //=> "Not Found"
 * ```
 */
export function reasonPhrase(code: number): string {
  return reasons.get(code) ?? ""
}
