import type { FieldInfo } from "../../descriptor/fields.js"
import { defaultValue } from "./defaults.js"
import { inField, LinkFailure } from "../link/link-error.js"
import { needBody, type LinkWriter, type MatchOutcome, type MatchState, type Next } from "./match-state.js"
import { codecMessages } from "./codec-messages.js"
import { linkWrongType } from "../link/link-messages.js"
import type { Alternative, Element, Shape } from "./shape.js"
import type { FormValue } from "../body/multipart.js"
import type { ParamCodec } from "./param-codec.js"
import { parseCookieHeader } from "../request/cookie-header.js"
import { noteBodyLimit } from "../body/body.js"

/**
 * Whether a set of methods accepts a request method; `HEAD` is answered by `GET` cases.
 *
 * @example
 * ```ts
 * acceptsMethod(new Set(["GET"]), "HEAD") //=> true
 * ```
 */
export function acceptsMethod(methods: ReadonlySet<string> | undefined, method: string): boolean {
  return methods === undefined || methods.has(method) || (method === "HEAD" && methods.has("GET"))
}

/** What a field's codec kind (`int`, `option:int`, `list:bool`) reads, in an error's words. */
function expectedOf(codec: ParamCodec): string {
  const kind = codec.kind
  if (codec.expected !== undefined) return codec.expected
  if (kind.startsWith("option:")) return kind.slice(7)
  return kind.startsWith("list:") ? `a list of ${kind.slice(5)}` : kind
}

function setField(target: Record<string, unknown>, name: string, value: unknown): void {
  // A field named __proto__ must become an own property, never the prototype.
  if (name === "__proto__")
    Object.defineProperty(target, name, { value, enumerable: true, writable: true, configurable: true })
  else target[name] = value
}

/** The endpoint value from its field values: `$` first, absent options omitted. */
function build(shape: Shape, values: readonly unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = shape.tag === undefined ? {} : { $: shape.tag }
  const fields = shape.fields
  for (let index = 0; index < fields.length; index++) {
    const field = fields[index] as FieldInfo
    const value = values[index]
    if (field.optional && value === undefined) continue
    if (field.name === "__proto__") setField(out, field.name, value)
    else out[field.name] = value
  }
  return out
}

// A header's values: a list field reads its comma-separated items (the lines of a repeated header are joined
// with ", " by every host), any other field the whole value.
function headerValues(value: string | null, codec: ParamCodec): readonly string[] | undefined {
  if (value === null) return undefined
  if (!codec.kind.startsWith("list:")) return [value.trim()]
  const items: string[] = []
  for (const item of value.split(",")) if (item.trim() !== "") items.push(item.trim())
  return items
}

// A request's cookies, parsed once however many cases read one.
const cookieJars = new WeakMap<object, ReadonlyMap<string, string>>()

function cookieValues(request: MatchState["request"], name: string): readonly string[] | undefined {
  let jar = cookieJars.get(request)
  if (jar === undefined) cookieJars.set(request, (jar = parseCookieHeader(request.headers.get("cookie"))))
  const value = jar.get(name)
  return value === undefined ? undefined : [value]
}

// The body is needed: the first case asking for it with a MaxBytes sets the limit it is read with.
function wantBody(shape: Shape, state: MatchState): typeof needBody {
  if (shape.maxBytes !== undefined) noteBodyLimit(state.request, shape.maxBytes)
  return needBody
}

/**
 * Reads the query, form and JSON fields. False: no match; needBody: read the
 * body and retry. With `readBody` false (a lenient match whose method is
 * wrong) body fields hold defaults and the body is never read. The form
 * fields of a GET or HEAD are read from the query.
 */
function readNonPath(shape: Shape, state: MatchState, values: unknown[], readBody: boolean): boolean | typeof needBody {
  if (shape.params.length === 0 && shape.json === undefined) return true
  for (const param of shape.params) {
    if (param.source === "form") continue
    const given =
      param.source === "query"
        ? state.request.query.get(param.key)
        : param.source === "header"
          ? headerValues(state.request.headers.get(param.key), param.codec)
          : cookieValues(state.request, param.key)
    const read = param.codec.read(given)
    if (read.ok) values[param.index] = read.value
    else if (!state.lenient) return false
    else {
      values[param.index] = defaultValue((shape.fields[param.index] as FieldInfo).type)
      state.errors.push(
        param.source === "query"
          ? { $: "MissingQueryParameter", name: param.key }
          : { $: param.source === "header" ? "InvalidHeader" : "InvalidCookie", name: param.key },
      )
    }
  }
  if (!readBody) {
    for (const param of shape.params)
      if (param.source === "form") values[param.index] = defaultValue((shape.fields[param.index] as FieldInfo).type)
    if (shape.json) values[shape.json.index] = defaultValue(shape.json.descriptor)
    return true
  }
  // A GET or HEAD has no body: its form fields are read from the query, as a browser's GET form sends them.
  const method = state.request.method
  const formInQuery = method === "GET" || method === "HEAD"
  for (const param of shape.params) {
    if (param.source !== "form") continue
    if (!formInQuery && state.body === undefined) return wantBody(shape, state)
    const form = formInQuery ? state.request.query : (state.body as NonNullable<typeof state.body>).form()
    // A malformed form body fails every form field, optional ones too: never read as an empty form.
    const read = form === undefined ? undefined : param.codec.read(form.get(param.key))
    if (read?.ok) values[param.index] = read.value
    else if (!state.lenient) return false
    else {
      values[param.index] = defaultValue((shape.fields[param.index] as FieldInfo).type)
      const given = form?.get(param.key)
      const reason =
        form === undefined
          ? codecMessages.formMalformed
          : given === undefined || given.length === 0
            ? codecMessages.formFieldMissing
            : codecMessages.formFieldInvalid(
                expectedOf(param.codec),
                // The value that does not fit: in a list, the first refused item.
                given.find((value) => !param.codec.read([value]).ok) ?? (given[0] as FormValue),
              )
      state.errors.push({ $: "MissingFormData", name: param.key, reason })
    }
  }
  if (shape.json) {
    if (state.body === undefined) return wantBody(shape, state)
    const read = state.body.json(shape.json.descriptor)
    if (read.ok) values[shape.json.index] = read.value
    else if (!state.lenient) return false
    else {
      values[shape.json.index] = defaultValue(shape.json.descriptor)
      state.errors.push({ $: "InvalidJson", error: read.error })
    }
  }
  return true
}

