/**
 * The `Sitelet` namespace object and type, as the public API spells them:
 * the layer above the hosts that assembles the public names (the sitelet
 * layer builds, the host layer serves, this one hands both to the user).
 */
import { Content, Embed, Empty, Folder, Map, Shift, Sum } from "../sitelet/combinators.js"
import { CorsContent } from "../sitelet/cors/cors-content.js"
import { Fallback } from "../sitelet/fallback.js"
import { Files } from "../sitelet/content/files.js"
import { EmbedInUnion, InferPartial, InferPartialInUnion } from "../sitelet/embed-in-union.js"
import { Infer, New } from "../sitelet/infer.js"
import { InferWithErrors } from "../sitelet/infer-with-errors.js"
import { Protect } from "../sitelet/auth/protect.js"
import { PartOf } from "../sitelet/part-of.js"
import { Guard } from "../sitelet/limits/guard.js"
import { RateLimit } from "../sitelet/limits/rate-limit.js"
import { Value } from "../sitelet/context-value.js"
import type { Sitelet as SiteletType } from "../sitelet/sitelet.js"
import { installFetchHandle } from "../sitelet/fetch-port.js"
import { handleFetch } from "../host/fetch/fetch-handle.js"

// The sitelets built here answer `site.Handle` with the Fetch host: plugged in where they are built, so a
// bundle that builds sitelets keeps the host, and one that only links (t, Router) carries none of it.
installFetchHandle(handleFetch)

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
  PartOf,
  Guard,
  RateLimit,
  Value,
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
