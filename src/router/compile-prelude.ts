/**
 * The helpers every compiled route table starts with, as source text: the
 * plain-target scan, the runtime router's `int` read in place, the method
 * check. They mirror `target.ts` and `scalar.ts` on the inputs the table
 * answers, and refuse (return -1 or false) every other, which the runtime
 * router then routes.
 */

/**
 * The source of the helpers: `pathEnd(t)`, `intAt(t, i, j)`, `plainMethod(m)`.
 *
 * @example
 * ```ts
 * const source = `${tablePrelude}\nexport function match(m, t) { … }`
 * ```
 */
export const tablePrelude = `// Where the path of a plain target ends (at ? or #, or its length; 0 for "/"), or -1: plain is origin-form,
// printable ASCII but % and \\, no empty, . or .. segment, no trailing /, and no % or non-ASCII in the query.
function pathEnd(t) {
  if (t.charCodeAt(0) !== 47) return -1
  const n = t.length
  let e = n
  for (let i = 0; i < n; i++) {
    const c = t.charCodeAt(i)
    if (c === 47) {
      const d = i + 1 < n ? t.charCodeAt(i + 1) : 63
      if (d === 63 || d === 35) {
        if (i !== 0) return -1
        e = 0
        break
      }
      if (d === 47) return -1
      if (d === 46) {
        const f = i + 2 < n ? t.charCodeAt(i + 2) : 47
        if (f === 47 || f === 63 || f === 35) return -1
        if (f === 46) {
          const g = i + 3 < n ? t.charCodeAt(i + 3) : 47
          if (g === 47 || g === 63 || g === 35) return -1
        }
      }
    } else if (c === 63 || c === 35) {
      e = i
      break
    } else if (c < 33 || c > 126 || c === 37 || c === 92) return -1
  }
  for (let i = e; i < n; i++) {
    const c = t.charCodeAt(i)
    if (c === 37 || c >= 128) return -1
  }
  return e
}

// The runtime router's int on t[i..j): -?[0-9]+, at most 17 characters, a safe integer (-0 read as 0).
function intAt(t, i, j) {
  if (j - i > 17) return undefined
  let k = t.charCodeAt(i) === 45 ? i + 1 : i
  if (k === j) return undefined
  let v = 0
  for (; k < j; k++) {
    const c = t.charCodeAt(k)
    if (c < 48 || c > 57) return undefined
    v = v * 10 + (c - 48)
  }
  if (t.charCodeAt(i) === 45) v = -v
  return Number.isSafeInteger(v) ? v + 0 : undefined
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
