/**
 * `Sitelet.Fallback(s)`: a part of a `Sum` consulted last. It accepts a
 * request only when no other part did, not even with an error
 * (`InferWithErrors` answering a wrong method or a bad body): a JSON 404
 * for every other URL under `/api`, a single-page app's shell for every
 * other page, next to parts whose errors must still win.
 */
import { noteComposition } from "../router/composition.js"
import type { Router } from "../router/router.js"
import { andThen } from "../internal/maybe-promise.js"
import { type Dispatched, makeSitelet, type Sitelet } from "./sitelet.js"

/**
 * A sitelet that serves what `site` accepts, but only in the lenient pass
 * of a request (after every part of the served sitelet declined it in the
 * strict pass, and after the parts before it in the lenient pass). Links
 * are `site`'s.
 *
 * @example
 * ```ts
 * const site = Sitelet.Sum(
 *   Sitelet.Shift("api", api),                               // InferWithErrors: 405 / 400 for its own paths
 *   Sitelet.Shift("api", Sitelet.Fallback(apiNotFound)),     // "/<...path>": a JSON 404 for any other path
 * )
 * ```
 */
export function Fallback<Endpoint>(site: Sitelet<Endpoint>): Sitelet<Endpoint> {
  // Its router routes and links as the part's; marked, so a path's Allow never counts what only the fallback takes.
  const router = noteComposition(Object.freeze(Object.create(site.Router) as Sitelet<Endpoint>["Router"]), {
    kind: "fallback",
    inner: site.Router as Router<unknown>,
  })
  return makeSitelet<Endpoint>(
    router,
    (request, offset, lenient) =>
      lenient
        ? andThen(
            andThen(site.dispatch(request, offset, false), (found) =>
              found !== undefined || !site.lenient ? found : site.dispatch(request, offset, true),
            ),
            // Marked, so that a Sum's lenient pass prefers any other part's error, wherever this part stands.
            (found): Dispatched<Endpoint> | undefined => found && { ...found, weak: "fallback" },
          )
        : undefined,
    true,
  )
}
