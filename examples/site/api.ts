/**
 * The JSON API: `InferWithErrors` turns a wrong method into 405 and a bad
 * body into 400, with `Content.SetStatus`.
 */
import { Content, Http, Sitelet, t, type Context, type HttpStatus } from "../../src/index.js"
import { Api, ApiError } from "./endpoints.js"
import { store } from "./data.js"

const failure = (status: HttpStatus, error: string) => Content.SetStatus(status, Content.Json({ error }, ApiError))

const serveCall = (ctx: Context<Api>, call: Api) => {
  switch (call.$) {
    case "ListArticles":
      // Written with the answers the case declares (200: t.list(Article)): dates as yyyy-MM-dd.
      return Content.Json([...store.articles()])
    case "GetArticle": {
      const found = store.byId(call.id)
      return found ? Content.Json(found) : failure(Http.Status.NotFound, `no article ${call.id}`)
    }
    case "CreateArticle": {
      if (call.article.title.trim() === "") return failure(Http.Status.BadRequest, "title must not be empty")
      const created = store.add(call.article)
      return Content.WithHeaders(Content.SetStatus(Http.Status.Created, Content.Json(created)), {
        Location: ctx.Link({ $: "GetArticle", id: created.id }),
      })
    }
  }
}

/**
 * Every other URL under `/api`: a JSON 404 too (an API client gets JSON for
 * every answer, never the host's plain-text 404). A `Fallback`, so a known
 * path with a wrong method or a bad body still gets the API's 405 or 400.
 */
export const apiNotFound = Sitelet.Fallback(
  Sitelet.Infer(t.union({ Unknown: "/<...path>" }), (_ctx, e) =>
    failure(Http.Status.NotFound, `no API endpoint /api/${e.path}`),
  ),
)

/** The API sitelet (its own URLs; the site mounts it under `/api`). */
export const api = Sitelet.InferWithErrors(Api, (ctx, result) => {
  switch (result.$) {
    case "Success":
      return serveCall(ctx, result.endpoint)
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
  }
})
