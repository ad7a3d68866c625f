/**
 * Text a database can hold: the option `text: "storable"` of
 * `Sitelet.Infer` and `Sitelet.InferWithErrors` refuses, with a 400 naming
 * the field, an endpoint value any of whose strings — a path segment, a
 * query, form, header or cookie field, a string anywhere in its JSON body,
 * an uploaded file's name — holds a NUL character (U+0000: PostgreSQL's
 * `text` cannot store it, and C libraries end the string there) or a lone
 * surrogate (no UTF-8 can carry it: a driver writes U+FFFD in its place,
 * changing it silently). The check runs after the credentials of a
 * `Protect` around the part (the handler's place), before the handler.
 */
import { Status } from "./http/http-status.js"
import { header, type StaticContent, staticContent } from "./content-model.js"

/** Where the first string a database cannot hold is, and what is in it. */
export interface UnstorableText {
  /** The field's path in the endpoint value: `title`, `post.tags[2]`. */
  readonly field: string
  readonly what: "a NUL character (U+0000)" | "a lone surrogate"
}

// The first character a database cannot store, or undefined: a loop, since most strings are short and plain.
function badCharacter(text: string): UnstorableText["what"] | undefined {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code === 0) return "a NUL character (U+0000)"
    if (code < 0xd800 || code > 0xdfff) continue
    const next = text.charCodeAt(i + 1)
    if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) i++
    else return "a lone surrogate"
  }
  return undefined
}

const fieldPath = (path: string, key: string) => (path === "" ? key : `${path}.${key}`)

/**
 * The first string of an endpoint value that a database cannot hold, in
 * the order of its fields, or undefined. Endpoint values are plain data
 * (records, arrays, strings, numbers, dates, bytes), walked as such.
 *
 * @example
 * ```ts
 * unstorableText({ $: "Create", post: { title: "a\u0000b" } }) //=> { field: "post.title", what: "a NUL character (U+0000)" }
 * ```
 */
export function unstorableText(value: unknown, path = ""): UnstorableText | undefined {
  if (typeof value === "string") {
    const what = badCharacter(value)
    return what === undefined ? undefined : { field: path, what }
  }
  if (typeof value !== "object" || value === null || value instanceof Date || ArrayBuffer.isView(value))
    return undefined
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unstorableText(value[i], `${path}[${i}]`)
      if (found !== undefined) return found
    }
    return undefined
  }
  for (const key of Object.keys(value)) {
    const keyed = badCharacter(key)
    if (keyed !== undefined) return { field: fieldPath(path, key), what: keyed }
    const found = unstorableText((value as Record<string, unknown>)[key], fieldPath(path, key))
    if (found !== undefined) return found
  }
  return undefined
}

/**
 * The sentence of a refused field, written once.
 *
 * @example
 * ```ts
 * unstorableMessage({ field: "title", what: "a NUL character (U+0000)" })
 * //=> "title holds a NUL character (U+0000), which the application does not store"
 * ```
 */
export const unstorableMessage = (found: UnstorableText) =>
  `${found.field === "" ? "the value" : found.field} holds ${found.what}, which the application does not store`

const problemHeaders = Object.freeze([
  header("Content-Type", "application/problem+json"),
  header("Cache-Control", "no-store"),
])

/**
 * The 400 of a refused field: problem details (RFC 9457) naming it, as the
 * hosts write a body's refusal.
 *
 * @example
 * ```ts
 * unstorableContent({ field: "title", what: "a lone surrogate" }).status.code //=> 400
 * ```
 */
export function unstorableContent(found: UnstorableText): StaticContent {
  const detail = unstorableMessage(found)
  const problem = {
    type: "about:blank",
    title: "Bad Request",
    status: 400,
    detail,
    errors: [{ field: found.field, detail: `holds ${found.what}` }],
  }
  return staticContent(Status.Custom(400), problemHeaders, JSON.stringify(problem))
}

/**
 * The 400 of an endpoint holding text a database cannot hold, or undefined
 * for one it can: the one check the three inferring sitelets (`Infer`,
 * `InferWithErrors`, `InferPartial`) make under `text: "storable"`.
 *
 * @example
 * ```ts
 * serve: (ctx) => (storable && unstorableAnswer(endpoint)) || resolveContent(handler(ctx, endpoint), ctx)
 * ```
 */
export function unstorableAnswer(endpoint: unknown): StaticContent | undefined {
  const refused = unstorableText(endpoint)
  return refused === undefined ? undefined : unstorableContent(refused)
}
