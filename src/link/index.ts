/**
 * `sitelets/link`: typed links and nothing else — a `Router` whose `Infer`,
 * `Shift`, `Sum`, `Map` and `Embed` make routers that link, with the same
 * URLs as the full router's `Link`, for pages that link but never parse,
 * fetch or route.
 *
 * In the repository, it may import `descriptor/`, `router/codec/`,
 * `router/link/`, `router/request/` and `template/` (its row of
 * docs/architecture.md, which the layers test holds the code to). A package
 * entry: users import it by its name.
 *
 * @example
 * ```ts
 * import { Router } from "sitelets/link"
 * Router.Infer(Pages).Link({ $: "Post", id: 3 }) //=> "/blog/3"
 * ```
 */
export { Router, type LinkRouter } from "./link-router.js"
export { CompiledLinks, type CompiledLinkModule } from "./compiled-links.js"
// What a compiled links module imports (Router.CompileLinks writes it); not for hand-written code.
export {
  bigintText,
  boolText,
  checkQueryText,
  checkSegment,
  dateText,
  enumText,
  floatText,
  inField,
  intText,
  linkFiles,
  linkMismatch,
  linkRest,
  linkUnknownCase,
  stringText,
} from "./compiled-links.js"
export { LinkError } from "../router/link/link-error.js"
