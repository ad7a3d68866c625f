/**
 * The JSON API: `InferWithErrors` turns a wrong method into 405 and a bad
 * body into 400, with `Content.SetStatus`. Reads are public; writes need a
 * bearer token from `POST /api/token` (`Sitelet.Protect` with
 * `Auth.Bearer()`), while the pages keep the session cookie.
 */
import { storable } from "./storable.js"
import {
  Auth,
  Content,
  Http,
  Responds,
  Router,
  Sitelet,
  t,
  type Context,
  type HttpStatus,
  type ParseRequestResult,
} from "../../src/index.js"
import { checkPassword, isKnownUser, passwordKey, passwordLimit } from "./account.js"
import { Api, ApiError, ApiWrites, Site } from "./endpoints.js"
import { store } from "./data.js"

// A handler links its own part's endpoints in types (ctx.Link); the article is the public part's: its URL from the
// site's router, under the path the site is mounted at — what ctx.Link gives at run time.
const siteRouter = Router.Infer(Site)
const articleUrl = (ctx: Context<ApiWrites>, id: number) =>
  ctx.ApplicationPath + siteRouter.Link({ $: "Api", call: { $: "GetArticle", id } })

/** How long an API token is valid, in seconds. */
const tokenSeconds = 3600

const failure = (status: HttpStatus, error: string) => Content.SetStatus(status, Content.Json({ error }, ApiError))

const serveCall = async (ctx: Context<Api>, call: Api) => {
  switch (call.$) {
    case "Token": {
      if (!checkPassword(call.user, call.password))
        return failure(Http.Status.Unauthorized, "unknown user or wrong password")
      const token = await ctx.UserSession.IssueToken(call.user, { maxAgeSeconds: tokenSeconds })
      return Content.Json({ token, expiresIn: tokenSeconds })
    }
    case "ListArticles":
      // Written with the answers the case declares (200: t.list(Article)): dates as yyyy-MM-dd.
      return Content.Json((await store.articles()).slice(0, Math.max(0, call.limit ?? Number.MAX_SAFE_INTEGER)))
    case "GetArticle": {
      const found = await store.byId(call.id)
      return found ? Content.Json(found) : failure(Http.Status.NotFound, `no article ${call.id}`)
    }
  }
}

/**
 * Every other URL under `/api`: a JSON 404 too (an API client gets JSON for
 * every answer, never the host's plain-text 404). A `Fallback`, so a known
 * path with a wrong method or a bad body still gets the API's 405 or 400.
 */
export const apiNotFound = Sitelet.Fallback(
  // Declared as what it answers: a JSON 404, whatever the method (the document lists it so). And a known path
  // under a method its case does not take gets the API's JSON 405: a proxy reading the document finds such a
  // request (GET /api/token) here, so this operation lists that 405 too.
  Sitelet.Infer(t.union({ Unknown: t.case("/<...path>", {}, Responds({ 404: ApiError, 405: ApiError })) }), (_ctx, e) =>
    failure(Http.Status.NotFound, `no API endpoint /api/${e.path}`),
  ),
)

// The answers to a call that does not parse (InferWithErrors hands it to the handler), in JSON: reads and writes alike.
const refusal = (result: Exclude<ParseRequestResult<unknown>, { $: "Success" }>) => {
  switch (result.$) {
    case "InvalidMethod":
      return failure(Http.Status.MethodNotAllowed, `method ${result.method} not allowed`)
    case "InvalidJson":
      // The codec's reason, with its JSON path: `$.title: expected string, got 7`.
      return failure(
        Http.Status.BadRequest,
        `the body must be { title: string, body: string }: ${result.error.message}`,
      )
    case "MissingQueryParameter":
      return failure(Http.Status.BadRequest, `missing query parameter '${result.name}'`)
    case "MissingFormData":
      return failure(Http.Status.BadRequest, `form field '${result.name}': ${result.reason}`)
    case "InvalidHeader":
      return failure(Http.Status.BadRequest, `header '${result.name}' is missing or not what this endpoint reads`)
    case "InvalidCookie":
      return failure(Http.Status.BadRequest, `cookie '${result.name}' is missing or not what this endpoint reads`)
  }
}

/**
 * The API's public part (its own URLs; the site mounts it under `/api`).
 * The token endpoint is rate-limited per user name by the site's one
 * password limit (5 attempts, then one a minute: 429 with Retry-After),
 * shared with the login form, so a password cannot be guessed quickly on
 * either path.
 */
export const api = Sitelet.RateLimit<Api>(
  // A request without a user name is refused (400) for its missing field: no bucket of its own, and none shared.
  { ...passwordLimit, Key: (_ctx, e) => (e.$ === "Token" && e.user !== "" ? passwordKey(e.user) : undefined) },
  Sitelet.InferWithErrors(
    Api,
    (ctx, result) => (result.$ === "Success" ? serveCall(ctx, result.endpoint) : refusal(result)),
    storable,
  ),
)

/**
 * The API's writes: a bearer token of a known user (from `POST /api/token`),
 * else 401 with `WWW-Authenticate: Bearer realm="api"` (and the RFC 6750
 * error for a bad or expired token). Mounted before the public part, so a
 * write that does not parse is refused after the credentials are checked.
 */
export const apiWrites = Sitelet.Protect<ApiWrites>(
  { VerifyUser: isKnownUser, Credentials: [Auth.Bearer()], Realm: "api" },
  Sitelet.InferWithErrors(
    ApiWrites,
    async (ctx, result) => {
      if (result.$ !== "Success") return refusal(result)
      const { article } = result.endpoint
      if (article.title.trim() === "") return failure(Http.Status.BadRequest, "title must not be empty")
      const created = await store.add(article)
      return Content.WithHeaders(Content.SetStatus(Http.Status.Created, Content.Json(created)), {
        Location: articleUrl(ctx, created.id),
      })
    },
    storable,
  ),
)
