/**
 * The data of the rendering benchmark: `n` articles whose titles need
 * escaping (`&`, `<`, quotes), as a blog's would.
 */

/** One article card's data. */
export interface Article {
  readonly id: number
  readonly title: string
  readonly summary: string
  readonly tags: readonly string[]
}

/**
 * `n` articles.
 *
 * @example
 * ```ts
 * articlesOf(100).length //=> 100
 * ```
 */
export function articlesOf(n: number): Article[] {
  return Array.from({ length: n }, (_, id) => ({
    id,
    title: `Post ${id}: Tom & Jerry <${id % 7}> "quoted"`,
    summary: `A summary of post ${id}, with an ampersand & a less-than < sign.`,
    tags: ["typescript", "routing", id % 2 === 0 ? "even" : "odd"],
  }))
}
