/**
 * The server side of the front end: the JSON API it calls, the HTML shell
 * served for every page of the app (so a reload or a shared link works),
 * and the bundled script. Combine it with the rest of the site:
 * `site.plus(await frontEnd())`.
 */
import { t } from "../../../src/descriptor/t.js"
import { Content, Html, Http, Sitelet } from "../../../src/index.js"
import type { Sitelet as SiteletOf } from "../../../src/sitelet/sitelet.js"
import { articles } from "./articles.js"
import { bundleFrontEnd } from "./bundle.js"
import { Api, apiPrefix, appPrefix, Article, Pages, SavedNote, type Api as ApiEndpoint, type Pages as Page } from "./routes.js"

/** The script's URL. */
export const scriptUrl = "/app.js"

const maxNotes = 100

/** The API: articles (filtered by tag) and notes kept in memory (the last 100). */
function apiSite(): SiteletOf<ApiEndpoint> {
  const notes: SavedNote[] = []
  let nextId = 1
  return Sitelet.Shift(apiPrefix, Sitelet.Infer(Api, {
    Articles: (_ctx, e) => Content.Json(e.tag === undefined ? [...articles] : articles.filter((a) => a.tags.includes(e.tag as string)), t.list(Article)),
    Article: (_ctx, e) => {
      const found = articles.find((a) => a.id === e.id)
      return found ? Content.Json(found, Article) : Content.SetStatus(Http.Status.NotFound, Content.Json({ error: "no such article" }))
    },
    AddNote: (_ctx, e) => {
      const saved: SavedNote = {
        id: nextId++,
        note: e.note,
        savedAt: new Date(),
        words: e.note.text.split(/\s+/).filter((word) => word !== "").length,
      }
      notes.push(saved)
      if (notes.length > maxNotes) notes.shift()
      return Content.Json(saved, SavedNote)
    },
    Notes: () => Content.Json(notes, t.list(SavedNote)),
  }))
}

const style = `
body { font: 16px/1.5 system-ui, sans-serif; max-width: 44rem; margin: 2rem auto; padding: 0 1rem; color: #222 }
nav { padding-bottom: .5rem; border-bottom: 1px solid #ddd; margin-bottom: 1rem }
nav a.active { font-weight: bold } a { color: #0a58ca }
label { display: block; margin: .4rem 0 } textarea, input, select { font: inherit; width: 100% }
#saved { margin-top: 1rem; padding: .6rem; background: #eef7ee; border: 1px solid #9c9 }
.error { color: #a00 } .meta { color: #666 }`

/** The HTML shell of every page: the app renders into `#app`. */
function shell(page: Page) {
  return Content.Page({
    Title: `${page.$} — sitelets client`,
    Head: [Html.meta({ name: "viewport", content: "width=device-width, initial-scale=1" }), Html.style(null, Html.Raw(style))],
    Body: [
      Html.div({ id: "app" }, Html.noscript(null, "This page needs JavaScript.")),
      Html.script({ type: "module", src: scriptUrl }),
    ],
  })
}

/**
 * The front end as a sitelet: `/app/api/…` (JSON API), `/app.js` (the
 * bundle, built by esbuild at startup) and `/app/…` (the shell).
 *
 * @example
 * ```ts
 * createServer(NodeHandler(site.plus(await frontEnd()))).listen(8080)
 * ```
 */
export async function frontEnd() {
  const bundle = await bundleFrontEnd()
  const script = Sitelet.Content(scriptUrl, { $: "FrontEndScript" } as const, () =>
    Content.Custom({ Headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-cache" }, Body: bundle.code }),
  )
  const app = Sitelet.Shift(appPrefix, Sitelet.Infer(Pages, (_ctx, page) => shell(page)))
  return apiSite().plus(script).plus(app)
}
