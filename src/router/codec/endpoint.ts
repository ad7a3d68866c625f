import { codecMessages } from "./codec-messages.js"
import { decodeComponent } from "../request/percent.js"
import { isHttpToken } from "../../internal/http-token.js"

/**
 * One segment of an `EndPoint` path: a literal, or a hole placing a field.
 *
 * @example
 * ```ts
 * const segment: EndPointSegment = { hole: "path", rest: true } // <...path>
 * ```
 */
export type EndPointSegment = { readonly literal: string } | { readonly hole: string; readonly rest: boolean }

/**
 * An `EndPoint` string, parsed.
 *
 * @example
 * ```ts
 * parseEndPoint("/files/<...path>", "Files").segments.length //=> 2
 * ```
 */
export interface ParsedEndPoint {
  /** Upper-case methods, or undefined for every method. */
  readonly methods: readonly string[] | undefined
  readonly segments: readonly EndPointSegment[]
}

/**
 * Parses `"[METHOD[|METHOD…] ]/path"`. A segment `<field>` or `<...field>`
 * (an optional `:type` is ignored; templates have already typed the field)
 * places a field; any other segment is a literal, percent-decoded once. A
 * query part (`?…`) is ignored: query fields are known from the case's fields.
 *
 * @example
 * ```ts
 * parseEndPoint("GET|POST /article/<id>", "Article")
 * //=> { methods: ["GET", "POST"], segments: [{ literal: "article" }, { hole: "id", rest: false }] }
 * ```
 */
export function parseEndPoint(text: string, caseName: string): ParsedEndPoint {
  let path = text.trim()
  let methods: string[] | undefined
  if (!path.startsWith("/")) {
    const space = path.indexOf(" ")
    if (space < 0) throw new TypeError(codecMessages.endPointNoSlash(caseName, text))
    methods = path
      .slice(0, space)
      .split("|")
      .map((method) => method.trim().toUpperCase())
    for (const method of methods)
      if (!isHttpToken(method)) throw new TypeError(codecMessages.endPointBadMethod(caseName, text, method))
    path = path.slice(space + 1).trim()
    if (!path.startsWith("/")) throw new TypeError(codecMessages.endPointNoSlash(caseName, text))
  }
  const mark = path.indexOf("?")
  if (mark >= 0) path = path.slice(0, mark)
  const segments: EndPointSegment[] = []
  for (const raw of path.split("/")) {
    if (raw === "") continue
    if (raw.startsWith("<") && raw.endsWith(">")) {
      const rest = raw.startsWith("<...")
      const inner = raw.slice(rest ? 4 : 1, -1)
      const colon = inner.indexOf(":")
      segments.push({ hole: colon < 0 ? inner : inner.slice(0, colon), rest })
      continue
    }
    const literal = decodeComponent(raw)
    if (literal === undefined || literal === "." || literal === "..")
      throw new TypeError(codecMessages.endPointDotLiteral(caseName, text))
    segments.push({ literal })
  }
  return { methods, segments }
}
