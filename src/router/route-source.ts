/**
 * Where a router's routes come from, as composition left them: the
 * alternatives of a union under a path prefix (`Router.Infer`, then
 * `Shift`), or one fixed path (`Router.Single`). Plain data, kept small:
 * the code that turns it into described routes (`describeRoutes`) is only
 * loaded by what documents a site (`OpenApi.Document`), never by a browser
 * bundle.
 */
import type { Alternative } from "./shape.js"

/**
 * One source of routes: `alternatives` under `prefix` (decoded segments),
 * or, without alternatives, the single path `prefix` (any method).
 *
 * @example
 * ```ts
 * Router.Shift("api", Router.Infer(Api)).describe() //=> [{ prefix: ["api"], alternatives: [...] }]
 * ```
 */
export interface RouteSource {
  readonly prefix: readonly string[]
  readonly alternatives: readonly Alternative[] | undefined
}
