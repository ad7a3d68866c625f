/**
 * `sitelets/fetch`: typed links and typed requests, without parsing — a
 * `Router` whose routers `Link` and `Fetch` (declared answers decoded,
 * JSON bodies sent) as `sitelets/client`'s do, for front ends that call
 * an API but route nothing themselves; and `Json`, the attribute alone,
 * for declarations that must not carry the whole codec into the bundle.
 *
 * @example
 * ```ts
 * import { Json, Router } from "sitelets/fetch"
 * const Api = t.union({ Save: t.case("POST /posts", { post: Json(Post) }, Returns(Post)) })
 * const saved = await Router.Infer(Api).Fetch({ $: "Save", post }) // Post
 * ```
 */
export { Router, type FetchRouter } from "./fetch-router.js"
export type { LinkRouter } from "../link/link-router.js"
export { LinkError } from "../router/link/link-error.js"
export { FetchError } from "./fetch-error.js"
export type { FetchInit, FetchJsonInit, FetchResult } from "./fetch.js"
export type { ClientAuth, EndpointRequestInit } from "./request-parts.js"
export { Json } from "../descriptor/attributes.js"
