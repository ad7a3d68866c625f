/**
 * The sitelet every host test serves, and the shared case table all three
 * hosts must agree on.
 */
import { t } from "../../src/descriptor/t.js"
import { Sitelet } from "../../src/api/sitelet-namespace.js"
import { Content } from "../../src/sitelet/content/content.js"
import { Http } from "../../src/sitelet/http/http-status.js"
import { Json } from "../../src/descriptor/attributes.js"
import { hostMessages } from "../../src/host/host-errors.js"
import { routerMessages } from "../../src/router/messages.js"
import type { WireRequest, WireResponse } from "./support.js"

const Item = t.record({ name: t.string, count: t.int })

const Pages = t.union({
  Home: "GET /",
  Blog: "GET /blog",
  BlogId: "GET /blog/<id:int>",
  BlogSlug: "GET /blog/<slug>",
  Search: "GET /search?q=<q>&page=<page:int?>",
  Boom: "GET /boom",
  Login: "POST /login/<name>",
  Me: "GET /me",
  Links: "GET /links",
})

const Api = t.union({
  Echo: t.case("POST /echo", { item: Json(Item) }),
  Ping: "GET /ping",
})

const pages = Sitelet.Infer(Pages, {
  Home: () => Content.Text("home"),
  Blog: () => Content.Text("blog"),
  BlogId: (ctx, e) => Content.Text(`id ${e.id}`),
  BlogSlug: (ctx, e) => Content.Text(`slug ${e.slug}`),
  Search: (ctx, e) => Content.Text(`q=${e.q} page=${e.page ?? "-"}`),
  Boom: () => {
    throw new Error("handler failure (expected in tests)")
  },
  Login: async (ctx, e) => {
    await ctx.UserSession.LoginUser(e.name)
    return Content.Text("logged in")
  },
  Me: async (ctx) => Content.Text(`me=${(await ctx.UserSession.GetLoggedInUser()) ?? "-"}`),
  Links: (ctx) => Content.Text(ctx.Link({ $: "BlogId", id: 3 })),
})

const api = Sitelet.InferWithErrors(Api, (ctx, r) => {
  switch (r.$) {
    case "Success":
      return r.endpoint.$ === "Echo" ? Content.Json(r.endpoint.item, Item) : Content.Text("pong")
    case "InvalidMethod":
      return Content.SetStatus(Http.Status.MethodNotAllowed, Content.Text(`no ${r.method}`))
    default:
      return Content.SetStatus(Http.Status.BadRequest, Content.Text(r.$))
  }
})

/** The served sitelet: pages at the root, the API under `/api`. */
export const hostSite = Sitelet.Sum(pages, Sitelet.Shift("api", api))

/** One row of the shared table. */
export interface HostCase {
  readonly name: string
  readonly request: WireRequest
  readonly status: number
  readonly body?: string
  /** Under Express the error goes to the app (`next(err)`): what the test app's error handler writes, when it differs. */
  readonly expressBody?: string
  readonly contentType?: string
}

const mib = 1024 * 1024

