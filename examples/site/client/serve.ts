/**
 * The server side of the front end: the HTML shell served for every page
 * of the app (so a reload or a shared link works) and the bundled script.
 * The app calls the site's own JSON API (`/api/…`). Serve it next to the
 * rest of the site: `site.plus(frontEnd())`.
 */
import { Content, Html, Http, Sitelet, t } from "../../../src/index.js"
import { bundleFrontEnd } from "./bundle.js"
import { appPrefix, Pages, type Pages as Page } from "./routes.js"

/** The script's URL. */
export const scriptUrl = "/app.js"

const style = `
body { font: 16px/1.5 system-ui, sans-serif; max-width: 44rem; margin: 2rem auto; padding: 0 1rem; color: #222 }
nav { padding-bottom: .5rem; border-bottom: 1px solid #ddd; margin-bottom: 1rem }
nav a.active { font-weight: bold } a { color: #0a58ca }
label { display: block; margin: .4rem 0 } textarea, input { font: inherit; width: 100%; box-sizing: border-box }
#filter { display: flex; gap: .5rem } #filter input { flex: 1 }
#created { display: block; margin-top: 1rem; padding: .6rem; background: #eef7ee; border: 1px solid #9c9 }
.error { color: #a00 } .meta { color: #666 }`

/** Any other address under `/app`: the shell with 404, and the app renders its not-found view. */
const Unknown = t.union({ Unknown: "GET /<...path>" })

/** The HTML shell of every page: the app renders into `#app`. */
function shell(page: Page | undefined) {
  return Content.Page({
    Title: `${page?.$ ?? "Not found"} — sitelets client`,
    Lang: "en",
    Head: [
      Html.meta({ name: "viewport", content: "width=device-width, initial-scale=1" }),
      Html.style(null, Html.Raw(style)),
    ],
    Body: [
      Html.div({ id: "app" }, Html.noscript(null, "This page needs JavaScript.")),
      Html.script({ type: "module", src: scriptUrl }),
    ],
  })
}

/**
 * The front end as a sitelet: `/app.js` (the bundle, built by esbuild when
 * this is called, i.e. at startup) and `/app/…` (the shell of each page;
 * 404 with the same shell for addresses under `/app` that match no page).
 *
 * @example
 * ```ts
 * createServer(NodeHandler(site.plus(frontEnd()))).listen(8080)
 * ```
 */
export function frontEnd() {
  const bundle = bundleFrontEnd()
  // Awaited by the first request for the script; a build error then answers 500 and is logged by the host.
  bundle.catch(() => undefined)
  const script = Sitelet.Content(scriptUrl, { $: "FrontEndScript" } as const, async () =>
    Content.Custom({
      Headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-cache" },
      Body: (await bundle).code,
    }),
  )
  const app = Sitelet.Shift(
    appPrefix,
    Sitelet.Infer(Pages, (_ctx, page) => shell(page)),
  )
  const unknown = Sitelet.Shift(
    appPrefix,
    Sitelet.Infer(Unknown, () => Content.SetStatus(Http.Status.NotFound, shell(undefined))),
  )
  return script.plus(app).plus(unknown)
}
