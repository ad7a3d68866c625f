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

// Above this many literals at one segment, a branch is found by a map lookup.
const manyLiterals = 16

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
 * Large subtrees are written to `functions` and called.
 *
 * @example
 * ```ts
 * const functions: string[] = []
 * const body = tableTree(routes, 0, "  ", functions) // inside `match`, after `const c0 = 0`; then the functions
 * ```
 */
export function tableTree(routes: readonly Route[], depth: number, pad: string, functions: string[]): string {
  const here = `c${depth}`
  const ending = routes.filter((route) => route.pieces.length === depth)
  const going = routes.filter((route) => route.pieces.length > depth)
  let code =
    ending.length === 0
      ? `${pad}if (${here} === e) return null\n`
      : `${pad}if (${here} === e) {\n${leaf(ending, `${pad}  `)}${pad}  return null\n${pad}}\n`
  if (going.length === 0) return `${code}${pad}return null\n`
  // The segment runs to the next / inside the path, else to its end.
  const next = `c${depth + 1}`
  code += `${pad}const k${depth} = t.indexOf("/", ${here} + 1)\n`
  code += `${pad}const ${next} = k${depth} < 0 || k${depth} > e ? e : k${depth}\n`
  // The candidates by their literal here (the holes go on in every branch), each list in declaration order.
  const byLiteral = new Map<string, Route[]>()
  const holes: Route[] = []
  const position = new Map<Route, number>()
  going.forEach((route, index) => {
    position.set(route, index)
    const literal = literalOf(route.pieces[depth])
    if (literal === undefined) holes.push(route)
    else {
      const group = byLiteral.get(literal)
      if (group === undefined) byLiteral.set(literal, [route])
      else group.push(route)
    }
  })
  const withHoles = (group: readonly Route[]): Route[] => {
    const merged: Route[] = []
    let h = 0
    for (const route of group) {
      while (h < holes.length && (position.get(holes[h] as Route) as number) < (position.get(route) as number))
        merged.push(holes[h++] as Route)
      merged.push(route)
    }
    return merged.concat(holes.slice(h))
  }
  if (byLiteral.size > manyLiterals) {
    // Many literals here: a map from the segment to its branch (one lookup, not a comparison per literal).
    const table = `L${functions.length}`
    const literals = [...byLiteral.keys()]
    functions.push(`const ${table} = new Map(${JSON.stringify(literals.map((literal, i) => [literal, i]))})\n`)
    code += `${pad}switch (${table}.get(t.slice(${here} + 1, ${next}))) {\n`
    literals.forEach((literal, i) => {
      const list = withHoles(byLiteral.get(literal) as Route[])
      code += `${pad}  case ${i}: {\n${apart(list, depth + 1, `${pad}    `, functions)}${pad}  }\n`
    })
    code += `${pad}}\n`
  } else if (byLiteral.size > 0) {
    // Literals by length, then by first character, then compared in place: a branch taken returns.
    const byLength = new Map<number, Map<number, string[]>>()
    for (const literal of byLiteral.keys()) {
      let byFirst = byLength.get(literal.length)
      if (byFirst === undefined) byLength.set(literal.length, (byFirst = new Map()))
      const group = byFirst.get(literal.charCodeAt(0))
      if (group === undefined) byFirst.set(literal.charCodeAt(0), [literal])
      else group.push(literal)
    }
    code += `${pad}switch (${next} - ${here} - 1) {\n`
    for (const [length, byFirst] of byLength) {
      code += `${pad}  case ${length}:\n${pad}    switch (t.charCodeAt(${here} + 1)) {\n`
      for (const [first, group] of byFirst) {
        code += `${pad}      case ${first}:\n`
        for (const literal of group) {
          const list = withHoles(byLiteral.get(literal) as Route[])
          const test = literal.length === 1 ? "true" : `t.startsWith(${JSON.stringify(literal)}, ${here} + 1)`
          code += `${pad}        if (${test}) {\n${apart(list, depth + 1, `${pad}          `, functions)}${pad}        }\n`
        }
        code += `${pad}        break\n`
      }
      code += `${pad}    }\n${pad}    break\n`
    }
    code += `${pad}}\n`
  }
  if (holes.length === 0) return `${code}${pad}return null\n`
  return code + apart(holes, depth + 1, pad, functions)
}

// Engines optimize small functions only: a large subtree becomes a function of its own, given the cursors so far.
// Written once, as a function body; a small one is indented into place instead.
function apart(routes: readonly Route[], depth: number, pad: string, functions: string[]): string {
  const body = tableTree(routes, depth, "  ", functions)
  if (body.length < 2000)
    return body
      .split("\n")
      .map((line) => (line === "" ? line : pad + line.slice(2)))
      .join("\n")
  const cursors = Array.from({ length: depth + 1 }, (_, i) => `c${i}`).join(", ")
  const name = `f${functions.length}`
  functions.push(`function ${name}(m, t, e, ${cursors}) {\n${body}}\n`)
  return `${pad}return ${name}(m, t, e, ${cursors})\n`
}
