/**
 * What an OpenAPI document calls each operation — its `operationId`,
 * `summary`, `description` and tags — from the declaration: the case's
 * `Doc` where it has one, else the case itself (its name, its path, the
 * part it is mounted under). Generators make function names from the ids
 * and linters ask for the rest, so none is left out and no id is a bare
 * method or a number added to a repeat.
 */
import type { DescribedRoute, DescribedSegment } from "../router/describe.js"

/** The names of one operation. */
export interface OperationNames {
  readonly operationId: string
  readonly summary: string
  readonly description: string
  readonly tags: readonly string[]
}

const isUpper = (c: string) => c >= "A" && c <= "Z"
const isLower = (c: string) => (c >= "a" && c <= "z") || (c >= "0" && c <= "9")

// "ListArticles" → "List articles"; "ArticleById" → "Article by id"; "HTMLPage" → "HTML page". A loop, not a pattern:
// a run of capitals read by a pattern backtracks.
function words(name: string): string {
  const found: string[] = []
  let word = ""
  for (let i = 0; i < name.length; i++) {
    const c = name[i]!
    if (c === "_" || c === "." || c === "-" || c === " ") {
      if (word !== "") found.push(word)
      word = ""
      continue
    }
    const before = name[i - 1] ?? ""
    const after = name[i + 1] ?? ""
    if (word !== "" && isUpper(c) && (isLower(before) || (isUpper(before) && isLower(after)))) {
      found.push(word)
      word = ""
    }
    word += c
  }
  if (word !== "") found.push(word)
  // A capitalized word is lower-cased after the first; an acronym (two capitals or more) stays.
  const written = found.map((part, i) => (i > 0 && !isUpper(part[1] ?? "") ? part.toLowerCase() : part)).join(" ")
  return written.charAt(0).toUpperCase() + written.slice(1)
}

const pascal = (text: string) =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter((part) => part !== "")
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("")

const segmentKey = (segment: DescribedSegment) => (segment.kind === "literal" ? `L${segment.text}` : `P${segment.name}`)

/** The OpenAPI path of a route, for sentences. */
export function pathText(route: DescribedRoute): string {
  return `/${route.segments.map((segment) => (segment.kind === "literal" ? segment.text : `{${segment.name}}`)).join("/")}`
}

/**
 * Names operations one at a time, in document order, keeping ids unique:
 * the case's `Doc.OperationId` (a repeat of one the user chose is an
 * error), else its name (`ListArticles`, `Admin.Messages`), either with the
 * method for a case of several (`Login_post`); a case that a path option or
 * wildcard spreads over several paths names each later path by what it
 * adds (`File`, `FilePath`).
 *
 * @example
 * ```ts
 * const names = new OperationNamer()
 * names.name(route, "get").operationId //=> "ListArticles"
 * ```
 */
export class OperationNamer {
  private readonly taken = new Set<string>()
  // The first path named by each id before any suffix (and the case it is), to name a later path by its difference.
  private readonly firstPaths = new Map<
    string,
    { readonly of: string; readonly segments: readonly DescribedSegment[] }
  >()

  /** An id for an operation the library adds (`Home.Options`), unique among the others. */
  reserve(base: string): string {
    let id = base
    for (let n = 2; this.taken.has(id); n++) id = `${base}_${n}`
    this.taken.add(id)
    return id
  }

  name(route: DescribedRoute, method: string): OperationNames {
    const chosen = route.doc?.OperationId
    const caseName = route.operation.length === 0 ? method : route.operation.join(".")
    // A case of several methods is one operation per method: each named with its method (`Login_post`).
    const named = chosen ?? caseName
    const base = (route.methods?.length ?? 1) > 1 ? `${named}_${method}` : named
    const of = `${route.operation.join(".")} ${method}`
    const known = this.firstPaths.get(base)
    if (chosen !== undefined && known !== undefined && known.of !== of)
      throw new TypeError(`OpenApi.Document: two operations have the id '${chosen}' (Doc OperationId)`)
    const first = known?.segments
    let id = base
    if (first === undefined) this.firstPaths.set(base, { of, segments: route.segments })
    else {
      const had = new Set(first.map(segmentKey))
      const added = route.segments.filter((segment) => !had.has(segmentKey(segment)))
      const has = new Set(route.segments.map(segmentKey))
      const lost = first.filter((segment) => !has.has(segmentKey(segment)))
      const parts = added.length > 0 ? added : lost
      const suffix = pascal(
        parts.map((segment) => (segment.kind === "literal" ? segment.text : segment.name)).join(" "),
      )
      id = `${base}${added.length > 0 ? "" : "Without"}${suffix}`
    }
    if (chosen !== undefined && first === undefined && this.taken.has(id))
      throw new TypeError(`OpenApi.Document: two operations have the id '${chosen}' (Doc OperationId)`)
    id = this.reserve(id)
    const path = pathText(route)
    const caseText = route.operation.length === 0 ? "" : ` the \`${route.operation.join(".")}\` case,`
    const summary =
      route.doc?.Summary ??
      (route.operation.length === 0
        ? `${method.toUpperCase()} ${path}`
        : words(route.operation.at(-1)!) + (route.operation.length > 1 ? ` (${words(route.operation[0]!)})` : ""))
    const description =
      route.doc?.Description ??
      (route.files
        ? `A file of the directory served at ${path}, with ETag, Last-Modified, 304 and byte ranges.`
        : `${method.toUpperCase()} ${path}:${caseText} as the declaration routes it.`.replace(":,", ":"))
    const first0 = route.segments[0]
    const tags =
      route.doc?.Tags ??
      (first0?.kind === "literal" ? [first0.text] : route.operation.length > 0 ? [route.operation[0]!] : ["root"])
    return { operationId: id, summary, description, tags }
  }
}
