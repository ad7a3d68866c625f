/**
 * The decision tree a compiled route table routes with, as source text:
 * on the raw target, segment by segment — a literal compared in place
 * (`startsWith` and the `/` or the path's end after it), a hole's end
 * found with `indexOf`, its text sliced (or its int read) only for the
 * value — with every candidate a target may still reach carried down in
 * declaration order, so the first whose method and ints fit wins, as in
 * the runtime router.
 */

/** One segment of a route: a literal, or a field read as a string or an int. */
export type Piece = { readonly literal: string } | { readonly name: string; readonly int: boolean }

/** A route the table builds itself: its pieces, accepted methods (HEAD where GET; undefined: any), tag, fields. */
export interface Route {
  readonly pieces: readonly Piece[]
  readonly methods: readonly string[] | undefined
  readonly tag: string
  readonly fields: readonly string[]
}

const literalOf = (piece: Piece | undefined): string | undefined =>
  piece !== undefined && "literal" in piece ? piece.literal : undefined

const methodTest = (methods: readonly string[] | undefined): string =>
  methods === undefined ? "" : methods.map((method) => `m === ${JSON.stringify(method)}`).join(" || ")

// The candidates whose path ends here, in declaration order: the first whose method and ints fit wins.
function leaf(routes: readonly Route[], pad: string): string {
  let code = ""
  for (const route of routes) {
    const names = new Map<string, string>()
    const ints: number[] = []
    route.pieces.forEach((piece, i) => {
      if ("literal" in piece) return
      names.set(piece.name, piece.int ? `v${i}` : `t.slice(c${i} + 1, c${i + 1})`)
      if (piece.int) ints.push(i)
    })
    // Fields in declaration order, as the runtime router builds the value.
    const value = `{ $: ${JSON.stringify(route.tag)}${route.fields.map((field) => `, ${JSON.stringify(field)}: ${names.get(field)}`).join("")} }`
    const method = methodTest(route.methods)
    if (ints.length === 0) {
      code += `${pad}${method === "" ? "" : `if (${method}) `}return ${value}\n`
      continue
    }
    code += `${pad}if (${method === "" ? "true" : method}) {\n`
    for (const i of ints) code += `${pad}  const v${i} = intAt(t, c${i} + 1, c${i + 1})\n`
    code += `${pad}  if (${ints.map((i) => `v${i} !== undefined`).join(" && ")}) return ${value}\n${pad}}\n`
  }
  return code
}

/**
 * The tree below segment `depth` (`c<depth>` holds where it starts: the `/`
 * before it, or `e` when the path has ended), for the candidates a target
 * may still reach; every branch returns (`null`: no case takes the target).
 *
 * @example
 * ```ts
 * const body = tableTree(routes, 0, "  ") // inside `match`, after `const c0 = 0`
 * ```
 */
export function tableTree(routes: readonly Route[], depth: number, pad: string): string {
  const here = `c${depth}`
  const ending = routes.filter((route) => route.pieces.length === depth)
  const going = routes.filter((route) => route.pieces.length > depth)
  let code =
    ending.length === 0
      ? `${pad}if (${here} === e) return null\n`
      : `${pad}if (${here} === e) {\n${leaf(ending, `${pad}  `)}${pad}  return null\n${pad}}\n`
  if (going.length === 0) return `${code}${pad}return null\n`
  const next = `c${depth + 1}`
  const literals = [
    ...new Set(going.map((route) => literalOf(route.pieces[depth])).filter((text) => text !== undefined)),
  ]
  for (const literal of literals) {
    const after = `${here} + ${literal.length + 1}`
    const list = going.filter((route) => {
      const text = literalOf(route.pieces[depth])
      return text === undefined || text === literal
    })
    code += `${pad}if (t.startsWith(${JSON.stringify(literal)}, ${here} + 1) && (${after} === e || t.charCodeAt(${after}) === 47)) {\n`
    code += `${pad}  const ${next} = ${after}\n${tableTree(list, depth + 1, `${pad}  `)}${pad}}\n`
  }
  const holes = going.filter((route) => literalOf(route.pieces[depth]) === undefined)
  if (holes.length === 0) return `${code}${pad}return null\n`
  // A hole: the segment runs to the next / inside the path, else to its end.
  code += `${pad}const k${depth} = t.indexOf("/", ${here} + 1)\n`
  code += `${pad}const ${next} = k${depth} < 0 || k${depth} > e ? e : k${depth}\n`
  return code + tableTree(holes, depth + 1, pad)
}
