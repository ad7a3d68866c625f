/**
 * The decision tree a compiled route table routes with, as source text:
 * on the raw target, segment by segment, with no pass over the target
 * first — literals told apart by their characters and compared whole in
 * place (more than 64 at one segment: one perfect hash of three of its
 * characters, or a map lookup, then the branch's function from an array);
 * no character read past the target's end; where a hole may
 * be, the segment's end found by a scan that hands an escape to the
 * runtime router, a hole checked to be a segment (not empty, `.` or `..`)
 * and sliced (or its int read) only for the value —
 * with every candidate a target may still reach carried down in
 * declaration order, so the first whose method and ints fit wins, as in
 * the runtime router.
 */

import { literalHash, literalSwitch } from "./compile-literals.js"
import { candidatesAt, type Route } from "./table-plan.js"

// Above this many literals at one segment, its branch is found by a hash and an array of functions (fewer: a
// switch on characters, which on the GitHub table, 21 and 28 literals at its widest segments, routes a quarter
// faster than the hash did).
const manyLiterals = 64

// The source a function may reach before its subtrees become functions of their own: engines optimize small
// functions only (V8: 60 KB of bytecode), and a table routed by an unoptimized function is slower than the runtime
// router (1,000 routes under one segment: 2.2× slower; 10,000: 8×).
const functionBudget = 16_000
// A subtree up to this long is written in place, when its siblings leave room.
const inlineAtMost = 2_000

/**
 * The test of a route's methods as source: `""` for any method (none to
 * test), `false` for none.
 *
 * @example
 * ```ts
 * methodTest(["GET", "HEAD"]) //=> 'm === "GET" || m === "HEAD"'
 * ```
 */
export const methodTest = (methods: readonly string[] | undefined): string =>
  methods === undefined
    ? ""
    : methods.length === 0
      ? "false"
      : methods.map((method) => `m === ${JSON.stringify(method)}`).join(" || ")

// The candidates whose path ends here, in declaration order: the first whose method and ints fit wins.
function leaf(routes: readonly Route[], pad: string): string {
  let code = ""
  for (const route of routes) {
    const names = new Map<string, string>()
    const ints: number[] = []
    const strings: number[] = []
    route.pieces.forEach((piece, i) => {
      if ("literal" in piece) return
      names.set(piece.name, piece.int ? `v${i}` : `t.slice(c${i} + 1, c${i + 1})`)
      ;(piece.int ? ints : strings).push(i)
    })
    // Fields in declaration order, as the runtime router builds the value.
    const value = `{ $: ${JSON.stringify(route.tag)}${route.fields.map((field) => `, ${JSON.stringify(field)}: ${names.get(field)}`).join("")} }`
    // A string hole is its text unless empty or a dot segment (the runtime router drops or refuses those).
    const plain =
      strings.length === 0
        ? ""
        : `if (!(${strings.map((i) => `segmentAt(t, c${i} + 1, c${i + 1})`).join(" && ")})) return undefined\n`
    const method = methodTest(route.methods)
    if (ints.length === 0 && plain === "") {
      code += `${pad}${method === "" ? "" : `if (${method}) `}return ${value}\n`
      continue
    }
    code += `${pad}if (${method === "" ? "true" : method}) {\n`
    for (const i of ints) code += `${pad}  const v${i} = intAt(t, c${i} + 1, c${i + 1})\n`
    const hit = `${plain === "" ? "" : `${pad}    ${plain}`}${pad}    return ${value}\n`
    code +=
      ints.length === 0
        ? `${pad}  ${plain}${pad}  return ${value}\n${pad}}\n`
        : `${pad}  if (${ints.map((i) => `v${i} !== undefined`).join(" && ")}) {\n${hit}${pad}  }\n${pad}}\n`
  }
  return code
}

// A miss at segment `depth`: null when the runtime router misses too, as it reads t as the table did (the holes
// before, `scanned`, are segments as they stand: not empty, . or ..; the rest of the path is plain), else undefined.
const miss = (depth: number, scanned: readonly number[]): string =>
  `return ${scanned.map((k) => `segmentAt(t, c${k} + 1, c${k + 1}) && `).join("")}plainFrom(t, c${depth}) ? null : undefined\n`

