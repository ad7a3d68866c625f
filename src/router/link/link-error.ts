import { linkError } from "./link-messages.js"

/**
 * Thrown by `Router.Link` when no URL can carry the value: an empty string or
 * a `.`/`..` in a path segment, a non-finite float, an unsafe integer, an
 * invalid date… `field` names the offending field (`"Article.slug"`,
 * `"items[2]"`; `""` for the value itself).
 *
 * @example
 * ```ts
 * try { router.Link({ $: "Article", id: 1, slug: "" }) }
 * catch (error) { if (error instanceof LinkError) error.field } //=> "Article.slug"
 * ```
 */
export class LinkError extends Error {
  override readonly name = "LinkError"
  readonly field: string
  readonly reason: string
  constructor(field: string, reason: string) {
    super(linkError(field, reason))
    this.field = field
    this.reason = reason
  }
}

/**
 * Internal failure raised while writing a link; each enclosing field adds its
 * name on the way out, so the field path is built only when linking fails.
 *
 * @example
 * ```ts
 * throw new LinkFailure(linkMessages.linkEmptySegment)
 * ```
 */
export class LinkFailure extends Error {
  readonly path: string[] = []
  /**
   * The value is not of the descriptor's type (or names no case of the
   * union). At the top level this means "this router does not produce the
   * value", so `link` returns undefined and a `Router.Sum` asks the next router.
   */
  readonly mismatch: boolean
  constructor(
    readonly reason: string,
    mismatch = false,
  ) {
    super(reason)
    this.mismatch = mismatch
  }
}

/**
 * Runs `write` and prefixes the field name to any {@link LinkFailure} thrown.
 *
 * @example
 * ```ts
 * inField("slug", () => writeString(value))
 * ```
 */
export function inField<Result>(name: string, write: () => Result): Result {
  try {
    return write()
  } catch (error) {
    if (error instanceof LinkFailure) error.path.unshift(name)
    throw error
  }
}

/**
 * Joins a failure's field path: `["Article", "tags", "[2]"]` → `"Article.tags[2]"`.
 *
 * @example
 * ```ts
 * fieldPath(["Article", "tags", "[2]"]) //=> "Article.tags[2]"
 * ```
 */
export function fieldPath(path: readonly string[]): string {
  let out = ""
  for (const part of path) out += part.startsWith("[") || out === "" ? part : "." + part
  return out
}
