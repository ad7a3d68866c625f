/**
 * `Router.Compile`: a router of `Router.Infer` on a union, written as the
 * source of a plain ES module (no `eval`, no `new Function`: it runs on
 * Workers and under a strict CSP) whose `match(method, target)` routes the
 * requests it is sure of on the raw method and target, and hands every
 * other to the runtime router. Sure means: an origin-form ASCII target
 * with no escape, backslash or dot segment and no escape in its query, a
 * method in upper case, and, in declaration order, alternatives made of
 * literals and `string` or `int` segments only, up to the first one the
 * target could reach that is not (then the runtime router decides).
 */
import { compileMessages } from "./compile-messages.js"
import { inferredAlternatives, routeTableHash } from "./compiled-table.js"
import type { Router } from "./router.js"
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

type Piece = { readonly literal: string } | { readonly name: string; readonly int: boolean }

/** A simple alternative as the table reads it: its pieces, accepted methods (HEAD where GET), tag and fields. */
interface Route {
  readonly pieces: readonly Piece[]
  readonly methods: readonly string[] | undefined
  readonly tag: string
  readonly fields: readonly string[]
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

const literalOf = (piece: Piece | undefined): string | undefined =>
  piece !== undefined && "literal" in piece ? piece.literal : undefined

// Whether an alternative may match a path of these literal segments (holes match any, methods and ints aside).
const mayMatch = (alternative: Alternative, segments: readonly string[]): boolean =>
  isSimple(alternative)
    ? alternative.elements.length === segments.length &&
      alternative.elements.every((element, i) => !("literal" in element) || element.literal === segments[i])
    : alternative.elements
        .slice(0, alternative.prefix)
        .every((element, i) => (element as { literal: string }).literal === segments[i])

const methodTest = (methods: readonly string[] | undefined): string =>
  methods === undefined ? "" : `(${methods.map((method) => `m === ${JSON.stringify(method)}`).join(" || ")})`

// The value, fields in declaration order as the runtime router builds it.
function valueOf(route: Route, names: ReadonlyMap<string, string>): string {
  return `{ $: ${JSON.stringify(route.tag)}${route.fields.map((field) => `, ${JSON.stringify(field)}: ${names.get(field)}`).join("")} }`
}

// The candidates left at the end of the path, in declaration order: the first whose method and ints fit wins.
function leaf(routes: readonly Route[], pad: string): string {
  let code = ""
  for (const route of routes) {
    const names = new Map<string, string>()
    const ints: number[] = []
    route.pieces.forEach((piece, i) => {
      if ("literal" in piece) return
      names.set(piece.name, piece.int ? `v${i}` : `s[${i}]`)
      if (piece.int) ints.push(i)
    })
    const value = valueOf(route, names)
    const method = methodTest(route.methods)
    if (ints.length === 0) {
      code += `${pad}${method === "" ? "" : `if (${method}) `}return ${value}\n`
      continue
    }
    code += `${pad}if (${method === "" ? "true" : method}) {\n`
    for (const i of ints) code += `${pad}  const v${i} = int(s[${i}])\n`
    code += `${pad}  if (${ints.map((i) => `v${i} !== undefined`).join(" && ")}) return ${value}\n${pad}}\n`
  }
  return code
}

// A decision tree over positions: a switch where candidates differ by literal, holes carried into every branch.
function tree(routes: readonly Route[], position: number, length: number, pad: string): string {
  if (position === length) return leaf(routes, pad)
  const literals = [
    ...new Set(routes.map((route) => literalOf(route.pieces[position])).filter((text) => text !== undefined)),
  ]
  if (literals.length === 0) return tree(routes, position + 1, length, pad)
  const holes = routes.filter((route) => literalOf(route.pieces[position]) === undefined)
  const branch = (list: readonly Route[]) => `${tree(list, position + 1, length, `${pad}    `)}${pad}    return null\n`
  let code = `${pad}switch (s[${position}]) {\n`
  for (const literal of literals) {
    const list = routes.filter((route) => {
      const text = literalOf(route.pieces[position])
      return text === undefined || text === literal
    })
    code += `${pad}  case ${JSON.stringify(literal)}: {\n${branch(list)}${pad}  }\n`
  }
  return `${code}${pad}  default: {\n${branch(holes)}${pad}  }\n${pad}}\n`
}

const prelude = `// The runtime router's int: -?[0-9]+, at most 17 characters, a safe integer (-0 read as 0).
function int(t) {
  if (t.length > 17) return undefined
  let i = t.charCodeAt(0) === 45 ? 1 : 0
  if (i === t.length) return undefined
  for (; i < t.length; i++) {
    const c = t.charCodeAt(i)
    if (c < 48 || c > 57) return undefined
  }
  const v = Number(t)
  return Number.isSafeInteger(v) ? v + 0 : undefined
}

// The segments of an origin-form ASCII target with no escape, backslash or dot segment (empty segments
// dropped, as the runtime router drops them), or undefined; a query with an escape is the runtime's too.
function segmentsOf(target) {
  if (target.charCodeAt(0) !== 47) return undefined
  const s = []
  let start = 1
  let end = 1
  for (; end < target.length; end++) {
    const c = target.charCodeAt(end)
    if (c === 47) {
      if (end > start) s.push(target.slice(start, end))
      start = end + 1
    } else if (c === 63 || c === 35) break
    else if (c === 37 || c === 92 || c >= 128) return undefined
  }
  if (end > start) s.push(target.slice(start, end))
  for (let i = end; i < target.length; i++) {
    const c = target.charCodeAt(i)
    if (c === 37 || c >= 128) return undefined
  }
  for (const segment of s) if (segment === "." || segment === "..") return undefined
  return s
}

// Upper-case ASCII (the runtime router upper-cases a method; this table leaves any other to it).
function plainMethod(m) {
  for (let i = 0; i < m.length; i++) {
    const c = m.charCodeAt(i)
    if ((c >= 97 && c <= 122) || c >= 128) return false
  }
  return true
}
`

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
  const complex = alternatives.filter((alternative) => !isSimple(alternative))
  const routes = alternatives.filter(isSimple).map(routeOf)
  // Static paths the table answers from a map: made of plain literals, and reached by no earlier alternative.
  const statics: string[] = []
  alternatives.forEach((alternative, index) => {
    if (!isSimple(alternative) || alternative.prefix !== alternative.elements.length) return
    const segments = alternative.elements.map((element) => (element as { literal: string }).literal)
    if (!segments.every(plainLiteral)) return
    if (alternatives.slice(0, index).some((earlier) => mayMatch(earlier, segments))) return
    const route = routeOf(alternative)
    statics.push(
      `  [${JSON.stringify(`/${segments.join("/")}`)}, [${JSON.stringify(route.tag)}, ${route.methods === undefined ? "undefined" : JSON.stringify(route.methods)}]],`,
    )
  })
  // The runtime router decides any path a complex alternative may take: one whose leading literals match.
  const guards = complex.map((alternative) => {
    const prefix = alternative.elements.slice(0, alternative.prefix) as ReadonlyArray<{ readonly literal: string }>
    return `  if (s.length >= ${prefix.length}${prefix.map((element, i) => ` && s[${i}] === ${JSON.stringify(element.literal)}`).join("")}) return true\n`
  })
  const lengths = [...new Set(routes.map((route) => route.pieces.length))].sort((a, b) => a - b)
  const byLength = lengths
    .map(
      (length) =>
        `    case ${length}: {\n${tree(
          routes.filter((route) => route.pieces.length === length),
          0,
          length,
          "      ",
        )}      return null\n    }\n`,
    )
    .join("")
  return `// Generated by sitelets' Router.Compile: do not edit. After changing the declaration, rerun ${command}.
export const hash = ${JSON.stringify(routeTableHash(alternatives))}

${prelude}
// Static paths no earlier case reaches: [tag, accepted methods (undefined: any)].
const statics = new Map([
${statics.join("\n")}
])

// Whether a case the table leaves to the runtime router may take the path.
function unsure(s) {
${guards.join("")}  return false
}

/** The endpoint of a request, null when no case takes it, undefined when the runtime router decides. */
export function match(m, target) {
  if (!plainMethod(m)) return undefined
  const hit = statics.get(target)
  if (hit !== undefined && (hit[1] === undefined || hit[1].includes(m))) return { $: hit[0] }
  const s = segmentsOf(target)
  if (s === undefined || unsure(s)) return undefined
  switch (s.length) {
${byLength}  }
  return null
}
`
}
