/**
 * The site the MCP tests serve: a small JSON API (a read by id, a list with
 * an optional query field, a write behind `Protect` with bearer tokens, a
 * form login that issues them, a header field) next to an HTML page, each
 * handler counting its calls so a test can tell a refused call never
 * reached it.
 */
import {
  Auth,
  Content,
  FormData,
  Header,
  Html,
  Json,
  Media,
  Responds,
  Returns,
  Sitelet,
  t,
  type HostOptions,
} from "../../src/index.js"
import { Mcp, type McpOptions } from "../../src/mcp/index.js"

export const User = t.record({ id: t.int, name: t.string })
export const ApiError = t.record({ error: t.string })

export const Api = t.union({
  GetUser: t.case("GET /api/users/<id:int>", {}, Responds({ 200: User, 404: ApiError })),
  ListUsers: t.case(
    "GET /api/users?limit=<limit:int?>",
    { tenant: Header(t.option(t.string), "X-Tenant") },
    Returns(t.list(User)),
  ),
  Token: t.case(
    "POST /api/token",
    { user: FormData(t.string), password: FormData(t.string) },
    Responds({ 200: t.record({ token: t.string }), 401: ApiError }),
  ),
})

export const Writes = t.union({
  CreateUser: t.case("POST /api/users", { user: Json(t.record({ name: t.string })) }, Responds({ 201: User })),
})

export const Pages = t.union({ Home: t.case("GET /", {}, Returns(Media("text/html"))) })

/** How often each handler ran. */
export const calls = { GetUser: 0, ListUsers: 0, Token: 0, CreateUser: 0, Home: 0 }

export const secret = "the MCP tests' session secret, 32 bytes or more"
export const hostOptions: HostOptions = { session: { secret } }

const users = [
  { id: 1, name: "Ada" },
  { id: 2, name: "Bo" },
]

const api = Sitelet.Infer(Api, {
  GetUser: (_ctx, e) => {
    calls.GetUser++
    const user = users.find((candidate) => candidate.id === e.id)
    return user ? Content.Json(user) : Content.SetStatus(404, Content.Json({ error: `no user ${e.id}` }))
  },
  ListUsers: (_ctx, e) => {
    calls.ListUsers++
    const listed = users.slice(0, e.limit ?? users.length)
    return Content.Json(
      e.tenant === undefined ? listed : listed.map((user) => ({ ...user, name: `${e.tenant}/${user.name}` })),
    )
  },
  Token: async (ctx, e) => {
    calls.Token++
    if (e.user !== "ada" || e.password !== "secret")
      return Content.SetStatus(401, Content.Json({ error: "wrong password" }))
    return Content.Json({ token: await ctx.UserSession.IssueToken(e.user) })
  },
})

const writes = Sitelet.Protect(
  { VerifyUser: (user) => user === "ada", Credentials: [Auth.Bearer()] },
  Sitelet.Infer(Writes, {
    CreateUser: (_ctx, e) => {
      calls.CreateUser++
      return Content.SetStatus(201, Content.Json({ id: 3, name: e.user.name }))
    },
  }),
)

const pages = Sitelet.Infer(Pages, {
  Home: () => {
    calls.Home++
    return Content.Page({ Body: Html.h1(null, "home") })
  },
})

/** The site whose operations are the tools. */
export const site = Sitelet.Sum(writes, api, pages)

/** The served site: the site and its MCP server. */
export const served = (options: Partial<McpOptions> = {}) =>
  Sitelet.Sum(site, Mcp.Server(site, { Name: "users", Version: "2.0.0", Host: hostOptions, ...options }))
