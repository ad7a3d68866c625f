/**
 * `Router.Compile`: a router of `Router.Infer` on a union, written as the
 * source of a plain ES module (no `eval`, no `new Function`: it runs on
 * Workers and under a strict CSP) whose `match(method, target)` routes the
 * requests it is sure of on the raw method and target, and hands every
 * other to the runtime router. Sure means: an origin-form target with no
 * escape (in its path or query), backslash or lone surrogate, no dot
 * segment and no empty one where it matters (a hole, or anywhere on a
 * miss), a method in upper case, and no alternative the target could reach
 * that is made of more than literals and `string` or `int` segments (then
 * the runtime router decides).
 */
import { compileMessages } from "./compile-messages.js"
import { inferredAlternatives, routeTableHash } from "./compiled-table.js"
import type { Router } from "./router.js"
import { tablePrelude } from "./compile-prelude.js"
import { type Route, tableTree } from "./compile-tree.js"
import type { Alternative, Element } from "./shape.js"

type FieldElement = Exclude<Element, { readonly literal: string }>

// A literal whose raw spelling in a target is itself (printable ASCII but / % ? # \\, not empty, . or ..): a static
// path made of these is its own raw target.
function plainLiteral(literal: string): boolean {
  if (literal === "" || literal === "." || literal === "..") return false
  for (let i = 0; i < literal.length; i++) {
    const code = literal.charCodeAt(i)
    if (code < 0x21 || code > 0x7e || code === 0x2f || code === 0x25 || code === 0x3f || code === 0x23 || code === 0x5c)
      return false
  }
  return true
}

// A case the table builds itself: literals and one-segment int or string fields, every field in the path.
function isSimple(alternative: Alternative): boolean {
  const { shape, elements } = alternative
  if (shape.json !== undefined || shape.params.length > 0 || shape.tag === undefined) return false
  const fields = elements.filter((element): element is FieldElement => !("literal" in element))
  if (fields.length !== shape.fields.length) return false
  return fields.every(
    (element) =>
      !element.wildcard &&
      element.name !== "__proto__" &&
      (element.text?.kind === "int" || element.text?.kind === "string"),
  )
}

function routeOf(alternative: Alternative): Route {
  const { methods, shape } = alternative
  return {
    pieces: alternative.elements.map((element) =>
      "literal" in element ? { literal: element.literal } : { name: element.name, int: element.text?.kind === "int" },
    ),
    // HEAD is answered by GET cases, as the runtime router answers it.
    methods:
      methods === undefined
        ? undefined
        : methods.has("GET") && !methods.has("HEAD")
          ? [...methods, "HEAD"]
          : [...methods],
    tag: shape.tag as string,
    fields: shape.fields.map((field) => field.name),
  }
}

// The paths earlier alternatives may take, as a trie: literal edges, a hole edge, where a path may end, and where
// a complex alternative's leading literals end (it may take anything under them). Methods and ints aside.
interface Reach {
  readonly literals: Map<string, Reach>
  hole: Reach | undefined
  end: boolean
  rest: boolean
}
const newReach = (): Reach => ({ literals: new Map(), hole: undefined, end: false, rest: false })

function addReach(root: Reach, alternative: Alternative): void {
  const simple = isSimple(alternative)
  const elements = simple ? alternative.elements : alternative.elements.slice(0, alternative.prefix)
  let node = root
  for (const element of elements) {
    if ("literal" in element) {
      let child = node.literals.get(element.literal)
      if (child === undefined) node.literals.set(element.literal, (child = newReach()))
      node = child
    } else node = node.hole ??= newReach()
  }
  if (simple) node.end = true
  else node.rest = true
}

// Whether an alternative in the trie may take the path of these literal segments.
function reaches(node: Reach, segments: readonly string[], at: number): boolean {
  if (node.rest) return true
  if (at === segments.length) return node.end
  const child = node.literals.get(segments[at] as string)
  return (
    (child !== undefined && reaches(child, segments, at + 1)) ||
    (node.hole !== undefined && reaches(node.hole, segments, at + 1))
  )
}

