import type { CaseDescriptor, UnionDescriptor } from "../descriptor/descriptor.js"
import { caseTag } from "../descriptor/fields.js"
import { matchAlternative, writeAlternative } from "./alternative.js"
import { inField, LinkFailure } from "./link-error.js"
import type { MatchOutcome, MatchState, Next, PathCodec } from "./match-state.js"
import { routerMessages } from "./messages.js"
import { widthOf } from "./path-codec.js"
import { alternativeWidth } from "./shape-codec.js"
import { alternativesOf, type Alternative } from "./shape.js"
import { shadowedCases } from "./shadowed.js"

/** An alternative with its declaration rank (cases in order, then EndPoint strings in order). */
interface Ranked {
  readonly rank: number
  readonly alternative: Alternative
  readonly width: () => number
}

/**
 * A node of the literal-prefix trie: the alternatives whose literal prefix
 * ends here, and (`candidates`, filled after compiling) those of this node
 * and all its ancestors in declaration order: everything a request reaching
 * this node may match, with no merging at request time.
 */
interface TrieNode {
  readonly children: Map<string, TrieNode>
  readonly here: Ranked[]
  candidates: readonly Ranked[]
}

const newNode = (): TrieNode => ({ children: new Map(), here: [], candidates: [] })

function fillCandidates(node: TrieNode, inherited: readonly Ranked[]): void {
  node.candidates = node.here.length === 0 ? inherited : [...inherited, ...node.here].sort(byRank)
  for (const child of node.children.values()) fillCandidates(child, node.candidates)
}

/**
 * A union's compiled path codec, with its shadowed cases.
 *
 * @example
 * ```ts
 * unionCodec(Site, "Site").shadowed //=> []
 * ```
 */
export interface UnionCodec extends PathCodec {
  readonly shadowed: readonly string[]
  /**
   * Tries the static-path map first: when the rest of the path is exactly
   * the literal path of a case no earlier case can match, that case is tried
   * without walking the trie. Falls back to `parse`.
   */
  parseWhole(state: MatchState, at: number, next: Next): MatchOutcome
  /** The compiled trie as plain data (`"/blog"` → candidate cases in order), for tests and debugging. */
  tree(): Record<string, string[]>
}

function describeTree(node: TrieNode, path: string, out: Record<string, string[]>): Record<string, string[]> {
  if (node.here.length > 0 || path === "") out[path === "" ? "/" : path] = node.candidates.map((ranked) => ranked.alternative.shape.caseName)
  for (const [literal, child] of node.children) describeTree(child, path + "/" + literal, out)
  return out
}

const collecting = new WeakSet<readonly Ranked[]>()

/** This union's shadowed cases, then those of unions nested in its fields (`"Blog.Old (shadowed by Blog.New)"`). */
function collectShadowed(all: readonly Ranked[]): readonly string[] {
  if (collecting.has(all)) return []
  collecting.add(all)
  const out = shadowedCases(all.map((ranked) => ranked.alternative))
  const seen = new Set<unknown>()
  for (const { alternative } of all) {
    for (const element of alternative.elements) {
      if (!("field" in element) || seen.has(element.codec)) continue
      seen.add(element.codec)
      const nested = (element.codec as Partial<UnionCodec>).shadowed ?? []
      const prefix = alternative.shape.caseName + "."
      for (const entry of nested) out.push(prefix + entry.replace("(shadowed by ", "(shadowed by " + prefix))
    }
  }
  collecting.delete(all)
  return Object.freeze(out)
}

/** Alternatives made only of literals, keyed by their path, when no earlier alternative can reach the same path. */
function staticPaths(all: readonly Ranked[]): Map<string, Ranked> {
  const out = new Map<string, Ranked>()
  const literalsOf = (ranked: Ranked) =>
    ranked.alternative.elements.slice(0, ranked.alternative.prefix).map((element) => (element as { literal: string }).literal)
  all.forEach((ranked, index) => {
    const { alternative } = ranked
    if (alternative.prefix !== alternative.elements.length) return
    const path = literalsOf(ranked)
    const key = path.join("/")
    const reachable = all.slice(0, index).some((earlier) => {
      const literals = literalsOf(earlier)
      const isStatic = earlier.alternative.prefix === earlier.alternative.elements.length
      if (isStatic) return literals.join("/") === key
      return literals.length <= path.length && literals.every((literal, i) => literal === path[i])
    })
    if (!reachable && !out.has(key)) out.set(key, ranked)
  })
  return out
}

