/**
 * The literal edges of a segment-trie node. Keys are grouped by length and
 * a segment is compared with the few keys of its length: cheaper than
 * hashing it, since every request brings fresh segment strings. A Map keeps
 * every key too (any name, `__proto__` included, is a plain key), used when
 * one length holds many keys.
 */

// Past this many keys of one length, hashing the segment beats comparing it with each key.
const scanLimit = 8

interface Bucket<Node> {
  readonly keys: string[]
  readonly nodes: Node[]
}

/**
 * A node's literal edges.
 *
 * @example
 * ```ts
 * const edges = new LiteralEdges<string>()
 * edges.set("repos", "node")
 * edges.find("repos") //=> "node"
 * ```
 */
export class LiteralEdges<Node> {
  readonly all = new Map<string, Node>()
  // Indexed by key length; most lengths hold a few keys.
  readonly byLength: Array<Bucket<Node> | undefined> = []

  /** The node under a key. */
  get(key: string): Node | undefined {
    return this.all.get(key)
  }

  /** Adds an edge (a key already present keeps its node). */
  set(key: string, node: Node): void {
    if (this.all.has(key)) return
    this.all.set(key, node)
    const bucket = (this.byLength[key.length] ??= { keys: [], nodes: [] })
    bucket.keys.push(key)
    bucket.nodes.push(node)
  }

  /** The node under a segment, as `get` gives it, on the routing hot path. */
  find(segment: string): Node | undefined {
    const bucket = segment.length < this.byLength.length ? this.byLength[segment.length] : undefined
    if (bucket === undefined) return undefined
    const keys = bucket.keys
    if (keys.length > scanLimit) return this.all.get(segment)
    for (let i = 0; i < keys.length; i++) if (keys[i] === segment) return bucket.nodes[i]
    return undefined
  }

  /** The edges in insertion order. */
  entries(): IterableIterator<[string, Node]> {
    return this.all.entries()
  }
}
