/**
 * The `Router` namespace of `sitelets/client`: the isomorphic `Router`
 * (Infer, Sum, Shift, Map, Embed, Single, Empty, New) plus the browser-side
 * members Request, Fetch, Install and InstallHash.
 */
import { RouterNamespace } from "../router/namespace.js"
import type { Router as RouterOf } from "../router/router.js"
import { fetchEndpoint } from "./fetch.js"
import { installRouter, type InstallOptions, type InstalledRouter } from "./install.js"
import { endpointRequest } from "./request.js"
import { endpointEvents } from "./events.js"

/**
 * Installs a router with the history API: links live in the path
 * (`/article/1`); the server must answer those paths with the page.
 *
 * @example
 * ```ts
 * const app = Install(router, { onChange: render })
 * ```
 */
function Install<Endpoint>(router: RouterOf<Endpoint>, options?: InstallOptions<Endpoint>): InstalledRouter<Endpoint> {
  return installRouter("history", router, options)
}

/**
 * Installs a router on the URL fragment: links live after `#`
 * (`index.html#/article/1`), so any static file host serves the page.
 *
 * @example
 * ```ts
 * const app = InstallHash(router, { onChange: render })
 * app.href({ $: "Article", id: 1 }) //=> "#/article/1"
 * ```
 */
function InstallHash<Endpoint>(
  router: RouterOf<Endpoint>,
  options?: InstallOptions<Endpoint>,
): InstalledRouter<Endpoint> {
  return installRouter("hash", router, options)
}

/**
 * `Router` for the browser: every member of the root `Router` namespace,
 * plus `Request(router, e, init?)` (the typed `Request`), `Fetch(router, e,
 * init?)` (send it; decode a JSON answer given `{ response: descriptor }`),
 * `Install` and `InstallHash`.
 *
 * @example
 * ```ts
 * import { Router } from "sitelets/client"
 * const api = Router.Infer(Api)
 * const post = await Router.Fetch(api, { $: "GetPost", id: 1 }, { response: Post })
 * const app = Router.Install(Router.Infer(Pages), { onChange: render })
 * ```
 */
export const Router = Object.freeze({
  ...RouterNamespace,
  Request: endpointRequest,
  Fetch: fetchEndpoint,
  Events: endpointEvents,
  Install,
  InstallHash,
})

/** A bidirectional router for endpoint values (the same interface as the root package's `Router<Endpoint>`). */
export type Router<Endpoint> = RouterOf<Endpoint>