/**
 * Matches one URL alternative from element `from` at segment `at` (the
 * caller has already matched the literal elements before `from`): method
 * (unless `methodChecked`: the caller knows it accepts the request's),
 * path elements with full backtracking, then query, form and JSON fields.
 *
 * @example
 * ```ts
 * matchAlternative(alternative, state, alternative.prefix, at + alternative.prefix, next)
 * ```
 */
export function matchAlternative(
  alternative: Alternative,
  state: MatchState,
  from: number,
  at: number,
  next: Next,
  methodChecked = false,
): MatchOutcome {
  const methodOk = methodChecked || acceptsMethod(alternative.methods, state.request.method)
  if (!methodOk && !state.wrongMethod) return undefined
  const { elements, shape } = alternative
  const segments = state.segments
  // Literals and one-segment text fields have one reading each: a plain loop, no continuation, nothing to undo.
  let index = from
  let position = at
  let values: unknown[] | undefined
  for (; index < elements.length; index++, position++) {
    const element = elements[index] as Element
    if ("literal" in element) {
      if (segments[position] !== element.literal) return undefined
      continue
    }
    if (element.text === undefined) break
    if (position >= segments.length) return undefined
    const value = element.text.fromText(segments[position] as string)
    if (value === undefined) return undefined
    ;(values ??= new Array<unknown>(shape.fields.length))[element.field] = value
  }
  const mark = state.errors.length
  const outcome =
    index === elements.length
      ? finish(shape, state, values ?? new Array<unknown>(shape.fields.length), methodOk, position, next)
      : matchRest(
          alternative,
          state,
          values ?? new Array<unknown>(shape.fields.length),
          methodOk,
          index,
          position,
          next,
        )
  if (outcome === undefined && state.errors.length !== mark) state.errors.length = mark
  return outcome
}

/** The non-path fields, then the continuation with the built value. */
function finish(
  shape: Shape,
  state: MatchState,
  values: unknown[],
  methodOk: boolean,
  position: number,
  next: Next,
): MatchOutcome {
  const before = state.errors.length
  const read = readNonPath(shape, state, values, methodOk)
  if (read === needBody) return needBody
  // As in WebSharper: the fields' errors left to right, then the method's, so a wrong method is the one reported.
  if (read && !methodOk) state.errors.push({ $: "InvalidMethod", method: state.request.method })
  const outcome = read ? next(build(shape, values), position) : undefined
  if (outcome === undefined && state.errors.length !== before) state.errors.length = before
  return outcome
}

/** The elements from `from` on, with full backtracking through the codecs' continuations. */
function matchRest(
  alternative: Alternative,
  state: MatchState,
  values: unknown[],
  methodOk: boolean,
  from: number,
  at: number,
  next: Next,
): MatchOutcome {
  const { elements, shape } = alternative
  const segments = state.segments
  const step = (index: number, position: number): MatchOutcome => {
    if (index === elements.length) return finish(shape, state, values, methodOk, position, next)
    const element = elements[index] as Element
    if ("literal" in element) return segments[position] === element.literal ? step(index + 1, position + 1) : undefined
    return element.codec.parse(state, position, (value, after) => {
      values[element.field] = value
      return step(index + 1, after)
    })
  }
  return step(from, at)
}

/**
 * Writes the link of a value through one alternative: literals and path
 * fields, then query pairs in declaration order, the method and the body.
 *
 * @example
 * ```ts
 * writeAlternative(alternative, { $: "Article", id: 1 }, writer)
 * ```
 */
export function writeAlternative(alternative: Alternative, value: unknown, out: LinkWriter): void {
  if (typeof value !== "object" || value === null) throw new LinkFailure(linkWrongType("an object", value), true)
  const record = value as Record<string, unknown>
  if (out.method === undefined) out.method = alternative.firstMethod
  for (const element of alternative.elements) {
    if ("literal" in element) out.segments.push(element.literal)
    else inField(element.name, () => element.codec.write(record[element.name], out))
  }
  const { shape } = alternative
  let form: Array<readonly [string, FormValue]> | undefined
  for (const param of shape.params) {
    const target =
      param.source === "query"
        ? out.query
        : param.source === "form"
          ? (form ??= [])
          : param.source === "header"
            ? (out.headers ??= [])
            : (out.cookies ??= [])
    inField(param.name, () =>
      param.codec.write(param.key, record[param.name], target as Array<readonly [string, FormValue]>),
    )
  }
  if (form) out.body = { kind: "form", fields: form }
  if (shape.json) out.body = { kind: "json", descriptor: shape.json.descriptor, value: record[shape.json.name] }
}