const byRank = (a: Ranked, b: Ranked) => a.rank - b.rank

/**
 * The path codec of a union: every case's alternatives are put in a trie by
 * their leading literal segments (Map lookups only, so `constructor` or
 * `__proto__` segments are plain keys). Matching walks the trie along the
 * request's segments, then tries the candidates found in declaration order,
 * each with full backtracking over its remaining elements. A candidate whose
 * remaining elements need more segments than are left is skipped.
 *
 * @example
 * ```ts
 * unionCodec(t.union({ Home: "GET /", Blog: "/blog/<id:int>" }), "Site")
 * ```
 */
export function unionCodec(descriptor: UnionDescriptor, where: string): UnionCodec {
  const root = newNode()
  const linkBy = new Map<string, Alternative>()
  const all: Ranked[] = []
  for (const key of Object.keys(descriptor.cases)) {
    const caseDescriptor = descriptor.cases[key] as CaseDescriptor
    const alternatives = alternativesOf(caseDescriptor, key, caseTag(key, caseDescriptor), key)
    linkBy.set(key, alternatives[0] as Alternative)
    for (const alternative of alternatives) {
      const ranked: Ranked = { rank: all.length, alternative, width: widthOf(() => alternativeWidth(alternative)) }
      all.push(ranked)
      let node = root
      for (let i = 0; i < alternative.prefix; i++) {
        const literal = (alternative.elements[i] as { literal: string }).literal
        let child = node.children.get(literal)
        if (!child) node.children.set(literal, (child = newNode()))
        node = child
      }
      node.here.push(ranked)
    }
  }
  const tryCandidate = (candidate: Ranked, state: MatchState, at: number, next: Next): MatchOutcome => {
    if (at + candidate.width() > state.segments.length) return undefined
    const { alternative } = candidate
    return matchAlternative(alternative, state, alternative.prefix, at + alternative.prefix, next)
  }
  const statics = staticPaths(all)
  let shadowed: readonly string[] | undefined
  fillCandidates(root, [])
  const parse = (state: MatchState, at: number, next: Next): MatchOutcome => {
    const segments = state.segments
    let node = root
    for (let i = at; i < segments.length; i++) {
      const child = node.children.get(segments[i] as string)
      if (!child) break
      node = child
    }
    for (const candidate of node.candidates) {
      const outcome = tryCandidate(candidate, state, at, next)
      if (outcome !== undefined) return outcome
    }
    return undefined
  }
  return {
    parse,
    parseWhole(state, at, next) {
      const segments = state.segments
      let key = ""
      for (let i = at; i < segments.length; i++) key += i === at ? segments[i] : "/" + segments[i]
      const found = statics.get(key)
      // Literals are compared again segment by segment, so a decoded "a/b" never passes for /a/b.
      const outcome = found && matchAlternative(found.alternative, state, 0, at, next)
      return outcome ?? parse(state, at, next)
    },
    write(value, out) {
      const tag = typeof value === "object" && value !== null ? (value as { $?: unknown }).$ : undefined
      const alternative = typeof tag === "string" ? linkBy.get(tag) : undefined
      if (!alternative) throw new LinkFailure(routerMessages.linkUnknownCase(tag), true)
      inField(tag as string, () => writeAlternative(alternative, value, out))
    },
    minWidth: widthOf(() => Math.min(...all.map((ranked) => ranked.width()))),
    tree: () => describeTree(root, "", Object.create(null) as Record<string, string[]>),
    get shadowed() {
      return (shadowed ??= collectShadowed(all))
    },
  }
}