/** Requests and the answer every host must give. */
// biome-ignore format: a table, one row per line
export const hostCases: readonly HostCase[] = [
  { name: "root", request: { target: "/" }, status: 200, body: "home", contentType: "text/plain; charset=utf-8" },
  { name: "declaration order: literal", request: { target: "/blog" }, status: 200, body: "blog" },
  { name: "declaration order: int", request: { target: "/blog/12" }, status: 200, body: "id 12" },
  { name: "declaration order: string, decoded once", request: { target: "/blog/a%20b%252F" }, status: 200, body: "slug a b%2F" },
  { name: "encoded slash stays in its segment", request: { target: "/blog/a%2Fb" }, status: 200, body: "slug a/b" },
  { name: "empty segments are ignored", request: { target: "/blog//12/" }, status: 200, body: "id 12" },
  { name: "query", request: { target: "/search?q=a+b&page=2&zzz=1" }, status: 200, body: "q=a b page=2" },
  { name: "optional query key", request: { target: "/search?q=x" }, status: 200, body: "q=x page=-" },
  { name: "HEAD served by GET without a body", request: { method: "HEAD", target: "/blog/12" }, status: 200, body: "" },
  { name: "unknown path falls through", request: { target: "/nothing" }, status: 404, body: "Not Found" },
  { name: "Shift is segment-exact", request: { target: "/apix/ping" }, status: 404, body: "Not Found" },
  { name: "shifted part", request: { target: "/api/ping" }, status: 200, body: "pong" },
  { name: "JSON body", request: { method: "POST", target: "/api/echo", headers: { "content-type": "application/json" }, body: '{"name":"n","count":2}' }, status: 200, body: '{"name":"n","count":2}', contentType: "application/json" },
  { name: "invalid JSON → InferWithErrors 400", request: { method: "POST", target: "/api/echo", headers: { "content-type": "application/json" }, body: '{"name":' }, status: 400, body: "InvalidJson" },
  { name: "wrong method → InferWithErrors 405", request: { method: "PUT", target: "/api/ping" }, status: 405, body: "no PUT" },
  { name: "wrong method on a JSON case → 405 (body not read)", request: { method: "PUT", target: "/api/echo", body: "{" }, status: 405, body: "no PUT" },
  { name: "links", request: { target: "/links" }, status: 200, body: "/blog/3" },
  { name: "handler exception → generic 500", request: { target: "/boom" }, status: 500, body: hostMessages.internalError },
  { name: "malformed percent-encoding → 400", request: { target: "/blog/%zz" }, status: 400, body: hostMessages.badTarget(routerMessages.targetBadEscapeInPath) },
  { name: "overlong UTF-8 → 400", request: { target: "/blog/%C0%AE" }, status: 400, body: hostMessages.badTarget(routerMessages.targetBadEscapeInPath) },
  { name: "lone surrogate → 400", request: { target: "/blog/%ED%A0%80" }, status: 400, body: hostMessages.badTarget(routerMessages.targetBadEscapeInPath) },
  { name: "URL over 8 KiB → 414", request: { target: `/blog/${"a".repeat(8200)}` }, status: 414, body: hostMessages.urlTooLong(8192) },
  { name: "more than 1000 query parameters → 414", request: { target: `/search?${Array.from({ length: 1001 }, (_, i) => `k${i}=1`).join("&")}` }, status: 414, body: hostMessages.tooManyParameters(1000) },
  { name: "1000 query parameters are fine", request: { target: `/search?q=x&${Array.from({ length: 999 }, (_, i) => `k${i}=1`).join("&")}` }, status: 200, body: "q=x page=-" },
  { name: "body over 1 MiB (declared) → 413", request: { method: "POST", target: "/api/echo", headers: { "content-type": "application/json" }, body: "x".repeat(mib + 1) }, status: 413, body: tooLarge(mib), expressBody: hostMessages.bodyTooLarge(mib) },
  { name: "body over 1 MiB (chunked, no length) → 413", request: { method: "POST", target: "/api/echo", headers: { "content-type": "application/json" }, body: "x".repeat(mib + 10), chunked: 64 * 1024 }, status: 413, body: tooLarge(mib), expressBody: hostMessages.bodyTooLarge(mib) },
  { name: "body of exactly 1 MiB is read", request: { method: "POST", target: "/api/echo", headers: { "content-type": "application/json" }, body: `{"name":"${"x".repeat(mib - 22)}","count":1}` }, status: 200 },
]

/** The problem details a body over its limit gets (the limit stated), as every host writes them. */
function tooLarge(limit: number): string {
  return JSON.stringify({
    type: "about:blank",
    title: "Content Too Large",
    status: 413,
    detail: hostMessages.bodyTooLarge(limit),
  })
}

/** The part of a response the table compares. */
export const observed = (response: WireResponse) => ({ status: response.status, body: response.body })
