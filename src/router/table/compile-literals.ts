/**
 * How a compiled route table tells the literals of one segment apart, as
 * source text: a switch on the character at the position that splits them
 * most, recursively, then the one literal left compared whole in place.
 * Where the segment's length is known (a scan found its end) the literals
 * are of that length; where it is not (every candidate here is a literal,
 * so no scan is needed), the literal must be followed by the path's end,
 * a `/`, `?` or `#`.
 */

// Up to this many characters left to compare, a literal is compared by character codes; beyond, with startsWith.
const shortLiteral = 16

/**
 * The source that finds which of `literals` the segment after `cursor`
 * (the index of the `/` before it) is; `branch` writes what follows a
 * literal, and the code falls out (`break`) when none is the segment.
 * `sized`: the literals are all of the segment's known length.
 *
 * @example
 * ```ts
 * literalSwitch(["repos", "users"], "c0", true, new Set(), "  ", (literal, pad) => `${pad}{ return "${literal}" }\n`)
 * // switch (t.charCodeAt(c0 + 1)) { case 114: if (t.charCodeAt(c0 + 2) === 101 && …) { return "repos" } break … }
 * ```
 */
export function literalSwitch(
  literals: readonly string[],
  cursor: string,
  sized: boolean,
  known: ReadonlySet<number>,
  pad: string,
  branch: (literal: string, pad: string) => string,
): string {
  const at = (i: number) => `t.charCodeAt(${cursor} + ${i + 1})`
  // Unsized, a position may be past the target's end: read only within it (a read past it costs a deoptimization
  // per site in V8, and a table has hundreds of sites).
  const within = (i: number) => `${cursor} + ${i + 1} < t.length`
  // The positions every literal has (all of them when sized), not yet switched on.
  const shortest = Math.min(...literals.map((literal) => literal.length))
  let best = -1
  let most = 1
  for (let i = 0; i < shortest; i++) {
    if (known.has(i)) continue
    const distinct = new Set(literals.map((literal) => literal.charCodeAt(i))).size
    if (distinct > most) [best, most] = [i, distinct]
  }
  if (best < 0) {
    // One literal (or several alike as far as the shortest goes): each compared whole, the longest first.
    let code = ""
    for (const literal of [...literals].sort((a, b) => b.length - a.length)) {
      const left = [...literal].map((_, i) => i).filter((i) => !known.has(i))
      const tests =
        left.length <= shortLiteral
          ? left.map((i) => `${at(i)} === ${literal.charCodeAt(i)}`)
          : [`t.startsWith(${JSON.stringify(literal)}, ${cursor} + 1)`]
      if (!sized) {
        if (left.length > 0) tests.unshift(within(literal.length - 1))
        tests.push(`boundary(t, ${cursor} + ${literal.length + 1})`)
      }
      code +=
        tests.length === 0
          ? branch(literal, pad)
          : `${pad}if (${tests.join(" && ")}) ${branch(literal, pad).trimStart()}`
    }
    return code
  }
  const groups = new Map<number, string[]>()
  for (const literal of literals) {
    const code = literal.charCodeAt(best)
    const group = groups.get(code)
    if (group === undefined) groups.set(code, [literal])
    else group.push(literal)
  }
  const seen = new Set(known).add(best)
  let code = `${pad}switch (${sized ? at(best) : `${within(best)} ? ${at(best)} : -1`}) {\n`
  for (const [char, group] of groups)
    code += `${pad}  case ${char}:\n${literalSwitch(group, cursor, sized, seen, `${pad}    `, branch)}${pad}    break\n`
  return `${code}${pad}}\n`
}

// The hash family: a segment's length, the characters at `from`, at `back` from its end and in its middle (0 beyond it).
interface HashShape {
  readonly from: number
  readonly back: number
  readonly times: number
  readonly size: number
}
const hashOf = (literal: string, { from, back, times, size }: HashShape): number => {
  const n = literal.length
  const a = from < n ? literal.charCodeAt(from) : 0
  const b = back < n ? literal.charCodeAt(n - 1 - back) : 0
  return ((n * times) ^ (a * 7) ^ (literal.charCodeAt(n >> 1) * 3) ^ b) & (size - 1)
}

function perfectShape(literals: readonly string[]): HashShape | undefined {
  let smallest = 16
  while (smallest < literals.length * 2) smallest *= 2
  for (let size = smallest; size <= smallest * 16; size *= 2)
    for (const times of [1, 3, 5, 11, 31])
      for (let from = 0; from < 4; from++)
        for (let back = 0; back < 3; back++) {
          const shape = { from, back, times, size }
          if (new Set(literals.map((literal) => hashOf(literal, shape))).size === literals.length) return shape
        }
  return undefined
}

/**
 * The source of `function <name>(t, s, e)`, the index in `literals` of
 * the segment `t[s..e)`, or -1: a perfect hash of its length and three of
 * its characters (no slice, no string hash), then one compare in place —
 * for a segment of many literals, where a switch would branch deep. Or
 * undefined when no hash of its family tells these literals apart (then
 * a map lookup does).
 *
 * @example
 * ```ts
 * literalHash("L0", ["repos", "users", "orgs"]) // const L0H = new Int32Array([…]) … function L0(t, s, e) { … }
 * ```
 */
export function literalHash(name: string, literals: readonly string[]): string | undefined {
  const shape = perfectShape(literals)
  if (shape === undefined) return undefined
  const slots = new Int32Array(shape.size).fill(-1)
  literals.forEach((literal, i) => {
    slots[hashOf(literal, shape)] = i
  })
  const { from, back, times, size } = shape
  return `const ${name}H = new Int32Array(${JSON.stringify([...slots])})
const ${name}S = ${JSON.stringify(literals)}
function ${name}(t, s, e) {
  const n = e - s
  const a = ${from} < n ? t.charCodeAt(s + ${from}) : 0
  const b = ${back} < n ? t.charCodeAt(e - ${back + 1}) : 0
  const c = 0 < n ? t.charCodeAt(s + (n >> 1)) : 0
  const i = ${name}H[((n * ${times}) ^ (a * 7) ^ (c * 3) ^ b) & ${size - 1}]
  return i >= 0 && ${name}S[i].length === n && t.startsWith(${name}S[i], s) ? i : -1
}
`
}
