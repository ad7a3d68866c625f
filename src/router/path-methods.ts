/**
 * The methods a router of `Router.Infer` accepts for a path, found in one
 * walk instead of one routing per candidate method: its cases on a
 * path-first trie, with their methods at the leaves. A case is on the trie
 * when its path is literals and one-segment scalar fields (its query, form,
 * header, cookie and JSON fields do not decide whether a method is allowed:
 * a wrong one is a field error, which counts); any other case (a wildcard,
 * an option, a list or a record in the path) marks the node its leading
 * literals reach, and a path through that node is left to the probing
 * answer.
 */
import { inferredAlternatives } from "./compiled-table.js"
import type { RouteRequest } from "./request.js"
import type { TextCodec } from "./scalar.js"
import type { Alternative } from "./shape.js"

interface MethodNode {
  readonly literals: Map<string, MethodNode>
  readonly holes: Array<{ readonly codec: TextCodec; readonly node: MethodNode }>
  /** The methods of the cases whose path ends here. */
  readonly methods: Set<string>
  /** A case without a method ends here: every method is allowed. */
  any: boolean
  /** A case off the trie may take any path through here. */
  unsure: boolean
}

const newNode = (): MethodNode => ({ literals: new Map(), holes: [], methods: new Set(), any: false, unsure: false })

function add(root: MethodNode, alternative: Alternative): void {
  const { elements } = alternative
  const onTrie = elements.every((element) => "literal" in element || (!element.wildcard && element.text !== undefined))
  let node = root
  for (const element of onTrie ? elements : elements.slice(0, alternative.prefix)) {
    if ("literal" in element) {
      let child = node.literals.get(element.literal)
      if (child === undefined) node.literals.set(element.literal, (child = newNode()))
      node = child
    } else {
      const codec = element.text as TextCodec
      let hole = node.holes.find((entry) => entry.codec === codec)
      if (hole === undefined) node.holes.push((hole = { codec, node: newNode() }))
      node = hole.node
    }
  }
  if (!onTrie) node.unsure = true
  else if (alternative.methods === undefined) node.any = true
  else for (const method of alternative.methods) node.methods.add(method)
}

const tries = new WeakMap<object, MethodNode | undefined>()

function trieOf(router: object): MethodNode | undefined {
  if (tries.has(router)) return tries.get(router)
  const alternatives = inferredAlternatives(router)
  let root: MethodNode | undefined
  if (alternatives !== undefined) {
    root = newNode()
    for (const alternative of alternatives) add(root, alternative)
  }
  tries.set(router, root)
  return root
}

// Every path through the trie the segments take: false when one passes a node left to probing.
function walk(
  node: MethodNode,
  segments: readonly string[],
  at: number,
  found: { any: boolean; methods: Set<string> },
) {
  if (node.unsure) return false
  if (at === segments.length) {
    found.any ||= node.any
    for (const method of node.methods) found.methods.add(method)
    return true
  }
  const segment = segments[at] as string
  const literal = node.literals.get(segment)
  if (literal !== undefined && !walk(literal, segments, at + 1, found)) return false
  for (const { codec, node: next } of node.holes)
    if (codec.fromText(segment) !== undefined && !walk(next, segments, at + 1, found)) return false
  return true
}

/**
 * The methods `router` accepts for the request's path from segment
 * `offset` (as declared: `HEAD` only where a case names it), `null` when
 * a case without a method takes it (every method is allowed), or
 * `undefined` when this cannot say: the router is not `Router.Infer`'s on
 * a union, the target is bad, or a case off the trie may take the path.
 *
 * @example
 * ```ts
 * pathMethods(Router.Infer(t.union({ A: "GET /a", B: "POST /a" })), createRouteRequest({ method: "PUT", target: "/a" }), 0)
 * //=> Set { "GET", "POST" }
 * ```
 */
export function pathMethods(
  router: object,
  request: RouteRequest,
  offset: number,
): ReadonlySet<string> | null | undefined {
  if (request.bad !== undefined || offset > request.segments.length) return undefined
  const root = trieOf(router)
  if (root === undefined) return undefined
  const found = { any: false, methods: new Set<string>() }
  if (!walk(root, offset === 0 ? request.segments : request.segments.slice(offset), 0, found)) return undefined
  return found.any ? null : found.methods
}
