/**
 * The whole example site: pages at the root, the admin area under
 * `/admin` (protected), the JSON API under `/api`, the account area (login, logout,
 * a protected profile) under `/account`, the static files under `/static`. One `Sitelet<Site>`.
 */
import { fileURLToPath } from "node:url"
import { Content, Cors, Sitelet } from "../../src/index.js"
import { apiPrefix, Site } from "./endpoints.js"
import { pages } from "./pages.js"
import { admin } from "./admin.js"
import { api, apiNotFound, apiWrites } from "./api.js"
import { account, isKnownUser, loginFor } from "./account.js"
import { store } from "./data.js"
import { siteLinks } from "./layout.js"

/** Origins whose pages may read the feed from the browser (a front end in development, say). */
export const feedOrigins = ["http://localhost:5173", "http://127.0.0.1:5173"]

/**
 * A public JSON feed other sites may fetch from the browser: CORS for the
 * listed origins (a preflight is answered before anything else; the answer
 * carries `Access-Control-Allow-Origin` and `Vary: Origin`).
 */
const feed = Sitelet.CorsContent(
  "/feed.json",
  // GET only: a PUT or DELETE here is 405 (with Allow), not the feed.
  Cors.Of({ $: "Feed" as const }, ["GET"]),
  (allows) => ({ ...allows, Origins: feedOrigins, MaxAge: 600 }),
  async (ctx) =>
    Content.Json(
      (await store.articles()).map((article) => ({
        title: article.title,
        url: siteLinks(ctx).Link({ $: "ArticleBySlug", slug: article.slug }),
      })),
    ),
)

/** The served sitelet. */
export const site = Sitelet.Sum(
  pages,
  // The admin area shows the contact messages (names, emails): logged-in users only.
  Sitelet.Protect<Site>(
    { VerifyUser: isKnownUser, LoginRedirect: loginFor },
    Sitelet.Shift("admin", Sitelet.EmbedInUnion(Site, "Admin", admin)),
  ),
  // The API's writes first: a POST that does not parse is refused after its token is checked.
  Sitelet.Shift(apiPrefix, Sitelet.EmbedInUnion(Site, "ApiWrite", apiWrites)),
  Sitelet.Shift(apiPrefix, Sitelet.EmbedInUnion(Site, "Api", api)),
  Sitelet.Shift(apiPrefix, apiNotFound),
  Sitelet.Shift("account", Sitelet.EmbedInUnion(Site, "Account", account)),
  feed,
  // examples/site/public: the stylesheet, linked as { $: "Static", file: { $: "File", path: "site.css" } }.
  Sitelet.Shift(
    "static",
    Sitelet.EmbedInUnion(Site, "Static", Sitelet.Files(fileURLToPath(new URL("./public", import.meta.url)))),
  ),
)
