/**
 * The reads of a raw target that raw-table.ts routes with: the twins of
 * the helpers every compiled table starts with (compile-prelude.ts), so
 * the table walked as data and the table written as code answer the same
 * targets the same way (both are tested against the runtime router). Each
 * mirrors `target.ts` and `scalar.ts` on the targets it answers and
 * refuses (false, -1 or undefined) every other, which the runtime router
 * then routes. No character is read past the target's end.
 */

/**
 * Whether `t` from `i` (where a segment starts: its `/`, or the path's
 * end) on is read by the runtime router as it stands and is not bad, so a
 * miss of the table there is one of the runtime router (which routes a
 * bad target's remaining segments leniently): every segment there (no `//`
 * or trailing `/`), none `.` or `..`, no escape, backslash or surrogate in
 * the path, no escape or surrogate in the query. The table has read the
 * segments before `i` itself (its caller checks the holes among them).
 *
 * @example
 * ```ts
 * plainFrom("/a/b?x=1", 2) //=> true
 * plainFrom("/a//b", 2)    //=> false
 * ```
 */
export function plainFrom(t: string, i: number): boolean {
  const n = t.length
  for (; i < n; i++) {
    const c = t.charCodeAt(i)
    if (c === 47) {
      // A segment starts: not empty, . or ..
      const d = i + 1 < n ? t.charCodeAt(i + 1) : 47
      if (d === 47 || d === 63 || d === 35) return false
      if (d === 46) {
        const e = i + 2 < n ? t.charCodeAt(i + 2) : 47
        if (e === 47 || e === 63 || e === 35) return false
        if (e === 46 && (i + 3 >= n || boundary(t, i + 3))) return false
      }
    } else if (c === 63 || c === 35) return plainQuery(t, i)
    else if (c === 37 || c === 92 || (c >= 0xd800 && c <= 0xdfff)) return false
  }
  return true
}

// An ASCII character by one table read: 1 ends a segment, 2 is left to the runtime router.
const stops = new Uint8Array(128)
stops[47] = stops[63] = stops[35] = 1
stops[37] = stops[92] = 2

/**
 * Where the segment from `i` ends (its first `/`, `?` or `#`, or the
 * target's length); -1 at an escape, a backslash or a surrogate (the
 * runtime router decodes or refuses those).
 *
 * @example
 * ```ts
 * segmentEnd("/ab/c", 1) //=> 3
 * segmentEnd("/a%20", 1) //=> -1
 * ```
 */
export function segmentEnd(t: string, i: number): number {
  const n = t.length
  for (; i < n; i++) {
    const c = t.charCodeAt(i)
    if (c < 128) {
      const k = stops[c] as number
      if (k === 0) continue
      return k === 1 ? i : -1
    }
    if (c >= 0xd800 && c <= 0xdfff) return -1
  }
  return i
}

/**
 * Whether the query (or fragment) from `i` on holds no escape and no surrogate.
 *
 * @example
 * ```ts
 * plainQuery("/a?x=1", 2) //=> true
 * ```
 */
export function plainQuery(t: string, i: number): boolean {
  for (; i < t.length; i++) {
    const c = t.charCodeAt(i)
    if (c === 37 || (c >= 0xd800 && c <= 0xdfff)) return false
  }
  return true
}

/**
 * Whether `t[i..j)` is a segment as it stands: not empty, `.` or `..` (which the runtime router drops or refuses).
 *
 * @example
 * ```ts
 * segmentAt("/a/..", 3, 5) //=> false
 * ```
 */
export function segmentAt(t: string, i: number, j: number): boolean {
  return j - i > 2 || (j > i && t.charCodeAt(i) !== 46) || (j - i === 2 && t.charCodeAt(i + 1) !== 46)
}

/**
 * The runtime router's int on `t[i..j)`: `-?[0-9]+`, at most 17 characters, a safe integer (-0 read as 0).
 *
 * @example
 * ```ts
 * intAt("/post/-12", 6, 9) //=> -12
 * ```
 */
export function intAt(t: string, i: number, j: number): number | undefined {
  if (j - i > 17 || j === i) return undefined
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

/**
 * Whether a method is upper-case ASCII (the runtime router upper-cases a method; the table leaves any other to it).
 *
 * @example
 * ```ts
 * plainMethod("get") //=> false
 * ```
 */
export function plainMethod(m: string): boolean {
  if (m === "GET") return true
  for (let i = 0; i < m.length; i++) {
    const c = m.charCodeAt(i)
    if ((c >= 97 && c <= 122) || c >= 128) return false
  }
  return true
}

/**
 * Whether a segment may end at `i`: the target's end, a `/`, `?` or `#`.
 *
 * @example
 * ```ts
 * boundary("/ab?x", 3) //=> true
 * ```
 */
export function boundary(t: string, i: number): boolean {
  if (i >= t.length) return true
  const c = t.charCodeAt(i)
  return c === 47 || c === 63 || c === 35
}
