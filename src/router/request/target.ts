import { isWellFormed } from "../../internal/well-formed.js"
import { knownParse } from "./known-targets.js"
import { targetMessages } from "./target-messages.js"
import { decodeComponent } from "./percent.js"

/**
 * A request target split once into decoded path segments and query.
 *
 * @example
 * ```ts
 * parseTarget("/a/b?x=1") //=> { path: "/a/b", segments: ["a", "b"], query: Map { "x" => ["1"] }, bad: undefined }
 * ```
 */
export interface ParsedTarget {
  /** The raw path (no query, no fragment); `/` for an empty absolute-form path. */
  readonly path: string
  /** Decoded path segments; empty segments dropped. */
  readonly segments: readonly string[]
  /** Decoded query values by decoded key, in arrival order. */
  readonly query: ReadonlyMap<string, readonly string[]>
  /** Why the target is malformed, or undefined. */
  readonly bad: string | undefined
}

/**
 * The query of a target without one (shared: nothing can add to it through its read-only type).
 *
 * @example
 * ```ts
 * parseTarget("/a").query === emptyQuery //=> true
 * ```
 */
export const emptyQuery: ReadonlyMap<string, readonly string[]> = new Map()
// Frozen: shared by every target without a query.
const noQuery = Object.freeze({ query: emptyQuery, bad: undefined })

/**
 * Splits an absolute-form target (`http://host/path?q`) into its path-and-query,
 * or returns undefined when the authority is malformed. Never hands the target
 * to `new URL`, which would read `//evil.com/admin` as a host. Every Fetch
 * request arrives in this form (`request.url`), so it scans by char code and
 * slices once.
 */
function originFormOf(target: string): string | undefined {
  const colon = target.indexOf("://")
  if (colon <= 0) return undefined
  for (let i = 0; i < colon; i++) {
    const code = target.charCodeAt(i) | 0x20
    const ok =
      (code >= 97 && code <= 122) ||
      (i > 0 && ((code >= 48 && code <= 57) || code === 0x2b || code === 0x2d || code === 0x2e))
    if (!ok) return undefined
  }
  // The authority ends at the first '/', '?' or '#'; the host starts after its last '@'.
  const start = colon + 3
  let end = start
  let host = start
  for (; end < target.length; end++) {
    const code = target.charCodeAt(end)
    if (code === 0x2f || code === 0x3f || code === 0x23) break
    if (code === 0x40) host = end + 1
  }
  if (host === end || target.charCodeAt(host) === 0x3a) return undefined
  // The port: after an IPv6 literal's first ']', else after the host's first ':'; at most five digits.
  let port: number
  if (target.charCodeAt(host) === 0x5b) {
    port = target.indexOf("]", host) + 1
    if (port === 0 || port > end) return undefined
  } else {
    port = target.indexOf(":", host)
    if (port < 0 || port > end) port = end
  }
  if (port < end && !isPort(target, port, end)) return undefined
  if (end === target.length) return "/"
  return target.charCodeAt(end) === 0x2f ? target.slice(end) : "/" + target.slice(end)
}

/** `target[from..to)` is `:` followed by at most five digits (no regex anywhere in the router). */
function isPort(target: string, from: number, to: number): boolean {
  if (target.charCodeAt(from) !== 0x3a || to - from > 6) return false
  for (let i = from + 1; i < to; i++) {
    const code = target.charCodeAt(i)
    if (code < 48 || code > 57) return false
  }
  return true
}

/**
 * Parses a query string (without `?`): `+` is a space, each key and value is
 * percent-decoded once, a key without `=` has the value `""`.
 *
 * @example
 * ```ts
 * parseQuery("q=a+b&tag=x&tag=y").get("tag") //=> ["x", "y"]
 * ```
 */
export function parseQuery(text: string): { query: ReadonlyMap<string, readonly string[]>; bad: string | undefined } {
  if (text === "") return noQuery
  const query = new Map<string, string[]>()
  let start = 0
  while (start <= text.length) {
    let end = text.indexOf("&", start)
    if (end < 0) end = text.length
    if (end > start) {
      const eq = text.indexOf("=", start)
      const hasValue = eq >= 0 && eq < end
      const key = decodeComponent(text.slice(start, hasValue ? eq : end), true)
      const value = hasValue ? decodeComponent(text.slice(eq + 1, end), true) : ""
      if (key === undefined || value === undefined)
        return { query: emptyQuery, bad: targetMessages.targetBadEscapeInQuery }
      const values = query.get(key)
      if (values) values.push(value)
      else query.set(key, [value])
    }
    start = end + 1
  }
  return { query, bad: undefined }
}

