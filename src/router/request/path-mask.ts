/**
 * A filter in front of a table of paths: per path length, a bit per last
 * character (its code modulo 32) that some path of that length ends with.
 * A path it rules out is not in the table, told without hashing the path
 * (most parametric request paths are ruled out this way).
 *
 * @example
 * ```ts
 * const mask = new PathMask()
 * mask.add("/user/repos")
 * mask.mayHold("/user/repos") //=> true
 * mask.mayHold("/users/1")    //=> false
 * ```
 */
export class PathMask {
  // A plain array, grown as paths are added; holes read as undefined.
  private readonly bits: number[] = []

  /** Lets `path` through from now on. */
  add(path: string): void {
    const length = path.length
    this.bits[length] = (this.bits[length] ?? 0) | (1 << (path.charCodeAt(length - 1) & 31))
  }

  /** False when no added path has this one's length and last character. */
  mayHold(path: string): boolean {
    const length = path.length
    const bits = length < this.bits.length ? this.bits[length] : undefined
    return bits !== undefined && ((bits >>> (path.charCodeAt(length - 1) & 31)) & 1) === 1
  }
}
