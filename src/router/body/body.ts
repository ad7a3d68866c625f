import type { Descriptor } from "../../descriptor/descriptor.js"
import type { RouteRequest } from "../request/request.js"
import { defaultBodyLimits, jsonOptionsOf } from "../request/body-limits.js"
import { decodeJsonBody, type JsonBodyResult } from "./json-body.js"
import { JsonError } from "../../json/json-error.js"
import { isJsonType, mediaTypeOf } from "./media-type.js"
import { bodyMessages } from "./body-messages.js"
import { boundaryOf, parseMultipart } from "./multipart.js"
import { parseQuery } from "../request/target.js"
import type { FormValue } from "./multipart.js"

/**
 * A request body read once, decoded on demand (per descriptor for JSON).
 *
 * @example
 * ```ts
 * (await loadBody(request)).json(Post) //=> { ok: true, value: { … } }
 * ```
 */
export interface BodyData {
  /** The body as JSON of this descriptor. */
  json(descriptor: Descriptor): JsonBodyResult
  /**
   * The form fields (urlencoded or multipart); empty for any other content
   * type; undefined for a malformed form body (a bad escape, a multipart body
   * without its boundary or closing delimiter): no case reads such a body.
   */
  form(): ReadonlyMap<string, readonly FormValue[]> | undefined
}

const noFields: ReadonlyMap<string, readonly string[]> = new Map()

/**
 * What `loadBody` gives for a request known to have no body and no
 * Content-Type (`toRouteRequest({ url, method })`), without waiting: JSON
 * fails as a body of no type, the form is empty. Routing such a request is
 * synchronous, so `Match` and `Parse` agree on it.
 *
 * @example
 * ```ts
 * noBodyData.form()?.size //=> 0
 * ```
 */
export const noBodyData: BodyData = Object.freeze({
  json: (): JsonBodyResult => noJson,
  form: () => noFields,
})

// One answer for every request without a body: an Error made (and its stack captured) once, not per request.
const noJson: JsonBodyResult = Object.freeze({
  ok: false,
  error: Object.freeze(new JsonError([], bodyMessages.jsonBodyType, bodyMessages.noContentType)),
})

export { isJsonType, mediaTypeOf }

// The MaxBytes of the first case that asked for a request's body (any router of a composition), until it is read.
const wantedLimits = new WeakMap<RouteRequest, number>()

/**
 * Notes the limit a case asking for the body declares (`MaxBytes`); the
 * first one noted is the limit the body is read with.
 *
 * @example
 * ```ts
 * noteBodyLimit(request, 256 * 1024)
 * ```
 */
export function noteBodyLimit(request: RouteRequest, bytes: number): void {
  if (!wantedLimits.has(request)) wantedLimits.set(request, bytes)
}

/**
 * Reads the request body (once; the request caches the bytes) and returns
 * decoders over it, with the request's `bodyLimits` (JSON depth, bigint
 * digits, multipart parts). A JSON field is read only when the Content-Type is
 * `application/json` or `*+json` (an absent one is not JSON), so a
 * cross-site HTML form or a bare `fetch(url, { body })` cannot post to a
 * JSON endpoint: no match (hosts answer 415), or `InvalidJson` under
 * `ParseWithErrors`.
 *
 * @example
 * ```ts
 * const body = await loadBody(request)
 * body.form().get("user") //=> ["ann"]
 * ```
 */
export async function loadBody(request: RouteRequest): Promise<BodyData> {
  const bytes = await request.body(wantedLimits.get(request))
  const contentType = request.headers.get("content-type")
  const type = mediaTypeOf(contentType)
  let text: string | undefined
  const textOf = () => (text ??= new TextDecoder().decode(bytes))
  const json = new Map<Descriptor, JsonBodyResult>()
  let form: ReadonlyMap<string, readonly FormValue[]> | null | undefined
  return {
    json(descriptor) {
      let result = json.get(descriptor)
      if (!result) {
        result = isJsonType(type)
          ? decodeJsonBody(descriptor, textOf(), jsonOptionsOf(request.bodyLimits))
          : {
              ok: false,
              error: new JsonError([], bodyMessages.jsonBodyType, contentType ?? bodyMessages.noContentType),
            }
        json.set(descriptor, result)
      }
      return result
    },
    form() {
      // null: read once and found malformed.
      if (form !== undefined) return form ?? undefined
      if (type === "application/x-www-form-urlencoded") {
        const parsed = parseQuery(textOf())
        form = parsed.bad === undefined ? parsed.query : null
      } else if (type === "multipart/form-data") {
        const boundary = boundaryOf(contentType ?? "")
        const maxParts = (request.bodyLimits ?? defaultBodyLimits).formFields
        form = (boundary === undefined ? undefined : parseMultipart(bytes, boundary, maxParts)) ?? null
      } else {
        form = noFields
      }
      return form ?? undefined
    },
  }
}
