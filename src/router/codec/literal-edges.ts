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
  // Most nodes of a large table have one edge: it is kept in two fields, and the Map and the length index are
  // made only when a second key comes (a 10,000-route table has tens of thousands of nodes).
  #onlyKey: string | undefined = undefined
  #onlyNode: Node | undefined = undefined
  #all: Map<string, Node> | undefined = undefined
  // Indexed by key length; most lengths hold a few keys.
  #byLength: Array<Bucket<Node> | undefined> | undefined = undefined

  /** The node under a key. */
  get(key: string): Node | undefined {
    if (this.#all !== undefined) return this.#all.get(key)
    return key === this.#onlyKey ? this.#onlyNode : undefined
  }

  /** Adds an edge (a key already present keeps its node). */
  set(key: string, node: Node): void {
    if (this.#all === undefined) {
      if (this.#onlyKey === undefined) {
        this.#onlyKey = key
        this.#onlyNode = node
        return
      }
      if (key === this.#onlyKey) return
      this.#all = new Map()
      this.#byLength = []
      this.#index(this.#onlyKey, this.#onlyNode as Node)
      this.#onlyKey = undefined
      this.#onlyNode = undefined
    }
    if (this.#all.has(key)) return
    this.#index(key, node)
  }

  #index(key: string, node: Node): void {
    ;(this.#all as Map<string, Node>).set(key, node)
    const byLength = this.#byLength as Array<Bucket<Node> | undefined>
    const bucket = (byLength[key.length] ??= { keys: [], nodes: [] })
    bucket.keys.push(key)
    bucket.nodes.push(node)
  }

  /** The node under a segment, as `get` gives it, on the routing hot path. */
  find(segment: string): Node | undefined {
    const byLength = this.#byLength
    if (byLength === undefined) return segment === this.#onlyKey ? this.#onlyNode : undefined
    const bucket = segment.length < byLength.length ? byLength[segment.length] : undefined
    if (bucket === undefined) return undefined
    const keys = bucket.keys
    if (keys.length > scanLimit) return (this.#all as Map<string, Node>).get(segment)
    for (let i = 0; i < keys.length; i++) if (keys[i] === segment) return bucket.nodes[i]
    return undefined
  }

  /** The edges in insertion order. */
  entries(): IterableIterator<[string, Node]> {
    if (this.#all !== undefined) return this.#all.entries()
    const only: Array<[string, Node]> = this.#onlyKey === undefined ? [] : [[this.#onlyKey, this.#onlyNode as Node]]
    return only[Symbol.iterator]()
  }
}
