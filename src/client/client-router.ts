/**
 * The `Router` namespace of `sitelets/client`: the isomorphic `Router`
 * (Infer, Sum, Shift, Map, Embed, Single, Empty, New) plus the browser-side
 * members Request, Fetch, Install and InstallHash.
 */
import { RouterNamespace } from "../router/namespace.js"
import { inferInput } from "../router/infer.js"
import type { Router as RouterOf } from "../router/router.js"
import { fetchEndpoint } from "./fetch.js"
import { installRouter, type InstallOptions, type InstalledRouter } from "./install.js"
import { endpointRequest } from "./request.js"
import { endpointEvents } from "./events.js"
import type { Descriptor, Infer as InferType } from "../descriptor/descriptor.js"
import type { CaseInput, UnionOutput, UnionResponses, ValidateCases } from "../descriptor/union.js"
import { caseAnswers, type ResponsesOf } from "../descriptor/responses.js"
import { openSocket } from "./socket.js"
import { clientRouter, type EventRouter } from "./event-router.js"
import { Embed, Empty, Map, New, Shift, Single, Sum } from "./compose.js"

export type { EventRouter } from "./event-router.js"

/**
 * `Router.Infer` for the browser: the same router, with `Events`, `Fetch`
 * and `Socket`.
 *
 * @example
 * ```ts
 * Router.Infer(t.union({ Feed: "GET /feed" })).Events({ $: "Feed" }, Item)
 * ```
 */
function Infer<const D extends Descriptor>(descriptor: D): EventRouter<InferType<D>, ResponsesOf<D>>
function Infer<const Cases extends Readonly<Record<string, CaseInput>>>(
  cases: Cases & ValidateCases<Cases>,
): EventRouter<UnionOutput<Cases>, UnionResponses<Cases>>
function Infer(input: Descriptor | Readonly<Record<string, CaseInput>>): EventRouter<unknown> {
  const descriptor = inferInput(input)
  return clientRouter(RouterNamespace.Infer(descriptor) as RouterOf<unknown>, caseAnswers(descriptor))
}

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
 * `Router` for the browser: the root `Router` namespace's members, each
 * making client routers (`Events`, `Fetch`, `Socket`, declared answers
 * kept), plus `Request(router, e, init?)` (the typed `Request`), `Fetch(router, e,
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
  Infer,
  Sum,
  Shift,
  Map,
  Embed,
  Single,
  Empty,
  New,
  Request: endpointRequest,
  Fetch: fetchEndpoint,
  Events: endpointEvents,
  Socket: openSocket,
  Install,
  InstallHash,
})

/** A bidirectional router for endpoint values (the same interface as the root package's `Router<Endpoint>`). */
export type Router<Endpoint> = RouterOf<Endpoint>
