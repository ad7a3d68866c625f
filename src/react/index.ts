/**
 * `sitelets/react`: React components and hooks typed by a router —
 * `ReactRouter(router)` → `{ Link, useEndpoint, useNavigate, Location }`.
 * React (18 or later) is an optional peer dependency: only this entry
 * imports it.
 *
 * In the repository, it may import `client/` and `descriptor/` (its row of
 * docs/architecture.md, which the layers test holds the code to). A package
 * entry: users import it by its name.
 *
 * @example
 * ```tsx
 * import { Router } from "sitelets/client"
 * import { ReactRouter } from "sitelets/react"
 * const { Link, useEndpoint } = ReactRouter(Router.Infer(Pages))
 * ```
 */
export {
  ReactRouter,
  type LinkProps,
  type LocationProps,
  type ReactRouterOptions,
  type ReactRoutes,
} from "./react-router.js"
export type { ReactRoutable } from "./location-store.js"
