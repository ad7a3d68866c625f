/**
 * The route table walked as data: what `Router.Compile` writes as code,
 * built from the same plan (table-plan.ts) when a router is first asked,
 * and routing the same targets the same way — on the raw method and
 * target, before any request view: a map for static paths; then segment
 * by segment, the literals of its first character compared in place
 * (more than eight of one first character: the segment looked up by its
 * text; a segment that is none, where a hole may be, scanned for its end: an
 * escape, a backslash or a surrogate hands the request to the runtime
 * router), the candidates a target may still reach carried down in
 * declaration order so the first whose method and ints fit wins. Where
 * the hosts or `sitelets/compile` install it, every `Router.Infer` of a
 * union routes with it unless given a compiled table (or `{ rawTable:
 * false }`).
 */
import { boundary, intAt, plainFrom, plainMethod, plainQuery, segmentAt, segmentEnd } from "./raw-scan.js"
import type { TableMatch } from "../compiled-table.js"
import type { Alternative } from "../codec/shape.js"
import { candidatesAt, type Route, type StaticPath, type TablePlan, tablePlan } from "./table-plan.js"

// A route whose path ends at a node: its methods, tag, its holes by piece index, and its fields in order.
interface Leaf {
  readonly methods: readonly string[] | undefined
  /** Whether it accepts GET (the method nearly every request has: one test, not a search). */
  readonly get: boolean
  readonly tag: string
  readonly ints: readonly number[]
  readonly strings: readonly number[]
  readonly slots: ReadonlyArray<{ readonly name: string; readonly at: number; readonly int: boolean }>
}

// A literal at a node, chained with the others of its first character.
interface Branch {
  readonly literal: string
  readonly node: Node
  readonly next: Branch | undefined
}

// A node's literals by their first character (printable ASCII: a literal a plain target can spell), or, where more
// than a few share one first character, by their text.
interface Node {
  readonly ending: readonly Leaf[]
  readonly going: boolean
  readonly byFirst: ReadonlyArray<Branch | undefined> | undefined
  readonly byText: ReadonlyMap<string, Node> | undefined
  readonly holes: Node | undefined
}

// More literals than this of one first character at a node are looked up by text (the segment sliced at its end):
// a chain is walked literal by literal, and 10,000 literals under one segment made a request 40× slower.
const chainedAtMost = 8

function leafOf(route: Route): Leaf {
  const ints: number[] = []
  const strings: number[] = []
  const at = new Map<string, { at: number; int: boolean }>()
  route.pieces.forEach((piece, i) => {
    if ("literal" in piece) return
    ;(piece.int ? ints : strings).push(i)
    at.set(piece.name, { at: i, int: piece.int })
  })
  const slots = route.fields.map((name) => ({ name, ...(at.get(name) as { at: number; int: boolean }) }))
  const get = route.methods === undefined || route.methods.includes("GET")
  return { methods: route.methods, get, tag: route.tag, ints, strings, slots }
}

/** The node of the candidates below segment `depth`, in declaration order; equal lists share one node. */
function nodeOf(
  routes: readonly Route[],
  depth: number,
  index: ReadonlyMap<Route, number>,
  made: Map<string, Node>,
): Node {
  const key = `${depth}:${routes.map((route) => index.get(route)).join(",")}`
  const known = made.get(key)
  if (known !== undefined) return known
  const { ending, going, byLiteral, holes } = candidatesAt(routes, depth)
  const firsts = new Array<number>(128).fill(0)
  for (const literal of byLiteral.keys()) {
    const first = literal.charCodeAt(0)
    firsts[first] = (firsts[first] ?? 0) + 1
  }
  const chained = byLiteral.size > 0 && Math.max(...firsts) <= chainedAtMost
  const byFirst = chained ? new Array<Branch | undefined>(128).fill(undefined) : undefined
  const byText = byLiteral.size > 0 && !chained ? new Map<string, Node>() : undefined
  for (const [literal, merged] of byLiteral) {
    const next = nodeOf(merged, depth + 1, index, made)
    if (byText !== undefined) byText.set(literal, next)
    else {
      const first = literal.charCodeAt(0)
      ;(byFirst as Array<Branch | undefined>)[first] = { literal, node: next, next: byFirst?.[first] }
    }
  }
  const node: Node = {
    ending: ending.map(leafOf),
    going: going.length > 0,
    byFirst,
    byText,
    holes: holes.length > 0 ? nodeOf(holes, depth + 1, index, made) : undefined,
  }
  made.set(key, node)
  return node
}

// The value of a leaf's route on t: an endpoint, null when its method or an int does not fit (the next leaf is
// tried), undefined when a hole is empty, . or .. (the runtime router decides).
function leafValue(leaf: Leaf, m: string, t: string, cursors: number[], ints: number[]): object | null | undefined {
  if (m === "GET" ? !leaf.get : leaf.methods !== undefined && !leaf.methods.includes(m)) return null
  for (const i of leaf.ints) {
    const value = intAt(t, (cursors[i] as number) + 1, cursors[i + 1] as number)
    if (value === undefined) return null
    ints[i] = value
  }
  for (const i of leaf.strings)
    if (!segmentAt(t, (cursors[i] as number) + 1, cursors[i + 1] as number)) return undefined
  const value: Record<string, unknown> = { $: leaf.tag }
  for (const slot of leaf.slots)
    value[slot.name] = slot.int ? ints[slot.at] : t.slice((cursors[slot.at] as number) + 1, cursors[slot.at + 1])
  return value
}

