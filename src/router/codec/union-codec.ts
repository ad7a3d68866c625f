import type { CaseDescriptor, UnionDescriptor } from "../../descriptor/descriptor.js"
import { caseTag } from "../../descriptor/fields.js"
import { matchAlternative, writeAlternative } from "./alternative.js"
import { inField, LinkFailure } from "../link/link-error.js"
import type { MatchOutcome, MatchState, Next, PathCodec } from "./match-state.js"
import type { RouteRequest } from "../request/request.js"
import { linkUnknownCase } from "../link/link-messages.js"
import { widthOf } from "./path-codec.js"
import { alternativeWidth } from "./shape-codec.js"
import { alternativesOf, type Alternative } from "./shape.js"
import { shadowedCases } from "./shadowed.js"
import {
  candidatesOf,
  compactTrie,
  describeSegments,
  insertAlternative,
  newSegmentNode,
  type TrieEntry,
} from "./segment-trie.js"
import { literalTree } from "./literal-trie.js"
import { urlWriterOf, type UrlWriter } from "./link-string.js"
import { staticEndpoint, staticRoutes } from "./static-routes.js"
import { PathMask } from "../request/path-mask.js"

/**
 * A union's compiled path codec, with its shadowed cases.
 *
 * @example
 * ```ts
 * unionCodec(Site, "Site").shadowed() //=> []
 * ```
 */
export interface UnionCodec extends PathCodec {
  /** Computed on first call (a pass over every pair of cases). */
  shadowed(): readonly string[]
  /**
   * Like `parse` for a continuation that accepts only the end of the
   * segments: candidates whose path cannot end there are not tried.
   */
  parseWhole(state: MatchState, at: number, next: Next): MatchOutcome
  /**
   * The endpoint of a request whose raw path (`"/user/repos"`) is the whole
   * literal path of a case that no earlier case can match and that reads no
   * query, form or JSON field, when that case accepts the method; else
   * undefined (the caller then matches the segments as usual).
   */
  staticRoute(path: string, segments: readonly string[], method: string): unknown
  /**
   * A strict match of the whole of `request.segments[at..]` when the
   * candidates it meets can be built directly (see `directBuildOf`): the
   * endpoint, or undefined for no match; `nowhere` when no case has this
   * path at all, whatever the method or query (a lenient match finds
   * nothing either); `unsure` when a candidate needs the general matcher (a
   * multi-segment field, a form or JSON field).
   */
  routeDirect(request: RouteRequest, at: number): unknown
  /** The direct URL writer of a case (see `urlWriterOf`), or undefined when it has none or `tag` names no case. */
  urlWriter(tag: unknown): UrlWriter | undefined
  /** Every alternative in declaration order (for describing the routes: an OpenAPI document). */
  alternatives(): readonly Alternative[]
  /** The literal-prefix view of the cases (`"/blog"` → candidate cases in order), for tests and debugging. */
  tree(): Record<string, string[]>
  /** The typed segment trie (`"/blog/<int>"` → cases ending there, in order), for tests and debugging. */
  segmentTree(): Record<string, string[]>
}

/**
 * `routeDirect`'s answer when the general matcher must decide.
 *
 * @example
 * ```ts
 * codec.routeDirect(request, 0) === unsure // then match with parseWhole
 * ```
 */
export const unsure: unique symbol = Symbol("unsure")

/**
 * `routeDirect`'s answer when no case has the path, whatever the method or
 * query: `Sitelet.InferWithErrors` then skips its lenient pass.
 *
 * @example
 * ```ts
 * codec.routeDirect(request, 0) === nowhere // a 404 in every way
 * ```
 */
export const nowhere: unique symbol = Symbol("nowhere")

const collecting = new WeakSet<readonly Alternative[]>()

/** This union's shadowed cases, then those of unions nested in its fields (`"Blog.Old (shadowed by Blog.New)"`). */
function collectShadowed(all: readonly Alternative[]): readonly string[] {
  if (collecting.has(all)) return []
  collecting.add(all)
  const out = shadowedCases(all)
  const seen = new Set<unknown>()
  for (const alternative of all) {
    for (const element of alternative.elements) {
      if (!("field" in element) || seen.has(element.codec)) continue
      seen.add(element.codec)
      const nested = (element.codec as Partial<UnionCodec>).shadowed?.() ?? []
      const prefix = alternative.shape.caseName + "."
      for (const entry of nested) out.push(prefix + entry.replace("(shadowed by ", "(shadowed by " + prefix))
    }
  }
  collecting.delete(all)
  return Object.freeze(out)
}

/**
 * The path codec of a union: every case's alternatives are put in a typed
 * segment trie along their literals and one-segment fields (Map lookups
 * only, so `constructor` or `__proto__` segments are plain keys). Matching
 * walks every branch the request's segments can take, keeps the
 * alternatives that accept the method (in a strict pass) and whose rest fits
 * in the segments left, then tries them in declaration order, each with full
 * backtracking over its remaining elements: the first that matches is the
 * one the declaration order picks. Static paths are also kept in a table
 * keyed by the raw path (`staticRoute`), and each case has a direct URL
 * writer (`urlWriter`) when its path is made of literals and text fields.
 *
 * @example
 * ```ts
 * unionCodec(t.union({ Home: "GET /", Blog: "/blog/<id:int>" }), "Site")
 * ```
 */
