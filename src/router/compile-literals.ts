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
      if (!sized) tests.push(`boundary(t, ${cursor} + ${literal.length + 1})`)
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
  let code = `${pad}switch (${at(best)}) {\n`
  for (const [char, group] of groups)
    code += `${pad}  case ${char}:\n${literalSwitch(group, cursor, sized, seen, `${pad}    `, branch)}${pad}    break\n`
  return `${code}${pad}}\n`
}
