import { Embed, Empty, Map, New, Shift, Single, Sum } from "./combinators.js"
import { Infer } from "./infer.js"

/**
 * The `Router` namespace object (re-exported from `router.ts` next to the
 * `Router<Endpoint>` interface).
 *
 * @example
 * ```ts
 * RouterNamespace.Shift("api", RouterNamespace.Single("ok", "/status")).Link("ok") //=> "/api/status"
 * ```
 */
export const RouterNamespace = Object.freeze({
  Infer,
  Empty,
  Sum,
  Shift,
  Map,
  Embed,
  Single,
  New,
})
