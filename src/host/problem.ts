/**
 * Problem details (RFC 9457) for a request whose body a matching case read
 * but could not use: `application/problem+json` with the reason a client
 * can act on — for a JSON body the codec's JSON path, what was expected and
 * what was there; for a form, the field and why. On by default (host option
 * `problemDetails: false` gives the plain-text answer). Only the request's
 * own input is echoed, never a stack or an internal name.
 */
import type { ParseRequestResult } from "../router/codec/result.js"
import { header, sharedContent, type StaticContent } from "../sitelet/content-model.js"
import { Status } from "../sitelet/http/http-status.js"
import { HostError, hostMessages } from "./host-errors.js"

/** One entry of a problem's `errors` member: where, and what was wrong there. */
export interface ProblemEntry {
  /** A JSON Pointer (RFC 6901) into the request body, for a JSON body. */
  readonly pointer?: string
  /** The path as the codec writes it (`$.items[2].id`), for a JSON body. */
  readonly path?: string
  /** The form field, for a form body. */
  readonly field?: string
  readonly detail: string
}

/** The problem document written for a refused body. */
export interface Problem {
  readonly type: "about:blank"
  readonly title: string
  readonly status: number
  readonly detail: string
  readonly errors?: readonly ProblemEntry[]
}

const problemHeaders = Object.freeze([
  header("Content-Type", "application/problem+json"),
  header("X-Content-Type-Options", "nosniff"),
  header("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'"),
])

/**
 * A JSON Pointer to a path of property names and indexes.
 *
 * @example
 * ```ts
 * jsonPointer(["items", 2, "a/b"]) //=> "/items/2/a~1b"
 * ```
 */
export function jsonPointer(segments: readonly (string | number)[]): string {
  let pointer = ""
  for (const segment of segments) pointer += "/" + String(segment).replaceAll("~", "~0").replaceAll("/", "~1")
  return pointer
}

/**
 * The `application/problem+json` answer to a host error.
 *
 * @example
 * ```ts
 * problemContent(new HostError(400, "entity.parse.failed", "…")).headers[0] //=> ["Content-Type", "application/problem+json"]
 * ```
 */
export function problemContent(error: HostError, errors?: readonly ProblemEntry[]): StaticContent {
  const status = Status.Custom(error.status)
  const problem: Problem = {
    type: "about:blank",
    title: status.text,
    status: error.status,
    detail: error.message,
    ...(errors ? { errors } : {}),
  }
  return sharedContent(status, problemHeaders, JSON.stringify(problem))
}

/**
 * The error and answer for a body the router's error pass explains
 * (`InvalidJson` with its `JsonError`, `MissingFormData` with its reason),
 * or undefined to keep the general answer.
 *
 * @example
 * ```ts
 * const explained = bodyProblem(await router.route(request, 0, true))
 * ```
 */
export function bodyProblem(
  result: ParseRequestResult<unknown> | undefined,
): { error: HostError; content: StaticContent } | undefined {
  if (result?.$ === "InvalidJson") {
    const json = result.error
    const error = new HostError(400, "entity.parse.failed", hostMessages.badJsonBody(json.message))
    const entry: ProblemEntry = {
      pointer: jsonPointer(json.segments),
      path: json.path,
      detail: `expected ${json.expected}, got ${json.received}`,
    }
    return { error, content: problemContent(error, [entry]) }
  }
  if (result?.$ === "MissingFormData") {
    const error = new HostError(400, "entity.parse.failed", hostMessages.badFormField(result.name, result.reason))
    return { error, content: problemContent(error, [{ field: result.name, detail: result.reason }]) }
  }
  return undefined
}
