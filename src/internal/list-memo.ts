/**
 * A fact about a header list, remembered per frozen list. Most answers are
 * built on a few shared frozen lists (Content.Json's, Content.Text's, with
 * `nosniff`), and a host asks the same questions of every answer (does it
 * carry validators, `nosniff`, a `Content-Encoding`?): the answer for a frozen
 * list cannot change, so it is computed once. The last list asked about is
 * checked first; a list that is not frozen is asked each time, with
 * `unshared` when given (a cheaper answer for a list used once).
 *
 * @example
 * ```ts
 * const hasVary = memoByList((list) => list.some(([name]) => name.toLowerCase() === "vary"))
 * hasVary(Object.freeze([["Vary", "Origin"]])) //=> true
 * ```
 */
export function memoByList<List extends object, Fact>(
  compute: (list: List) => Fact,
  unshared: (list: List) => Fact = compute,
): (list: List) => Fact {
  const known = new WeakMap<List, { readonly fact: Fact }>()
  let last: List | undefined
  let lastFact: Fact
  return (list) => {
    if (list === last) return lastFact
    if (!Object.isFrozen(list)) return unshared(list)
    let entry = known.get(list)
    if (entry === undefined) known.set(list, (entry = { fact: compute(list) }))
    last = list
    lastFact = entry.fact
    return entry.fact
  }
}