/**
 * The code where the path has ended at segment `depth` (`c<depth>` is its
 * end): the first of the routes `ending` there whose method and ints fit,
 * else a miss; a hit's query (or fragment) must hold no escape.
 *
 * @example
 * ```ts
 * const root = ended(candidatesAt(routes, 0).ending, 0, "    ", []) // "/": c0 is 1
 * ```
 */
export function ended(ending: readonly Route[], depth: number, pad: string, scanned: readonly number[]): string {
  const here = `c${depth}`
  const hit =
    ending.length === 0
      ? ""
      : `${pad}if (${here} < t.length && !plainQuery(t, ${here})) return undefined\n${leaf(ending, pad)}`
  return `${hit}${pad}${miss(depth, scanned)}`
}

/**
 * The tree below segment `depth` (`c<depth>` holds the index of the `/`
 * before it, or of the path's end: the target's length, its `?` or `#`),
 * for the candidates a target may still reach, the segments before it
 * that were holes being `scanned`; every branch returns (`null`: no case
 * takes the target; undefined: the runtime router decides). Large
 * subtrees are written to `functions` and called.
 *
 * @example
 * ```ts
 * const functions: string[] = []
 * const body = tableTree(routes, 0, "  ", functions, []) // the body of `walk(m, t)` after "/" and `const c0 = 0`; then the functions
 * ```
 */
export function tableTree(
  routes: readonly Route[],
  depth: number,
  pad: string,
  functions: string[],
  scanned: readonly number[],
): string {
  const here = `c${depth}`
  const { ending, going, byLiteral, holes } = candidatesAt(routes, depth)
  // The path has ended here unless a / is here. Not at the root: `walk` answers "/" apart (c0 is 1 there), and any
  // other target it hands on has a / at the constant c0 = 0.
  let code =
    depth === 0
      ? ""
      : `${pad}if (${here} >= t.length || t.charCodeAt(${here}) !== 47) {\n${ended(ending, depth, `${pad}  `, scanned)}${pad}}\n`
  if (going.length === 0) return `${code}${pad}${miss(depth, scanned)}`
  const holed = [...scanned, depth]
  const next = `c${depth + 1}`
  // Each branch written in place while the branches together stay within the function's budget.
  const room = Math.min(inlineAtMost, Math.floor(functionBudget / (byLiteral.size + (holes.length > 0 ? 1 : 0))))
  const subtree = (literal: string, inner: string) =>
    apart(byLiteral.get(literal) as Route[], depth + 1, `${inner}  `, functions, room, scanned)
  if (byLiteral.size > manyLiterals) {
    // Many literals: the segment's end by a scan, one hash for the branch (a perfect one on three characters, else
    // a map's), and the branch's function from an array (a switch of thousands of cases is too large to optimize).
    const table = `L${functions.length}`
    const literals = [...byLiteral.keys()]
    const hashed = literalHash(table, literals)
    functions.push(
      hashed ?? `const ${table} = new Map(${JSON.stringify(literals.map((literal, i) => [literal, i]))})\n`,
    )
    const branches = literals.map((literal) =>
      written(tableTree(byLiteral.get(literal) as Route[], depth + 1, "  ", functions, scanned), depth + 1, functions),
    )
    functions.push(`const ${table}F = [${branches.map((branch) => branch.name).join(", ")}]\n`)
    const tagged = branches.some((branch) => branch.tags !== undefined)
    if (tagged)
      functions.push(`const ${table}G = [${branches.map((branch) => branch.tags ?? "undefined").join(", ")}]\n`)
    code += `${pad}const ${next} = segmentEnd(t, ${here} + 1)\n${pad}if (${next} < 0) return undefined\n`
    const found =
      hashed === undefined ? `${table}.get(t.slice(${here} + 1, ${next})) ?? -1` : `${table}(t, ${here} + 1, ${next})`
    const cursors = cursorsTo(depth + 1)
    const tags = tagged ? `, ${table}G[b${depth}]` : ""
    code += `${pad}const b${depth} = ${found}\n${pad}if (b${depth} >= 0) return ${table}F[b${depth}](m, t, ${cursors}${tags})\n`
    return holes.length === 0
      ? `${code}${pad}${miss(depth, scanned)}`
      : code + apart(holes, depth + 1, pad, functions, room, holed)
  }
  if (holes.length === 0) {
    // Literals only: each compared in place and followed by a boundary; no scan for the segment's end.
    const branch = (literal: string, inner: string) =>
      `${inner}{\n${inner}  const ${next} = ${here} + ${literal.length + 1}\n${subtree(literal, inner)}${inner}}\n`
    return `${code}${literalSwitch([...byLiteral.keys()], here, false, new Set(), pad, branch)}${pad}${miss(depth, scanned)}`
  }
  // A hole here: the segment's end, found by a scan that leaves an escape (or a backslash) to the runtime router.
  code += `${pad}const ${next} = segmentEnd(t, ${here} + 1)\n${pad}if (${next} < 0) return undefined\n`
  if (byLiteral.size > 0) {
    // Literals by length, then by the characters that tell them apart.
    const byLength = new Map<number, string[]>()
    for (const literal of byLiteral.keys()) {
      const group = byLength.get(literal.length)
      if (group === undefined) byLength.set(literal.length, [literal])
      else group.push(literal)
    }
    const branch = (literal: string, inner: string) => `${inner}{\n${subtree(literal, inner)}${inner}}\n`
    code += `${pad}switch (${next} - ${here} - 1) {\n`
    for (const [length, group] of byLength)
      code += `${pad}  case ${length}:\n${literalSwitch(group, here, true, new Set(), `${pad}    `, branch)}${pad}    break\n`
    code += `${pad}}\n`
  }
  return code + apart(holes, depth + 1, pad, functions, room, holed)
}

