import { acceptsMethod } from "./alternative.js"
import { widthOf } from "./path-codec.js"
import type { TextCodec } from "./scalar.js"
import type { Alternative, Element } from "./shape.js"

/**
 * One alternative of a union in the segment trie, with its declaration rank.
 *
 * @example
 * ```ts
 * const entry: TrieEntry = { rank: 0, alternative, tailWidth: () => 0 } // a whole path held by the trie
 * ```
 */
export interface TrieEntry {
  readonly rank: number
  readonly alternative: Alternative
  /** The fewest segments the elements after the trie's part take (0 when the trie holds the whole path). */
  readonly tailWidth: () => number
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
  readonly literals: Map<string, SegmentNode>
  readonly holes: Array<{ readonly text: TextCodec; readonly node: SegmentNode }>
  readonly complete: TrieEntry[]
  readonly tails: TrieEntry[]
}

/**
 * An empty trie node.
 *
 * @example
 * ```ts
 * newSegmentNode().literals.size //=> 0
 * ```
 */
export const newSegmentNode = (): SegmentNode => ({ literals: new Map(), holes: [], complete: [], tails: [] })

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
      if (!child) node.literals.set(element.literal, (child = newSegmentNode()))
      node = child
      continue
    }
    const text = element.text
    if (text === undefined) break
    let edge = node.holes.find((hole) => hole.text === text)
    if (!edge) node.holes.push((edge = { text, node: newSegmentNode() }))
    node = edge.node
  }
  const from = depth
  const tailWidth = widthOf(() => {
    let width = 0
    for (let i = from; i < elements.length; i++) {
      const element = elements[i] as Element
      width += "literal" in element ? 1 : element.codec.minWidth()
    }
    return width
  })
  const entry: TrieEntry = { rank, alternative, tailWidth }
  if (depth === elements.length) node.complete.push(entry)
  else node.tails.push(entry)
  return depth
}

const byRank = (a: TrieEntry, b: TrieEntry) => a.rank - b.rank

/**
 * The alternatives that may match `segments[at..]`, in declaration order:
 * those whose trie part reads the segments and whose rest fits in what is
 * left. Only a filter: each candidate is still matched in full, so the
 * first that matches is the first in declaration order that would have.
 * With `exact`, the match must end at the last segment. With `method`
 * (strict matching), alternatives that do not accept it are left out.
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
  const found = collect(root, segments, at, exact, method, undefined)
  if (found !== undefined && found.length > 1) found.sort(byRank)
  return found
}

function collect(
  node: SegmentNode,
  segments: readonly string[],
  position: number,
  exact: boolean,
  method: string | undefined,
  found: TrieEntry[] | undefined,
): TrieEntry[] | undefined {
  const left = segments.length - position
  if (!exact || left === 0) {
    for (const entry of node.complete) {
      if (method === undefined || acceptsMethod(entry.alternative.methods, method)) (found ??= []).push(entry)
    }
  }
  for (const entry of node.tails) {
    if (entry.tailWidth() > left) continue
    if (method === undefined || acceptsMethod(entry.alternative.methods, method)) (found ??= []).push(entry)
  }
  if (left === 0) return found
  const segment = segments[position] as string
  const child = node.literals.get(segment)
  if (child) found = collect(child, segments, position + 1, exact, method, found)
  for (const hole of node.holes) {
    if (hole.text.fromText(segment) !== undefined) found = collect(hole.node, segments, position + 1, exact, method, found)
  }
  return found
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
    const names = (entries: readonly TrieEntry[]) => [...entries].sort(byRank).map((entry) => entry.alternative.shape.caseName)
    const add = (key: string, entries: readonly TrieEntry[]) => {
      // Two holes of the same kind (two enums) print alike: their cases are listed together.
      if (entries.length > 0) out[key] = [...(out[key] ?? []), ...names(entries)]
    }
    add(path === "" ? "/" : path, node.complete)
    add(path + "/…", node.tails)
    for (const [literal, child] of node.literals) walk(child, path + "/" + literal)
    for (const hole of node.holes) walk(hole.node, path + "/<" + hole.text.kind + ">")
  }
  walk(root, "")
  return out
}
