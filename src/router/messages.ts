import { bodyMessages } from "./body/body-messages.js"
import { codecMessages } from "./codec/codec-messages.js"
import { combinatorMessages } from "./combinator-messages.js"
import { linkMessages } from "./link/link-messages.js"
import { targetMessages } from "./request/target-messages.js"

/**
 * Sentences of the router, written once, all in one table: those of its
 * rooms (links, the codec, the request target, the body) and of the
 * combinators. Tests import it instead of retyping the text; the modules of
 * the router import the table of their own concern, so a bundle carries
 * only the sentences its modules can print.
 *
 * @example
 * ```ts
 * routerMessages.linkError("Article.slug", routerMessages.linkEmptySegment)
 * //=> "Cannot link field 'Article.slug': an empty string cannot be a URL path segment"
 * ```
 */
export const routerMessages = {
  ...linkMessages,
  ...codecMessages,
  /** Why a request target is bad (hosts answer 400 with `hostMessages.badTarget(reason)`). */
  ...targetMessages,
  /** What a `Json` field needs of a request that is not JSON (the `expected` of its `JsonError`). */
  ...bodyMessages,
  ...combinatorMessages,
} as const
