/**
 * `sitelets/route`: typed links and target reading, without body readers —
 * a `Router` whose routers `Link` and `Match(method, target)` as the full
 * router does for a bodiless request, for front ends that route on the
 * location (history routing, React).
 *
 * @example
 * ```ts
 * import { Router } from "sitelets/route"
 * Router.Infer(Pages).Match("GET", "/blog/3") //=> { $: "Post", id: 3 }
 * ```
 */
export { Router, type RouteRouter } from "./route-router.js"
export type { LinkRouter } from "./link-router.js"
export { LinkError } from "../router/link/link-error.js"
