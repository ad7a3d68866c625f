/**
 * The example site's endpoints: one declaration gives parsing, typed links
 * and the JSON codec. Pages, the JSON API, the admin area and the account
 * area are separate unions; `Site` holds them all, so every link in the site
 * is typed.
 */
import { t, Doc, FormData, Header, Json, Media, Name, NoBody, Responds, Returns, type Infer } from "../../src/index.js"

/** An article as the JSON API returns it. */
export const Article = t.record(
  {
    id: t.int,
    slug: t.string,
    title: t.string,
    body: t.string,
    published: t.datetime("yyyy-MM-dd"),
  },
  Name("Article"),
)
export type Article = Infer<typeof Article>

/** The body of `POST /api/articles`. */
export const NewArticle = t.record({ title: t.string, body: t.string }, Name("NewArticle"))
export type NewArticle = Infer<typeof NewArticle>

/** The API's error answer. */
export const ApiError = t.record({ error: t.string }, Name("ApiError"))

/** The token endpoint's answer: a bearer token and its lifetime in seconds. */
export const ApiToken = t.record({ token: t.string, expiresIn: t.int }, Name("ApiToken"))

/**
 * Where the JSON API lives: the server shifts its sitelets there (site.ts)
 * and the front end its client router (client/routes.ts), so both describe
 * the same URLs.
 */
export const apiPrefix = "api"

/**
 * The JSON API, served under `/api` with `InferWithErrors`. Each case
 * declares its answers: the handler's `Content.Json(value)` is written with
 * them, the typed client decodes them, and `/openapi.json` lists them.
 */
export const Api = t.union({
  // Every case answers 405 for a method it does not take (the API's InferWithErrors handler says so in JSON).
  // An optional request header: at most this many articles (a header parameter in /openapi.json).
  ListArticles: t.case(
    "GET /articles",
    { limit: Header(t.option(t.int), "X-Limit") },
    Doc({ Summary: "List the articles", Description: "Every article, oldest first; X-Limit keeps the first ones." }),
    // 400 for an X-Limit that is not an int (the API's InferWithErrors handler says so in JSON).
    Responds({ 200: t.list(Article), 400: ApiError, 405: ApiError }),
  ),
  GetArticle: t.case(
    "GET /articles/<id:int>",
    {},
    Doc({ Summary: "One article", Description: "The article with this id, or 404." }),
    Responds({ 200: Article, 404: ApiError, 405: ApiError }),
  ),
  // A bearer token for the API's writes, for a user and password (the demo user: ada / lovelace).
  Token: t.case(
    "POST /token",
    { user: FormData(t.string), password: FormData(t.string) },
    Doc({
      Summary: "A bearer token",
      Description:
        "A token for the API's writes, sent as Authorization: Bearer <token>, for a user and password (the demo account: ada / lovelace). Five attempts per user name, then one a minute (429 with Retry-After), shared with the login form.",
    }),
    Responds({ 200: ApiToken, 400: ApiError, 401: ApiError, 405: ApiError }),
  ),
})
export type Api = Infer<typeof Api>

/**
 * The API's writes, under `/api` too, behind `Sitelet.Protect` with bearer
 * tokens (`Authorization: Bearer <token>` from `POST /api/token`): without
 * one, 401 with `WWW-Authenticate: Bearer`.
 */
export const ApiWrites = t.union({
  CreateArticle: t.case(
    "POST /articles",
    { article: Json(NewArticle) },
    Doc({
      Summary: "Create an article",
      Description: "Adds an article (its slug made from the title) and answers it, with its URL in Location.",
    }),
    Responds(
      { 201: Article, 400: ApiError, 405: ApiError },
      { Headers: { 201: { Location: "The new article's URL" } } },
    ),
  ),
})
export type ApiWrites = Infer<typeof ApiWrites>

/**
 * What the pages answer: HTML (`Media`: a body that is not JSON), and
 * redirects without a body (`NoBody`). Declared, so `/openapi.json` lists
 * exactly the statuses each page answers, with `text/html`.
 */
const Html = Media("text/html")

/** The admin area, a sitelet of its own embedded under `/admin`. */
export const Admin = t.union({
  Dashboard: t.case("GET /", {}, Returns(Html)),
  Messages: t.case("GET /messages", {}, Returns(Html)),
})
export type Admin = Infer<typeof Admin>

/**
 * The login form and logout: public. `returnTo` is where to go after
 * logging in. The form is a GET of its own and its fields a POST's only, so
 * no document lists a password as a query parameter.
 */
const accountFormCases = {
  Login: t.case(
    "GET /login?returnTo=<returnTo:string?>",
    {},
    Doc({ Summary: "The login form", Description: "An HTML form that posts the user and password to LogIn." }),
    Returns(Html),
  ),
  LogIn: t.case(
    "POST /login?returnTo=<returnTo:string?>",
    { user: FormData(t.option(t.string)), password: FormData(t.option(t.string)) },
    Doc({
      Summary: "Log in",
      Description:
        "Checks the user and password (the demo account: ada / lovelace) and sets the session cookie. The same limit as POST /api/token: five attempts per user name, then one a minute.",
    }),
    // On to the page asked for (303), the form again for a wrong password (401) or past the password limit
    // (429, with Retry-After).
    Responds(
      { 303: NoBody, 401: Html, 429: Html },
      { Headers: { 429: { "Retry-After": "Seconds until the next attempt" } } },
    ),
  ),
  Logout: t.case(
    "POST /logout",
    {},
    Doc({ Summary: "Log out", Description: "Ends the session and goes back to the login form." }),
    Responds({ 303: NoBody }),
  ),
} as const
export const AccountForms = t.union(accountFormCases)

/** The account area, embedded under `/account`: the profile page is protected by a login. */
export const Account = t.union({ Profile: t.case("GET /", {}, Returns(Html)), ...accountFormCases })
export type Account = Infer<typeof Account>

/** The HTML pages. `/blog`, `/blog/<id:int>`, `/blog/<slug>` are tried in this order. */
const pageCases = {
  Home: t.case("GET /", {}, Returns(Html)),
  Blog: t.case("GET /blog", {}, Returns(Html)),
  ArticleById: t.case("GET /blog/<id:int>", {}, Responds({ 301: NoBody, 404: Html })),
  ArticleBySlug: t.case("GET /blog/<slug>", {}, Responds({ 200: Html, 404: Html })),
  Search: t.case("GET /search?q=<q:string?>&page=<page:int?>", {}, Returns(Html)),
  Contact: t.case("GET /contact", {}, Returns(Html)),
  SendContact: t.case(
    "POST /contact",
    {
      name: FormData(t.option(t.string)),
      email: FormData(t.option(t.string)),
      message: FormData(t.option(t.string)),
    },
    // On to the thanks page (303), or the form again with what was missing (400).
    Responds({ 303: NoBody, 400: Html }),
  ),
  Thanks: t.case("GET /contact/thanks?name=<name>", {}, Returns(Html)),
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
  ApiWrite: t.case("/api/<call>", { call: ApiWrites }),
})
export type Site = Infer<typeof Site>