// Engines optimize small functions only: a subtree longer than `room` becomes a function of its own, given the
// cursors so far. Written once, as a function body; a small one is indented into place instead.
function apart(
  routes: readonly Route[],
  depth: number,
  pad: string,
  functions: string[],
  room: number,
  scanned: readonly number[],
): string {
  const body = tableTree(routes, depth, "  ", functions, scanned)
  if (body.length <= room)
    return body
      .split("\n")
      .map((line) => (line === "" ? line : pad + line.slice(2)))
      .join("\n")
  const cursors = cursorsTo(depth)
  const { name, tags } = written(body, depth, functions)
  return `${pad}return ${name}(m, t, ${cursors}${tags === undefined ? "" : `, ${tags}`})\n`
}

// The cursors a function below segment `depth` is given: `c0, c1, …, c<depth>`.
const cursorsTo = (depth: number): string => Array.from({ length: depth + 1 }, (_, i) => `c${i}`).join(", ")

// The functions already written, by body with its tags taken out: subtrees that differ only in their cases' tags
// (a thousand `/items/<name>/<id:int>` under one segment) share one function, given their tags, so it is hot.
const bodies = new WeakMap<string[], Map<string, string>>()
const tagPattern = /\{ \$: ("(?:[^"\\]|\\.)*")/g

/**
 * The subtree below segment `depth` as a function of its own: its name,
 * and the constant holding the tags it is called with (undefined: none).
 */
function written(body: string, depth: number, functions: string[]): { name: string; tags: string | undefined } {
  const tags: string[] = []
  const shared = body.replace(tagPattern, (_, tag: string) => `{ $: g[${tags.push(tag) - 1}]`)
  let known = bodies.get(functions)
  if (known === undefined) bodies.set(functions, (known = new Map()))
  let name = known.get(shared)
  if (name === undefined) {
    name = `f${functions.length}`
    const cursors = cursorsTo(depth)
    functions.push(`function ${name}(m, t, ${cursors}${tags.length > 0 ? ", g" : ""}) {\n${shared}}\n`)
    known.set(shared, name)
  }
  if (tags.length === 0) return { name, tags: undefined }
  const constant = `G${functions.length}`
  functions.push(`const ${constant} = [${tags.join(", ")}]\n`)
  return { name, tags: constant }
}
