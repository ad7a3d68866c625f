/**
 * What a route table routes on the raw target, read off a declaration's
 * alternatives once: the routes it builds itself (literals and one-segment
 * `int` or `string` fields, every field in the path), the static paths it
 * answers from a map, and the leading literals under which the runtime
 * router decides (an alternative made of more: a query, a body, a wildcard,
 * another codec). `Router.Compile` writes it as code; `Router.Infer` walks
 * it as data (raw-table.ts). Both answer the same targets the same way.
 */
import type { Alternative, Element } from "../codec/shape.js"

/** One segment of a route: a literal, or a field read as a string or an int. */
export type Piece = { readonly literal: string } | { readonly name: string; readonly int: boolean }

/** A route the table builds itself: its pieces, accepted methods (HEAD where GET; undefined: any), tag, fields. */
export interface Route {
  readonly pieces: readonly Piece[]
  readonly methods: readonly string[] | undefined
  readonly tag: string
  readonly fields: readonly string[]
}

/** A static path the table answers from a map, with its route's tag and methods. */
export interface StaticPath {
  readonly path: string
  readonly tag: string
  readonly methods: readonly string[] | undefined
}

/**
 * A table's plan: its routes in declaration order, its static paths, and
 * the leading literals (as a path, `""` for none: every target) under
 * which the runtime router decides.
 */
export interface TablePlan {
  readonly routes: readonly Route[]
  readonly statics: readonly StaticPath[]
  readonly guards: readonly string[]
}

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

// A route with a literal no plain target can spell never takes one: left out (the runtime router has it).
const spelled = (alternative: Alternative): boolean =>
  alternative.elements.every((element) => !("literal" in element) || plainLiteral(element.literal))

// A complex alternative whose leading literals a plain target can spell (else it never takes one).
const spelledPrefix = (alternative: Alternative): boolean =>
  alternative.elements
    .slice(0, alternative.prefix)
    .every((element) => plainLiteral((element as { literal: string }).literal))

/**
 * The plan of a declaration's table, in time linear in its alternatives.
 *
 * @example
 * ```ts
 * const { routes, statics, guards } = tablePlan(inferredAlternatives(Router.Infer(Site)) ?? [])
 * ```
 */
export function tablePlan(alternatives: readonly Alternative[]): TablePlan {
  const routes = alternatives.filter((alternative) => isSimple(alternative) && spelled(alternative)).map(routeOf)
  // Static paths the table answers from a map: made of plain literals, and reached by no earlier alternative.
  const statics: StaticPath[] = []
  const earlier = newReach()
  for (const alternative of alternatives) {
    const segments = alternative.elements.map((element) => ("literal" in element ? element.literal : undefined))
    if (
      isSimple(alternative) &&
      alternative.prefix === alternative.elements.length &&
      spelled(alternative) &&
      !reaches(earlier, segments as string[], 0)
    ) {
      const { tag, methods } = routeOf(alternative)
      statics.push({ path: `/${segments.join("/")}`, tag, methods })
    }
    addReach(earlier, alternative)
  }
  // The runtime router decides any path a complex alternative may take: one whose leading literals match.
  const guards = alternatives
    .filter((alternative) => !isSimple(alternative) && spelledPrefix(alternative))
    .map((alternative) => {
      const prefix = alternative.elements.slice(0, alternative.prefix) as ReadonlyArray<{ readonly literal: string }>
      return prefix.length === 0 ? "" : `/${prefix.map((element) => element.literal).join("/")}`
    })
  return { routes, statics, guards }
}

/** The candidates at one segment: those whose path ends there, and those going on, by literal and as holes. */
export interface Candidates {
  readonly ending: readonly Route[]
  readonly going: readonly Route[]
  /** Each literal's candidates with the holes merged in (a hole goes on in every branch), in declaration order. */
  readonly byLiteral: ReadonlyMap<string, readonly Route[]>
  readonly holes: readonly Route[]
}

/**
 * How the candidates a target may still reach split at segment `depth`
 * (the compiled and the walked table branch on it alike).
 *
 * @example
 * ```ts
 * const { ending, byLiteral, holes } = candidatesAt(plan.routes, 0)
 * ```
 */
export function candidatesAt(routes: readonly Route[], depth: number): Candidates {
  const ending = routes.filter((route) => route.pieces.length === depth)
  const going = routes.filter((route) => route.pieces.length > depth)
  const literals = new Map<string, Route[]>()
  const holes: Route[] = []
  const position = new Map<Route, number>()
  going.forEach((route, index) => {
    position.set(route, index)
    const piece = route.pieces[depth] as Piece
    if (!("literal" in piece)) holes.push(route)
    else {
      const group = literals.get(piece.literal)
      if (group === undefined) literals.set(piece.literal, [route])
      else group.push(route)
    }
  })
  // A literal's group and the holes, merged by declaration order (linear in the two: no pass over every route).
  const byLiteral = new Map<string, readonly Route[]>()
  for (const [literal, group] of literals) {
    const merged: Route[] = []
    let h = 0
    for (const route of group) {
      while (h < holes.length && (position.get(holes[h] as Route) as number) < (position.get(route) as number))
        merged.push(holes[h++] as Route)
      merged.push(route)
    }
    byLiteral.set(literal, merged.concat(holes.slice(h)))
  }
  return { ending, going, byLiteral, holes }
}
