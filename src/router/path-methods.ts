/**
 * The methods a router accepts for a path (for `405` and `Allow`), found
 * without routing the path once per method where the router's make-up is
 * known: a router of `Router.Infer` keeps its cases on a path-first trie,
 * with their methods at the leaves, and answers in one walk; `Sum`
 * answers with the union of its parts', `Shift` strips its prefix, `Map`
 * and `Embed` answer as the router they wrap, `Single` takes its one path
 * with any method. A case is on the trie when
 * its path is literals and one-segment scalar fields (its query, form,
 * header, cookie and JSON fields do not decide whether a method is
 * allowed: a wrong one is a field error, which counts); any other case (a
 * wildcard, an option, a list or a record in the path) marks the node its
 * leading literals reach. A path through such a node, a bad target and a
 * router of any other make-up are asked once per candidate method (the
 * common ones and every one a case declares), as hosts did before.
 */
import { isPromise, type MaybePromise } from "../internal/maybe-promise.js"
import { inferredAlternatives } from "./compiled-table.js"
import { compositionOf } from "./composition.js"
import { noBody, noHeaders, type RouteRequest } from "./request/request.js"
import type { Router } from "./router.js"
import type { TextCodec } from "./codec/scalar.js"
import { type Alternative, declaredMethods } from "./codec/shape.js"

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
 * `undefined` when this walk cannot say: the router is not `Router.Infer`'s
 * on a union, the target is bad, or a case off the trie may take the path.
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
  if (!walk(root, request.segments, offset, found)) return undefined
  return found.any ? null : found.methods
}

/** The methods of a path: whether a case without a method takes it, and the methods cases name. */
export interface PathMethods {
  readonly any: boolean
  readonly methods: ReadonlySet<string>
}

const none: PathMethods = { any: false, methods: new Set() }

// Asked of every router probed (a `Router.New` router declares nothing); a case's own methods are added.
const commonMethods = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "QUERY"]
// No case names it: a router that accepts it for a path accepts every method there (a method-less case).
const anyMethod = "SITELETS-ANY-METHOD"

/**
 * The request with another method, no headers and an empty body: a case
 * that reads a body answers with an error result (its path and method
 * matched), and the real body is never touched (Connect's `next()` still
 * gets it whole).
 */
function probe(request: RouteRequest, method: string): RouteRequest {
  return {
    method,
    path: request.path,
    segments: request.segments,
    query: request.query,
    headers: noHeaders,
    body: noBody,
    bad: undefined,
    bodyLimits: request.bodyLimits,
  }
}

// Whether the router accepts the path with this method: a result other than a wrong method (a field error counts).
function accepts(
  router: Router<unknown>,
  request: RouteRequest,
  offset: number,
  method: string,
): MaybePromise<boolean> {
  const result = router.route(probe(request, method), offset, true)
  return isPromise(result)
    ? result.then((settled) => settled !== undefined && settled.$ !== "InvalidMethod")
    : result !== undefined && result.$ !== "InvalidMethod"
}

/**
 * The methods the router accepts for the path, by routing it once per
 * candidate method: the answer for a router of any make-up.
 *
 * @example
 * ```ts
 * probedPathMethods(Router.New(route, link), request, 0) //=> { any: false, methods: Set { "GET" } }
 * ```
 */
export function probedPathMethods(
  router: Router<unknown>,
  request: RouteRequest,
  offset: number,
): MaybePromise<PathMethods> {
  const candidates = [...new Set([...commonMethods, ...declaredMethods()])]
  const answers = [anyMethod, ...candidates].map((method) => accepts(router, request, offset, method))
  const collect = (accepted: readonly boolean[]): PathMethods => ({
    any: accepted[0] as boolean,
    methods: new Set(candidates.filter((_, index) => accepted[index + 1])),
  })
  return answers.some(isPromise) ? Promise.all(answers).then(collect) : collect(answers as boolean[])
}

// Every part's methods together: a method any part accepts is accepted (as Sum routes it).
function union(parts: readonly PathMethods[]): PathMethods {
  const methods = new Set<string>()
  for (const part of parts) for (const method of part.methods) methods.add(method)
  return { any: parts.some((part) => part.any), methods }
}

/**
 * The methods the router accepts for the request's path from segment
 * `offset`: from its make-up where it is known (the trie of a router of
 * `Router.Infer`, the parts of `Sum`, `Shift`, `Map` and `Embed`), by
 * probing where it is not.
 *
 * @example
 * ```ts
 * methodsOfPath(Router.Shift("api", Router.Infer(Api)), createRouteRequest({ method: "PUT", target: "/api/users/1" }), 0)
 * //=> { any: false, methods: Set { "GET", "DELETE" } }
 * ```
 */
export function methodsOfPath(
  router: Router<unknown>,
  request: RouteRequest,
  offset: number,
): MaybePromise<PathMethods> {
  const composition = compositionOf(router)
  if (composition === undefined || request.bad !== undefined) {
    const walked = pathMethods(router, request, offset)
    if (walked !== undefined)
      return walked === null ? { any: true, methods: new Set() } : { any: false, methods: walked }
    return probedPathMethods(router, request, offset)
  }
  switch (composition.kind) {
    case "same":
      return methodsOfPath(composition.inner, request, offset)
    case "fallback":
      // A last resort takes any request: its methods are nobody's to allow.
      return none
    case "shift": {
      const { segments, inner } = composition
      for (let i = 0; i < segments.length; i++) if (request.segments[offset + i] !== segments[i]) return none
      return methodsOfPath(inner, request, offset + segments.length)
    }
    case "single": {
      // One path: any method, or those it lists.
      const { segments, methods } = composition
      if (request.segments.length - offset !== segments.length) return none
      for (let i = 0; i < segments.length; i++) if (request.segments[offset + i] !== segments[i]) return none
      return methods === undefined ? { any: true, methods: new Set() } : { any: false, methods: new Set(methods) }
    }
    case "sum": {
      const parts = composition.parts.map((part) => methodsOfPath(part, request, offset))
      return parts.some(isPromise) ? Promise.all(parts).then(union) : union(parts as PathMethods[])
    }
  }
}