/**
 * The source of the ES module that routes `router`'s requests ahead of
 * time: `hash` (of the declaration: `Router.Infer(D, { compiled })` refuses
 * a table of another) and `match(method, target)` — the endpoint value,
 * `null` when no case takes the target, or `undefined` when the runtime
 * router must decide. Throws for a router that is not `Router.Infer` of a
 * union.
 *
 * @example
 * ```ts
 * writeFileSync("routes.compiled.js", Router.Compile(Router.Infer(Site)))
 * // later: Router.Infer(Site, { compiled: await import("./routes.compiled.js") })
 * ```
 */
export function compileRouter<Endpoint>(router: Router<Endpoint>, command = "Router.Compile"): string {
  const alternatives = inferredAlternatives(router as object)
  if (alternatives === undefined) throw new TypeError(compileMessages.compileNotInferred)
  // A route with a literal no plain target can spell never takes one: left out (the runtime router has it).
  const spelled = (alternative: Alternative) =>
    alternative.elements.every((element) => !("literal" in element) || plainLiteral(element.literal))
  const complex = alternatives.filter((alternative) => !isSimple(alternative))
  const routes = alternatives.filter((alternative) => isSimple(alternative) && spelled(alternative)).map(routeOf)
  // Static paths the table answers from a map: made of plain literals, and reached by no earlier alternative.
  const statics: string[] = []
  const earlier = newReach()
  for (const alternative of alternatives) {
    const segments = alternative.elements.map((element) => ("literal" in element ? element.literal : undefined))
    if (
      isSimple(alternative) &&
      alternative.prefix === alternative.elements.length &&
      spelled(alternative) &&
      !reaches(earlier, segments as string[], 0)
    ) {
      const route = routeOf(alternative)
      statics.push(
        `  [${JSON.stringify(`/${segments.join("/")}`)}, [${JSON.stringify(route.tag)}, ${route.methods === undefined ? "undefined" : JSON.stringify(route.methods)}]],`,
      )
    }
    addReach(earlier, alternative)
  }
  // The runtime router decides any path a complex alternative may take: one whose leading literals match.
  const guards = complex.filter(spelledPrefix).map((alternative) => {
    const prefix = alternative.elements.slice(0, alternative.prefix) as ReadonlyArray<{ readonly literal: string }>
    if (prefix.length === 0) return "  return true\n"
    const text = `/${prefix.map((element) => element.literal).join("/")}`
    return `  if (t.startsWith(${JSON.stringify(text)}) && boundary(t, ${text.length})) return true\n`
  })
  const functions: string[] = []
  const tree = tableTree(routes, 0, "  ", functions)
  return `// Generated by sitelets' Router.Compile: do not edit. After changing the declaration, rerun ${command}.
export const hash = ${JSON.stringify(routeTableHash(alternatives))}

${tablePrelude}
// Static paths no earlier case reaches: [tag, accepted methods (undefined: any)].
const statics = new Map([
${statics.join("\n")}
])

// Whether a case the table leaves to the runtime router may take the target's path.
function unsure(t) {
${guards.join("")}  return false
}

// A static path's endpoint, or undefined (apart from match: engines then inline the tree's first steps into match).
function staticHit(m, t) {
  const hit = statics.get(t)
  return hit !== undefined && (hit[1] === undefined || hit[1].includes(m)) ? { $: hit[0] } : undefined
}

/** The endpoint of a request, null when no case takes it, undefined when the runtime router decides. */
export function match(m, t) {
  if (!plainMethod(m)) return undefined
  const hit = staticHit(m, t)
  if (hit !== undefined) return hit
  if (t.length === 0 || t.charCodeAt(0) !== 47 || unsure(t)) return undefined
  const found = walk(m, t)
  // A hit's segments are as they stand (literals compared whole, holes scanned and checked); a miss is sure only
  // on a target the runtime router reads as this table does.
  return found === null && !sureMiss(t) ? undefined : found
}

// The tree on the path: an endpoint, null for none, undefined where the runtime router decides.
function walk(m, t) {
  // "/" has no segment: its path ends at 1.
  const c0 = t.length === 1 || t.charCodeAt(1) === 63 || t.charCodeAt(1) === 35 ? 1 : 0
${tree}}

${functions.join("\n")}`
}

// A complex alternative whose leading literals a plain target can spell (else it never takes one).
const spelledPrefix = (alternative: Alternative): boolean =>
  alternative.elements
    .slice(0, alternative.prefix)
    .every((element) => plainLiteral((element as { literal: string }).literal))
