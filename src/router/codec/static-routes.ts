import { knownTarget } from "../request/known-targets.js"
import type { Alternative } from "./shape.js"

/**
 * A case reached by its raw path alone: the methods it accepts and its tag.
 *
 * @example
 * ```ts
 * const route: StaticRoute = { methods: ["GET", "HEAD"], tag: "Repos", literals: ["user", "repos"] }
 * ```
 */
export interface StaticRoute {
  /** The accepted methods, HEAD added where GET is (scanned: one to three names beat a Set lookup); undefined for every method. */
  readonly methods: readonly string[] | undefined
  readonly tag: string
  /** The decoded segments the path stands for, compared before answering (a hand-made request may disagree with its path). */
  readonly literals: readonly string[]
}

const literalsOf = (alternative: Alternative): string[] =>
  alternative.elements.slice(0, alternative.prefix).map((element) => (element as { literal: string }).literal)

/**
 * A literal whose raw spelling in a target is itself, one segment long and
 * well-formed: then a raw path (or a raw target) equal to a key splits into
 * exactly the key's literals, with nothing bad about it.
 */
const plainLiteral = (literal: string): boolean =>
  literal !== "" && literal !== "." && literal !== ".." && !/[/%?#\\]/.test(literal)

const isStatic = (alternative: Alternative) => alternative.prefix === alternative.elements.length

/**
 * The static-path table of a union (rou3's map lookup before any tree
 * walk): raw path → case, for each alternative made only of literals that
 * has no field at all (no query, form or JSON field) and that no earlier alternative can
 * reach (an earlier static one with the same path, or an earlier one whose
 * leading literals are a prefix of it). Literals holding `/`, `%`, `?`, `#`
 * or `\` (or empty, `.`, `..`) are left out, so a raw path, or a raw target,
 * equal to a key has no escape, no query and splits into exactly the case's
 * literals: `/a%2Fb` never passes for `/a/b`.
 *
 * @example
 * ```ts
 * staticRoutes(alternatives).get("/user/repos") //=> { methods: ["GET", "HEAD"], tag: "R63", literals: ["user", "repos"] }
 * ```
 */
export function staticRoutes(alternatives: readonly Alternative[]): Map<string, StaticRoute> {
  const out = new Map<string, StaticRoute>()
  const taken = new Set<string>()
  // The leading literals of the non-static alternatives seen so far: a later static path under one of them is
  // reachable by that earlier alternative. A trie, so the table is built in one pass (linear in the routes).
  const blocking: PrefixNode = { blocks: false, children: new Map() }
  for (const alternative of alternatives) {
    const path = literalsOf(alternative)
    if (!isStatic(alternative)) {
      blockPrefix(blocking, path)
      continue
    }
    const key = "/" + path.join("/")
    const { shape } = alternative
    const plain = path.every(plainLiteral)
    if (taken.has(key) || isBlocked(blocking, path) || !plain || shape.tag === undefined || shape.fields.length > 0) {
      taken.add(key)
      continue
    }
    taken.add(key)
    out.set(key, { methods: acceptedList(alternative.methods), tag: shape.tag, literals: knownTarget(key, path) })
  }
  return out
}

// One list per distinct method set (exactly sized, shared by every static route that accepts those methods).
const sharedLists = new Map<ReadonlySet<string>, readonly string[]>()
function acceptedList(methods: ReadonlySet<string> | undefined): readonly string[] | undefined {
  if (methods === undefined) return undefined
  let list = sharedLists.get(methods)
  if (list === undefined) {
    const given = [...methods]
    list = given.includes("GET") && !given.includes("HEAD") ? [...given, "HEAD"] : given
    sharedLists.set(methods, list)
  }
  return list
}

interface PrefixNode {
  blocks: boolean
  readonly children: Map<string, PrefixNode>
}

function blockPrefix(root: PrefixNode, literals: readonly string[]): void {
  let node = root
  for (const literal of literals) {
    let child = node.children.get(literal)
    if (child === undefined) node.children.set(literal, (child = { blocks: false, children: new Map() }))
    node = child
  }
  node.blocks = true
}

/** Whether some recorded prefix is a prefix of `literals` (the empty one included). */
function isBlocked(root: PrefixNode, literals: readonly string[]): boolean {
  let node: PrefixNode | undefined = root
  for (let i = 0; node !== undefined; i++) {
    if (node.blocks) return true
    if (i === literals.length) return false
    node = node.children.get(literals[i] as string)
  }
  return false
}

/**
 * The endpoint a static route gives for a request, or undefined when the
 * route does not accept the method or the request's segments are not the
 * route's literals.
 *
 * @example
 * ```ts
 * staticEndpoint(route, ["user", "repos"], "HEAD") //=> { $: "R63" }
 * ```
 */
export function staticEndpoint(
  route: StaticRoute,
  segments: readonly string[],
  method: string,
): { $: string } | undefined {
  const { literals } = route
  if (segments.length !== literals.length || !staticAccepts(route, method)) return undefined
  for (let i = 0; i < literals.length; i++) if (segments[i] !== literals[i]) return undefined
  return { $: route.tag }
}

/**
 * Whether a static route accepts a method (HEAD wherever GET is).
 *
 * @example
 * ```ts
 * staticAccepts({ methods: ["GET", "HEAD"], tag: "R63", literals: ["user", "repos"] }, "POST") //=> false
 * ```
 */
export function staticAccepts(route: StaticRoute, method: string): boolean {
  const methods = route.methods
  if (methods === undefined) return true
  for (let i = 0; i < methods.length; i++) if (methods[i] === method) return true
  return false
}
