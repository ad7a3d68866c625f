/**
 * The declarations the front end shares with the server: its pages (client
 * routes under `/app`) and the JSON API it calls (under `/app/api`). This
 * module imports only `sitelets/client` pieces, so the browser bundle holds
 * declarations and the router — no server code.
 */
import { Json, Router, t, type Infer } from "../../../src/client/index.js"

/** A published article as the API returns it. */
export const Article = t.record({
  id: t.int,
  slug: t.string,
  title: t.string,
  summary: t.string,
  published: t.datetime,
  tags: t.list(t.string),
})
export type Article = Infer<typeof Article>

export const Priority = t.enum({ Low: 1, Normal: 2, High: 3 })

/** What the note form posts as JSON. */
export const Note = t.record({ text: t.string, tags: t.list(t.string), priority: Priority })
export type Note = Infer<typeof Note>

/** The server's typed answer to a posted note. */
export const SavedNote = t.record({ id: t.int, note: Note, savedAt: t.datetime, words: t.int })
export type SavedNote = Infer<typeof SavedNote>

/** The JSON API. */
export const Api = t.union({
  Articles: "GET /articles?tag=<tag:string?>",
  Article: "GET /articles/<id:int>",
  AddNote: t.case("POST /notes", { note: Json(Note) }),
  Notes: "GET /notes",
})
export type Api = Infer<typeof Api>

/** The pages of the single-page app. */
export const Pages = t.union({
  Home: "GET /",
  Articles: "GET /articles?tag=<tag:string?>",
  Article: "GET /articles/<id:int>/<slug>",
  Notes: "GET /notes",
})
export type Pages = Infer<typeof Pages>

/** Where the app lives on the site. */
export const appPrefix = "app"
/** Where its API lives. */
export const apiPrefix = "app/api"

/** Links and parses pages: `/app/articles/1/hello`. */
export const pages = Router.Shift(appPrefix, Router.Infer(Pages))
/** Builds API requests: `POST /app/api/notes` with a JSON body. */
export const api = Router.Shift(apiPrefix, Router.Infer(Api))