export function unionCodec(descriptor: UnionDescriptor, where: string): UnionCodec {
  const linkBy = new Map<string, Alternative>()
  // Direct URL writers are made on a case's first link (null: the case has none): a large table whose cases are
  // mostly never linked on the server keeps no writer for them.
  const urlBy = new Map<string, UrlWriter | null>()
  // Every alternative in declaration order (cases in order, then each case's EndPoint strings in order): the rank.
  const alternatives: Alternative[] = []
  const segmentRoot = newSegmentNode()
  for (const key of Object.keys(descriptor.cases)) {
    const caseDescriptor = descriptor.cases[key] as CaseDescriptor
    const ofCase = alternativesOf(caseDescriptor, key, caseTag(key, caseDescriptor), key)
    linkBy.set(key, ofCase[0] as Alternative)
    for (const alternative of ofCase) {
      alternatives.push(alternative)
      insertAlternative(segmentRoot, alternatives.length - 1, alternative)
    }
  }
  compactTrie(segmentRoot)
  const staticTable = staticRoutes(alternatives)
  // Which (length, last character) pairs static paths have: most other paths skip hashing the path.
  const staticMask = new PathMask()
  for (const path of staticTable.keys()) staticMask.add(path)
  let shadowed: readonly string[] | undefined
  const tryCandidates = (
    candidates: readonly TrieEntry[] | undefined,
    state: MatchState,
    at: number,
    next: Next,
  ): MatchOutcome => {
    if (candidates === undefined) return undefined
    // Unless wrong methods are allowed, candidates accept the method (the trie's lists are split by method).
    const methodChecked = !state.wrongMethod
    // Direct builders are strict (a failed field is no match), so only the strict pass uses them.
    const strict = !state.lenient
    for (const { alternative, direct } of candidates) {
      if (strict && direct !== undefined) {
        const value = direct(state.request, state.segments, at)
        const outcome = value === undefined ? undefined : next(value, at + alternative.elements.length)
        if (outcome !== undefined) return outcome
        continue
      }
      const outcome = matchAlternative(
        alternative,
        state,
        alternative.prefix,
        at + alternative.prefix,
        next,
        methodChecked,
      )
      if (outcome !== undefined) return outcome
    }
    return undefined
  }
  // In the wrong-method pass a case whose method is wrong still matches (with an error), so all methods are candidates.
  const methodOf = (state: MatchState) => (state.wrongMethod ? undefined : state.request.method)
  const parse = (state: MatchState, at: number, next: Next): MatchOutcome =>
    tryCandidates(candidatesOf(segmentRoot, state.segments, at, false, methodOf(state)), state, at, next)
  return {
    parse,
    parseWhole: (state, at, next) =>
      tryCandidates(candidatesOf(segmentRoot, state.segments, at, true, methodOf(state)), state, at, next),
    routeDirect(request, at) {
      const segments = request.segments
      const candidates = candidatesOf(segmentRoot, segments, at, true, request.method)
      if (candidates === undefined) return nowhere
      for (let i = 0; i < candidates.length; i++) {
        const direct = (candidates[i] as TrieEntry).direct
        if (direct === undefined) return unsure
        const value = direct(request, segments, at)
        if (value !== undefined) return value
      }
      return undefined
    },
    urlWriter(tag) {
      if (typeof tag !== "string") return undefined
      let writer = urlBy.get(tag)
      if (writer === undefined) {
        const alternative = linkBy.get(tag)
        if (alternative === undefined) return undefined
        urlBy.set(tag, (writer = urlWriterOf(alternative) ?? null))
      }
      return writer ?? undefined
    },
    staticRoute(path, segments, method) {
      if (!staticMask.mayHold(path)) return undefined
      const found = staticTable.get(path)
      return found && staticEndpoint(found, segments, method)
    },
    write(value, out) {
      const tag = typeof value === "object" && value !== null ? (value as { $?: unknown }).$ : undefined
      const alternative = typeof tag === "string" ? linkBy.get(tag) : undefined
      if (!alternative) throw new LinkFailure(linkUnknownCase(tag), true)
      inField(tag as string, () => writeAlternative(alternative, value, out))
    },
    minWidth: widthOf(() => {
      let min = Number.POSITIVE_INFINITY
      for (const alternative of alternatives) min = Math.min(min, alternativeWidth(alternative))
      return min
    }),
    tree: () => literalTree(alternatives),
    alternatives: () => alternatives,
    segmentTree: () => describeSegments(segmentRoot),
    // A method, not a getter: an object literal with an accessor is a dictionary in V8 (every property read a lookup).
    shadowed: () => (shadowed ??= collectShadowed(alternatives)),
  }
}