// What could make a target bad: an escape or a backslash anywhere, a dot segment (a query's too: conservative).
const suspect = /[%\\]|\/\.\.?(?:[/?#]|$)/

/**
 * Whether nothing about an origin-form target could be bad, known without
 * parsing it: no escape, backslash, dot segment or lone surrogate. (False
 * says only that a parse must tell.)
 *
 * @example
 * ```ts
 * surelyGood("/a/b?x=1") //=> true
 * surelyGood("/a/%20")   //=> false (the parse finds it good)
 * ```
 */
export function surelyGood(target: string): boolean {
  return target.charCodeAt(0) === 0x2f && !suspect.test(target) && isWellFormed(target)
}

/**
 * Parses a raw request target: origin-form (`/a/b?q=1`) or absolute-form
 * (`http://h/a/b?q=1`). Path segments are percent-decoded exactly once
 * (`%2F` stays inside its segment) and empty segments are dropped. The target
 * is bad (hosts answer 400) for a malformed escape, overlong UTF-8, a lone
 * surrogate (escaped or raw), a `.`/`..` segment in any spelling, a raw `\`, or an unknown form.
 *
 * @example
 * ```ts
 * parseTarget("/files/a%2Fb/?x=1").segments //=> ["files", "a/b"]
 * parseTarget("/x/%C0%AE").bad              //=> "malformed percent-encoding in the path"
 * ```
 */
export function parseTarget(target: string): ParsedTarget {
  // Some router's static path: a copy of its known parse, no splitting (see known-targets.ts).
  const known = knownParse(target)
  if (known !== undefined) return known
  let originForm: string | undefined = target
  if (target.charCodeAt(0) !== 47) originForm = originFormOf(target)
  if (originForm === undefined) {
    return { path: target, segments: [], query: emptyQuery, bad: targetMessages.targetNotPathOrUrl }
  }
  // A raw lone surrogate (only a JS string can carry one) is refused like its escaped spelling %ED%A0%80.
  if (!isWellFormed(originForm))
    return { path: originForm, segments: [], query: emptyQuery, bad: targetMessages.targetLoneSurrogate }
  // One pass over the path: its segments, where it ends (at `?` or `#`), and whether it holds a `\` or an escape
  // (most hold neither: then no segment needs decoding). Slicing at each `/` as the scan meets it costs a fifth
  // less than a scan and then a search per segment on V8 and JavaScriptCore alike.
  const segments: string[] = []
  let backslash = false
  let escaped = false
  let start = 1
  let pathEnd = 1
  for (; pathEnd < originForm.length; pathEnd++) {
    const code = originForm.charCodeAt(pathEnd)
    if (code === 0x2f) {
      if (pathEnd > start) segments.push(originForm.slice(start, pathEnd))
      start = pathEnd + 1
    } else if (code === 0x3f || code === 0x23) break
    else if (code === 0x5c) backslash = true
    else if (code === 0x25) escaped = true
  }
  if (pathEnd > start) segments.push(originForm.slice(start, pathEnd))
  const path = pathEnd === originForm.length ? originForm : originForm.slice(0, pathEnd)
  const bad = backslash ? targetMessages.targetBackslash : checkSegments(segments, escaped)
  let parsedQuery: ReturnType<typeof parseQuery> = noQuery
  if (originForm.charCodeAt(pathEnd) === 0x3f) {
    const hash = originForm.indexOf("#", pathEnd + 1)
    parsedQuery = parseQuery(originForm.slice(pathEnd + 1, hash < 0 ? originForm.length : hash))
  }
  return { path, segments, query: parsedQuery.query, bad: bad ?? parsedQuery.bad }
}

/**
 * Why the raw segments of a path make it bad (a malformed escape, a
 * `.`/`..` segment in any spelling), or undefined; each escaped segment is
 * decoded in place.
 */
function checkSegments(segments: string[], escaped: boolean): string | undefined {
  for (let i = 0; i < segments.length; i++) {
    let segment = segments[i] as string
    if (escaped) {
      const decoded = decodeComponent(segment)
      if (decoded === undefined) return targetMessages.targetBadEscapeInPath
      segments[i] = segment = decoded
    }
    // Two string comparisons per segment cost more than a length check that rules them out.
    if (segment.length <= 2 && (segment === "." || segment === "..")) return targetMessages.targetDotSegment
  }
  return undefined
}
