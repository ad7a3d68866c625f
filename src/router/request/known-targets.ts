import { PathMask } from "./path-mask.js"
import { emptyQuery, type ParsedTarget } from "./target.js"

/**
 * The static paths of every router built in this process, by raw path:
 * `"/user/repos"` → `["user", "repos"]`. A request target equal to one of
 * them splits into exactly those segments, with no query and nothing bad
 * about it (static tables keep only literals that are their own spelling
 * in a URL: no `/`, `%`, `?`, `#`, `\`, dot or empty literal), so
 * `parseTarget` answers with a copy of the known parse instead of splitting
 * the target: one Map lookup and one short array instead of a slice per
 * segment and the escape and dot-segment checks.
 *
 * Bounded by the code, not by traffic: only paths declared in templates and
 * descriptors are added, each once.
 */
const known = new Map<string, ParsedTarget>()
const mask = new PathMask()

/**
 * Records a static path (`"/" + literals.join("/")`, each literal plain as
 * above) and its literals; the same path always has the same literals, so
 * the first list recorded is kept (and returned: static tables compare
 * requests' segments with it).
 *
 * @example
 * ```ts
 * knownTarget("/user/repos", ["user", "repos"]) //=> ["user", "repos"]
 * ```
 */
export function knownTarget(path: string, literals: readonly string[]): readonly string[] {
  const found = known.get(path)
  if (found !== undefined) return found.segments
  const shared = [...literals]
  known.set(path, { path, segments: shared, query: emptyQuery, bad: undefined })
  mask.add(path)
  return shared
}

/**
 * The parsed form of a raw target that is a known static path (with its own
 * segments array), or undefined. Most other targets are told apart by their
 * length and last character, without hashing them.
 *
 * @example
 * ```ts
 * knownParse("/user/repos")?.segments //=> ["user", "repos"] (once a router declares it)
 * knownParse("/user/repos?x=1")       //=> undefined
 * ```
 */
export function knownParse(target: string): ParsedTarget | undefined {
  if (!mask.mayHold(target)) return undefined
  const found = known.get(target)
  // A fresh array per request: a handler that changes its request's segments changes no other request's.
  // (Not a frozen shared one either: frozen arrays reaching the trie walk make its element reads polymorphic, 15% slower.)
  return found && { path: found.path, segments: copy(found.segments), query: emptyQuery, bad: undefined }
}

/** A copy of a short list (array literals are allocated inline; `slice` is a builtin call). */
function copy(list: readonly string[]): string[] {
  switch (list.length) {
    case 0:
      return []
    case 1:
      return [list[0] as string]
    case 2:
      return [list[0] as string, list[1] as string]
    case 3:
      return [list[0] as string, list[1] as string, list[2] as string]
    default:
      return list.slice()
  }
}
