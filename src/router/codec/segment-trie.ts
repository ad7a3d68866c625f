import { LiteralEdges } from "./literal-edges.js"
import { directBuildOf, type DirectBuild } from "./direct-build.js"
import { addByMethod, entriesFor, newMethodLists, type MethodLists } from "./method-lists.js"
import { widthOf } from "./path-codec.js"
import type { TextCodec } from "./scalar.js"
import type { Alternative, Element } from "./shape.js"

/**
 * One alternative of a union in the segment trie, with its declaration rank.
 *
 * @example
 * ```ts
 * const entry: TrieEntry = { rank: 0, alternative, tailWidth: () => 0, direct: directBuildOf(alternative) } // a whole path held by the trie
 * ```
 */
export interface TrieEntry {
  readonly rank: number
  readonly alternative: Alternative
  /** The fewest segments the elements after the trie's part take (0 when the trie holds the whole path). */
  readonly tailWidth: () => number
  /** For an alternative the trie holds whole (in `complete`): builds its value without matching it again. */
  readonly direct: DirectBuild | undefined
}

/**
 * A node of the typed segment trie. Each edge consumes exactly one segment:
 * a literal (Map lookup, so `__proto__` is a plain key) or a one-segment
 * text field (a `string` hole takes any segment, an `int` hole only what
 * its codec reads). An alternative ends at the node reached by its leading
 * literals and text fields: in `complete` when nothing follows, in `tails`
 * when a field of several segments (a tuple, a list, a nested union, a
 * wildcard…) follows and must be matched from there.
 *
 * @example
 * ```ts
 * const root = newSegmentNode()
 * insertAlternative(root, 0, alternative)
 * ```
 */
export interface SegmentNode {
  // Each part starts as a shared empty one and gets its own on the first write (insertAlternative): most nodes of
  // a large table hold one or two of the four, and a table of 10,000 routes has tens of thousands of nodes.
  literals: LiteralEdges<SegmentNode>
  /** `any`: the codec reads every segment (a string), so the walk need not call it. */
  holes: ReadonlyArray<{ readonly text: TextCodec; readonly any: boolean; readonly node: SegmentNode }>
  complete: MethodLists<TrieEntry>
  tails: MethodLists<TrieEntry>
}

// Shared by every node until it holds something of that kind (insertAlternative replaces them before writing;
// the lists are frozen, so a write that forgot to replace them throws).
const noLiterals: LiteralEdges<SegmentNode> = new LiteralEdges<SegmentNode>()
const noHoles: SegmentNode["holes"] = Object.freeze([])
const noEntries = Object.freeze({
  all: Object.freeze([]),
  other: Object.freeze([]),
  names: Object.freeze([]),
  lists: Object.freeze([]),
}) as unknown as MethodLists<TrieEntry>

/**
 * An empty trie node.
 *
 * @example
 * ```ts
 * newSegmentNode().literals.get("a") //=> undefined
 * ```
 */
export const newSegmentNode = (): SegmentNode => ({
  literals: noLiterals,
  holes: noHoles,
  complete: noEntries,
  tails: noEntries,
})

/**
 * Puts an alternative in the trie along its leading one-segment elements.
 * Returns how many elements the trie holds.
 *
 * @example
 * ```ts
 * insertAlternative(root, 3, blogPost) //=> 2 for "/blog/<id:int>"
 * ```
 */
export function insertAlternative(root: SegmentNode, rank: number, alternative: Alternative): number {
  const { elements } = alternative
  let node = root
  let depth = 0
  for (; depth < elements.length; depth++) {
    const element = elements[depth] as Element
    if ("literal" in element) {
      let child = node.literals.get(element.literal)
      if (!child) {
        if (node.literals === noLiterals) node.literals = new LiteralEdges()
        node.literals.set(element.literal, (child = newSegmentNode()))
      }
      node = child
      continue
    }
    const text = element.text
    if (text === undefined) break
    let edge = node.holes.find((hole) => hole.text === text)
    if (!edge) node.holes = [...node.holes, (edge = { text, any: text.kind === "string", node: newSegmentNode() })]
    node = edge.node
  }
  const from = depth
  const whole = depth === elements.length
  const tailWidth = whole
    ? nothingAfter
    : widthOf(() => {
        let width = 0
        for (let i = from; i < elements.length; i++) {
          const element = elements[i] as Element
          width += "literal" in element ? 1 : element.codec.minWidth()
        }
        return width
      })
  const entry: TrieEntry = { rank, alternative, tailWidth, direct: whole ? directBuildOf(alternative) : undefined }
  if (whole) addByMethod(node.complete === noEntries ? (node.complete = newMethodLists()) : node.complete, entry)
  else addByMethod(node.tails === noEntries ? (node.tails = newMethodLists()) : node.tails, entry)
  return depth
}

// Shared by compacted lists with no method-less entry (not frozen, like `none` below; never written after compaction).
const noOther: TrieEntry[] = []

// The tail width of every alternative the trie holds whole.
const nothingAfter = (): number => 0

/**
 * Gives every list of the trie exactly its length in memory, once all
 * alternatives are in (a list grown by `push` reserves 16 slots or more, and
 * a table of 10,000 routes has tens of thousands of them). One pass over
 * the nodes.
 *
 * @example
 * ```ts
 * for (const [rank, alternative] of alternatives.entries()) insertAlternative(root, rank, alternative)
 * compactTrie(root)
 * ```
 */
export function compactTrie(root: SegmentNode): void {
  const pending = [root]
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (node.complete !== noEntries) node.complete = compactLists(node.complete)
    if (node.tails !== noEntries) node.tails = compactLists(node.tails)
    for (const [, child] of node.literals.entries()) pending.push(child)
    for (const hole of node.holes) pending.push(hole.node)
  }
}

