/**
 * The `Sitelet` namespace object and type, as the public API spells them.
 */
import { Content, Embed, Empty, Folder, Map, Shift, Sum } from "./combinators.js"
import { CorsContent } from "./cors-content.js"
import { Fallback } from "./fallback.js"
import { Files } from "./files.js"
import { EmbedInUnion, InferPartial, InferPartialInUnion } from "./embed-in-union.js"
import { Infer, New } from "./infer.js"
import { InferWithErrors } from "./infer-with-errors.js"
import { Protect } from "./protect.js"
import type { Sitelet as SiteletType } from "./sitelet.js"

/**
 * Builds and combines sitelets.
 *
 * @example
 * ```ts
 * const site = Sitelet.Sum(
 *   Sitelet.Infer(Pages, { Home: () => Content.Text("home"), Post: (ctx, e) => Content.Text(`post ${e.id}`) }),
 *   Sitelet.Shift("api", Sitelet.InferWithErrors(Api, (ctx, r) => Content.Json(r.$))),
 * )
 * ```
 */
export const Sitelet = Object.freeze({
  Infer,
  InferWithErrors,
  InferWithCustomErrors: InferWithErrors,
  New,
  Empty,
  Content,
  Sum,
  Shift,
  Folder,
  Map,
  Embed,
  EmbedInUnion,
  InferPartial,
  InferPartialInUnion,
  Protect,
  CorsContent,
  Fallback,
  Files,
})

/**
 * A sitelet: `Router` (links and parsing), `Handle(request)` (Fetch API)
 * and `plus(other)`.
 *
 * @example
 * ```ts
 * const site: Sitelet<Site> = Sitelet.Infer(Site, (ctx, e) => Content.Text(e.$))
 * ```
 */
export type Sitelet<Endpoint> = SiteletType<Endpoint>
