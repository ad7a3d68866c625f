import { bodyMessages } from "./body/body-messages.js"
import { codecMessages } from "./codec/codec-messages.js"
import { linkMessages } from "./link/link-messages.js"
import { targetMessages } from "./request/target-messages.js"

/**
 * Sentences of the router, written once: its own (composition) and, spread
 * in, those of its rooms (links, the codec, the request target, the body).
 * Tests import these writers instead of retyping the text.
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
  shiftEmpty: "Router.Shift needs a non-empty segment",
  singlePath: (url: string) => `Router.Single: '${url}' is not a path starting with '/'`,
} as const