// Whether t holds literal at i, its first character known to (the length is checked by the caller).
function sameText(t: string, i: number, literal: string): boolean {
  for (let k = 1; k < literal.length; k++) if (t.charCodeAt(i + k) !== literal.charCodeAt(k)) return false
  return true
}

// A miss at segment `depth`: null when the runtime router misses too, as it reads t as the table did (the segments
// before were compared or scanned: none may be empty, . or ..; the rest must be plain), else undefined (it decides).
function missAt(t: string, cursors: readonly number[], depth: number): null | undefined {
  for (let k = 0; k < depth; k++)
    if (!segmentAt(t, (cursors[k] as number) + 1, cursors[k + 1] as number)) return undefined
  return plainFrom(t, cursors[depth] as number) ? null : undefined
}

// The tree on the path from segment `depth` (cursors[depth]: the index of the / before it, or of the path's end).
function walk(
  node: Node,
  m: string,
  t: string,
  depth: number,
  cursors: number[],
  ints: number[],
): object | null | undefined {
  const here = cursors[depth] as number
  if (here >= t.length || t.charCodeAt(here) !== 47) {
    if (node.ending.length === 0) return missAt(t, cursors, depth)
    // A hit's query (or fragment) holds no escape.
    if (here < t.length && !plainQuery(t, here)) return undefined
    for (const leaf of node.ending) {
      const found = leafValue(leaf, m, t, cursors, ints)
      if (found !== null) return found
    }
    return missAt(t, cursors, depth)
  }
  if (!node.going) return missAt(t, cursors, depth)
  // A literal compared in place and followed by the segment's end: the segment is that literal, escape-free.
  if (node.byFirst !== undefined && here + 1 < t.length) {
    const first = t.charCodeAt(here + 1)
    for (let branch = first < 128 ? node.byFirst[first] : undefined; branch !== undefined; branch = branch.next) {
      const end = here + 1 + branch.literal.length
      if (end <= t.length && boundary(t, end) && sameText(t, here + 1, branch.literal)) {
        cursors[depth + 1] = end
        return walk(branch.node, m, t, depth + 1, cursors, ints)
      }
    }
  }
  if (node.byText !== undefined) {
    // Many literals: the segment's end (as for a hole, below), then the segment looked up by its text.
    const end = segmentEnd(t, here + 1)
    if (end < 0) return undefined
    cursors[depth + 1] = end
    const literal = node.byText.get(t.slice(here + 1, end))
    if (literal !== undefined) return walk(literal, m, t, depth + 1, cursors, ints)
    return node.holes === undefined ? missAt(t, cursors, depth) : walk(node.holes, m, t, depth + 1, cursors, ints)
  }
  if (node.holes === undefined) return missAt(t, cursors, depth)
  // A hole: the segment's end, found by a scan that leaves an escape, a backslash or a surrogate to the runtime router.
  const next = segmentEnd(t, here + 1)
  if (next < 0) return undefined
  cursors[depth + 1] = next
  return walk(node.holes, m, t, depth + 1, cursors, ints)
}

// The table of a plan, as a function: undefined for a plan with nothing to route (every case is the runtime router's).
function rawTable(plan: TablePlan): TableMatch | undefined {
  if (plan.routes.length === 0 && plan.statics.length === 0) return undefined
  // Each static path with whether it accepts GET (one test for nearly every request, not a search).
  const statics = new Map<string, StaticPath & { readonly get: boolean }>(
    plan.statics.map((path) => [
      path.path,
      { ...path, get: path.methods === undefined || path.methods.includes("GET") },
    ]),
  )
  // The lengths a static path has: a target of another length is not hashed for the map (a server's target is a
  // fresh string, hashed on its first lookup).
  const staticLengths = new Uint8Array(
    plan.statics.reduce((longest, path) => Math.max(longest, path.path.length), 0) + 1,
  )
  for (const path of plan.statics) staticLengths[path.path.length] = 1
  const index = new Map(plan.routes.map((route, i) => [route, i]))
  const root = nodeOf(plan.routes, 0, index, new Map())
  const depth = plan.routes.reduce((deepest, route) => Math.max(deepest, route.pieces.length), 0)
  const cursors = new Array<number>(depth + 2).fill(0)
  const ints = new Array<number>(depth + 1).fill(0)
  const guards = plan.guards
  const unsure = (t: string): boolean => {
    for (const guard of guards) if (guard === "" || (t.startsWith(guard) && boundary(t, guard.length))) return true
    return false
  }
  return (m, t) => {
    if (!plainMethod(m)) return undefined
    const hit = t.length < staticLengths.length && staticLengths[t.length] === 1 ? statics.get(t) : undefined
    if (hit !== undefined && (m === "GET" ? hit.get : hit.methods === undefined || hit.methods.includes(m)))
      return { $: hit.tag }
    if (t.length === 0 || t.charCodeAt(0) !== 47 || unsure(t)) return undefined
    // "/" has no segment: its path ends at 1.
    cursors[0] = t.length === 1 || t.charCodeAt(1) === 63 || t.charCodeAt(1) === 35 ? 1 : 0
    return walk(root, m, t, 0, cursors, ints)
  }
}

/**
 * The table of a declaration's alternatives walked as data (what the hosts
 * install with `installWalkedTables`).
 *
 * @example
 * ```ts
 * walkedTable(inferredAlternatives(Router.Infer(Site)) ?? [])?.("GET", "/")
 * ```
 */
export function walkedTable(alternatives: readonly Alternative[]): TableMatch | undefined {
  return rawTable(tablePlan(alternatives))
}
