import type { Alternative } from "./shape.js"

/** A node of the literal-prefix view: alternatives (by rank) whose leading literals end here. */
interface LiteralNode {
  readonly children: Map<string, LiteralNode>
  readonly here: number[]
}

const newNode = (): LiteralNode => ({ children: new Map(), here: [] })

function describe(
  node: LiteralNode,
  path: string,
  inherited: readonly number[],
  alternatives: readonly Alternative[],
  out: Record<string, string[]>,
): void {
  const candidates = node.here.length === 0 ? inherited : [...inherited, ...node.here].sort((a, b) => a - b)
  if (node.here.length > 0 || path === "")
    out[path === "" ? "/" : path] = candidates.map((rank) => (alternatives[rank] as Alternative).shape.caseName)
  for (const [literal, child] of node.children) describe(child, path + "/" + literal, candidates, alternatives, out)
}

/**
 * The alternatives of a union keyed by their leading literal segments, each
 * key listing every case a request under that prefix may match (those of
 * the key and of its ancestors), in declaration order. Plain data for tests
 * and debugging: matching uses the typed segment trie, which also follows
 * one-segment fields.
 *
 * @example
 * ```ts
 * literalTree(alternativesOfUnion) //=> { "/": ["Home", "Any"], "/blog": ["Home", "Any", "Blog", "Post"] }
 * ```
 */
export function literalTree(alternatives: readonly Alternative[]): Record<string, string[]> {
  const root = newNode()
  alternatives.forEach((alternative, rank) => {
    let node = root
    for (let i = 0; i < alternative.prefix; i++) {
      const literal = (alternative.elements[i] as { literal: string }).literal
      let child = node.children.get(literal)
      if (!child) node.children.set(literal, (child = newNode()))
      node = child
    }
    node.here.push(rank)
  })
  const out = Object.create(null) as Record<string, string[]>
  describe(root, "", [], alternatives, out)
  return out
}
