/**
 * The declarations of the front end: its pages (client routes under
 * `/app`) and, from the site's own `endpoints.ts`, the JSON API's client —
 * the same declarations and the same prefix the server composes with
 * `Sitelet.Shift` — and the router of the whole site. Only declarations
 * reach the browser bundle: no handler, no server code.
 */
import { Router, t, type Infer } from "../../../src/client/index.js"
import { Api, ApiWrites, apiPrefix, Site } from "../endpoints.js"

export { ApiToken, Article, NewArticle, type Site } from "../endpoints.js"

/** The pages of the single-page app. */
export const Pages = t.union({
  Home: "GET /",
  Articles: "GET /articles?q=<q:string?>",
  Article: "GET /articles/<id:int>/<slug>",
  Write: "GET /write",
})
export type Pages = Infer<typeof Pages>

/** Where the app lives on the site. */
export const appPrefix = "app"

/** Links and parses the app's pages: `/app/articles/1/typed-links`. */
export const pages = Router.Shift(appPrefix, Router.Infer(Pages))

/**
 * The JSON API's typed client, composed as the server composes the API
 * (site.ts: `Sitelet.Shift(apiPrefix, …)` of `Api` and `ApiWrites`):
 * `api.Fetch({ $: "GetArticle", id: 1 })` is `GET /api/articles/1`,
 * decoded by the answers `GetArticle` declares.
 */
export const api = Router.Shift(apiPrefix, Router.Sum(Router.Infer(Api), Router.Infer(ApiWrites)))

/** The site's router: `{ $: "Api", call: { $: "GetArticle", id: 1 } }` is `GET /api/articles/1`. */
export const site = Router.Infer(Site)