// A list equal to `all` (the usual case: every entry of a node takes the method) is `all` itself; the method
// names are shared between nodes that name the same methods. Nothing writes the lists after compaction.
function compactLists(lists: MethodLists<TrieEntry>): MethodLists<TrieEntry> {
  const all = lists.all.slice()
  const same = (list: readonly TrieEntry[]) => list.length === all.length && list.every((entry, i) => entry === all[i])
  const key = lists.names.join(" ")
  let names = sharedNames.get(key)
  if (names === undefined) sharedNames.set(key, (names = lists.names.slice()))
  return {
    all,
    other: lists.other.length === 0 ? noOther : same(lists.other) ? all : lists.other.slice(),
    names,
    lists: lists.lists.map((list) => (same(list) ? all : list.slice())),
  }
}

const sharedNames = new Map<string, string[]>()

const byRank = (a: TrieEntry, b: TrieEntry) => a.rank - b.rank

/**
 * The alternatives that may match `segments[at..]`, in declaration order:
 * those whose trie part reads the segments and whose rest fits in what is
 * left. Only a filter: each candidate is still matched in full, so the
 * first that matches is the first in declaration order that would have.
 * With `exact`, the match must end at the last segment. With `method`
 * (strict matching), alternatives that do not accept it are left out.
 * Undefined when the walk met no alternative at all (whatever the method;
 * then a lenient walk finds none either), an empty list when it met some
 * that the method or the length left out.
 * Every node is visited at most once (an edge consumes one segment), so the
 * walk costs at most the size of the trie whatever the request.
 *
 * @example
 * ```ts
 * candidatesOf(root, ["blog", "3"], 0, true, "GET") //=> [entry of Post]
 * ```
 */
export function candidatesOf(
  root: SegmentNode,
  segments: readonly string[],
  at: number,
  exact: boolean,
  method: string | undefined,
): readonly TrieEntry[] | undefined {
  return collect(root, segments, at, exact, method, undefined)
}

/** Both lists in rank order, as one new list (each is already in rank order). */
function merge(a: readonly TrieEntry[], b: readonly TrieEntry[]): TrieEntry[] {
  const out: TrieEntry[] = []
  let i = 0
  let j = 0
  while (i < a.length && j < b.length)
    out.push((a[i] as TrieEntry).rank < (b[j] as TrieEntry).rank ? (a[i++] as TrieEntry) : (b[j++] as TrieEntry))
  while (i < a.length) out.push(a[i++] as TrieEntry)
  while (j < b.length) out.push(b[j++] as TrieEntry)
  return out
}

// Met alternatives, none of them kept. Not frozen: a frozen array here would make the readers' loads polymorphic.
const none: readonly TrieEntry[] = []

// The common answer is one node's list, returned as it is: no copy, no sort. `more` was met, so never undefined.
const joined = (found: readonly TrieEntry[] | undefined, more: readonly TrieEntry[]): readonly TrieEntry[] =>
  more.length === 0 ? (found ?? none) : found === undefined || found.length === 0 ? more : merge(found, more)

const fits = (left: number) => (entry: TrieEntry) => entry.tailWidth() <= left

function collect(
  node: SegmentNode,
  segments: readonly string[],
  position: number,
  exact: boolean,
  method: string | undefined,
  found: readonly TrieEntry[] | undefined,
): readonly TrieEntry[] | undefined {
  // A loop while there is one way on (the usual case); a recursive call for each extra branch.
  for (;;) {
    const left = segments.length - position
    if ((!exact || left === 0) && node.complete.all.length > 0) found = joined(found, entriesFor(node.complete, method))
    if (node.tails.all.length > 0) {
      const fitting = entriesFor(node.tails, method).filter(fits(left))
      if (fitting.length > 0) found = joined(found, fitting)
      // Met only if one would fit with another method (a lenient walk keeps the same lengths).
      else if (found === undefined && (method === undefined ? false : node.tails.all.some(fits(left)))) found = none
    }
    if (left === 0) return found
    const segment = segments[position] as string
    let next = node.literals.find(segment)
    const holes = node.holes
    for (let i = 0; i < holes.length; i++) {
      const hole = holes[i] as SegmentNode["holes"][number]
      if (!hole.any && hole.text.fromText(segment) === undefined) continue
      if (next !== undefined) found = collect(next, segments, position + 1, exact, method, found)
      next = hole.node
    }
    if (next === undefined) return found
    node = next
    position++
  }
}

/**
 * The trie as plain data: each node where alternatives end, as a path with
 * `<kind>` for a text field and `…` after it when a longer field follows,
 * mapped to those alternatives' cases in declaration order.
 *
 * @example
 * ```ts
 * describeSegments(root) //=> { "/blog/<int>": ["Post"], "/files/…": ["Files"] }
 * ```
 */
export function describeSegments(root: SegmentNode): Record<string, string[]> {
  const out = Object.create(null) as Record<string, string[]>
  const walk = (node: SegmentNode, path: string) => {
    const names = (entries: readonly TrieEntry[]) =>
      [...entries].sort(byRank).map((entry) => entry.alternative.shape.caseName)
    const add = (key: string, entries: readonly TrieEntry[]) => {
      // Two holes of the same kind (two enums) print alike: their cases are listed together.
      if (entries.length > 0) out[key] = [...(out[key] ?? []), ...names(entries)]
    }
    add(path === "" ? "/" : path, node.complete.all)
    add(path + "/…", node.tails.all)
    for (const [literal, child] of node.literals.entries()) walk(child, path + "/" + literal)
    for (const hole of node.holes) walk(hole.node, path + "/<" + hole.text.kind + ">")
  }
  walk(root, "")
  return out
}
