/**
 * The example site's endpoints: one declaration gives parsing, typed links
 * and the JSON codec. Pages, the JSON API, the admin area and the account
 * area are separate unions; `Site` holds them all, so every link in the site
 * is typed.
 */
import { t, FormData, Json, Responds, Returns, type Infer } from "../../src/index.js"

/** An article as the JSON API returns it. */
export const Article = t.record({
  id: t.int,
  slug: t.string,
  title: t.string,
  body: t.string,
  published: t.datetime("yyyy-MM-dd"),
})
export type Article = Infer<typeof Article>

/** The body of `POST /api/articles`. */
export const NewArticle = t.record({ title: t.string, body: t.string })
export type NewArticle = Infer<typeof NewArticle>

/** The API's error answer. */
export const ApiError = t.record({ error: t.string })

/**
 * The JSON API, served under `/api` with `InferWithErrors`. Each case
 * declares its answers: the handler's `Content.Json(value)` is written with
 * them, the typed client decodes them, and `/openapi.json` lists them.
 */
export const Api = t.union({
  ListArticles: t.case("GET /articles", {}, Returns(t.list(Article))),
  CreateArticle: t.case(
    "POST /articles",
    { article: Json(NewArticle) },
    Responds({ 201: Article, 400: ApiError, 405: ApiError }),
  ),
  GetArticle: t.case("GET /articles/<id:int>", {}, Responds({ 200: Article, 404: ApiError })),
})
export type Api = Infer<typeof Api>

/** The admin area, a sitelet of its own embedded under `/admin`. */
export const Admin = t.union({
  Dashboard: "GET /",
  Messages: "GET /messages",
})
export type Admin = Infer<typeof Admin>

/** The login form and logout: public. `returnTo` is where to go after logging in. */
const accountFormCases = {
  Login: t.case("GET|POST /login?returnTo=<returnTo:string?>", {
    user: FormData(t.option(t.string)),
    password: FormData(t.option(t.string)),
  }),
  Logout: "POST /logout",
} as const
export const AccountForms = t.union(accountFormCases)

/** The account area, embedded under `/account`: the profile page is protected by a login. */
export const Account = t.union({ Profile: "GET /", ...accountFormCases })
export type Account = Infer<typeof Account>

/** The HTML pages. `/blog`, `/blog/<id:int>`, `/blog/<slug>` are tried in this order. */
const pageCases = {
  Home: "GET /",
  Blog: "GET /blog",
  ArticleById: "GET /blog/<id:int>",
  ArticleBySlug: "GET /blog/<slug>",
  Search: "GET /search?q=<q:string?>&page=<page:int?>",
  Contact: "GET /contact",
  SendContact: t.case("POST /contact", {
    name: FormData(t.option(t.string)),
    email: FormData(t.option(t.string)),
    message: FormData(t.option(t.string)),
  }),
  Thanks: "GET /contact/thanks?name=<name>",
} as const

export const Pages = t.union(pageCases)
export type Pages = Infer<typeof Pages>

/** The static files under `/static`: the endpoint of `Sitelet.Files`, `{ $: "File", path }`. */
export const StaticFile = t.union({ File: "GET /<...path>" })

/** The whole site: the pages, plus the admin area, the account area, the API and the static files as single-field cases. */
export const Site = t.union({
  ...pageCases,
  Static: t.case("/static/<file>", { file: StaticFile }),
  Admin: t.case("/admin/<page>", { page: Admin }),
  Account: t.case("/account/<page>", { page: Account }),
  Api: t.case("/api/<call>", { call: Api }),
})
export type Site = Infer<typeof Site>
