/**
 * The declarations of the front end: its pages (client routes under
 * `/app`) and, from the site's own `endpoints.ts`, the router of the whole
 * site, whose `Api` case gives typed requests to the JSON API. Only
 * declarations reach the browser bundle: no handler, no server code.
 */
import { Router, t, type Infer } from "../../../src/client/index.js"
import { Site } from "../endpoints.js"

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

/** The site's router: `{ $: "Api", call: { $: "GetArticle", id: 1 } }` is `GET /api/articles/1`. */
export const site = Router.Infer(Site)
