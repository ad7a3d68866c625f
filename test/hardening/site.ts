/**
 * The sitelet every hardening case runs against: typed segments, a string
 * segment, JSON and form cases, a body reader, a handler that throws, and a
 * protected area behind a login.
 */
import { t } from "../../src/descriptor/t.js"
import { FormData, Json, MaxBytes } from "../../src/descriptor/attributes.js"
import type { Descriptor } from "../../src/descriptor/descriptor.js"
import { Content } from "../../src/sitelet/content/content.js"
import { Infer } from "../../src/sitelet/infer.js"
import type { Infer as InferType } from "../../src/descriptor/descriptor.js"
import type { Sitelet } from "../../src/sitelet/sitelet.js"
import { Protect } from "../../src/sitelet/auth/protect.js"
import { Sum } from "../../src/sitelet/combinators.js"

/** A recursive JSON shape, for the depth limit. */
export const Node: Descriptor = t.lazy(() => t.record({ kids: t.list(Node) }))

export const Site = t.union({
  Home: "GET /",
  Item: "GET /item/<id:int>",
  File: "GET /files/<name>",
  Echo: t.case("POST /echo", { post: Json(t.record({ title: t.string, n: t.int })) }),
  Big: t.case("POST /big", { n: Json(t.bigint) }),
  Tree: t.case("POST /tree", { tree: Json(Node) }),
  Form: t.case("POST /form", { name: FormData(t.string) }),
  Upload: "POST /upload",
  // A route with a small limit of its own, for trickled and oversized bodies (the runtime matrix).
  Small: t.case("POST /small", { post: Json(t.record({ title: t.string, n: t.int })) }, MaxBytes(1024)),
  Boom: "GET /boom",
  Login: "GET /login",
})

/** How many upload handlers got their body (an aborted upload must never deliver a partial one). */
export const calls = { upload: 0, admin: 0, echo: 0 }

const publicSite = Infer(Site, {
  Home: () => Content.Text("home"),
  Item: (_ctx, e) => Content.Text(`item:${e.id}`),
  File: (_ctx, e) => Content.Text(`file:${e.name}`),
  Echo: (_ctx, e) => (calls.echo++, Content.Text(`echo:${e.post.title}:${e.post.n}:${Object.keys(e.post).join(",")}`)),
  Big: (_ctx, e) => Content.Text(`big:${String(e.n).length}`),
  Tree: () => Content.Text("tree"),
  Form: (_ctx, e) => Content.Text(`form:${e.name}`),
  Upload: async (ctx) => {
    // Bodies are read lazily: count only handlers that got a complete body.
    const body = await ctx.Request.body()
    calls.upload++
    return Content.Text(`upload:${body.length}`)
  },
  Small: (_ctx, e) => Content.Text(`small:${e.post.title.length}`),
  Boom: () => {
    throw new Error("handler failure")
  },
  Login: () => Content.Text("login page"),
})

/** The protected part: its own union, linked (and redirected) through the whole site. */
export const AdminSite = t.union({ Admin: "GET /admin/<page>" })
type Endpoint = InferType<typeof Site> | InferType<typeof AdminSite>
const adminSite: Sitelet<Endpoint> = Infer(AdminSite, {
  Admin: (_ctx, e) => {
    calls.admin++
    return Content.Text(`admin:${e.page}`)
  },
})

/**
 * Only `/admin/<page>` is protected; every other case is public. The guard
 * comes first, so its redirect links `Login` through another part of the Sum.
 */
export const site = Sum(
  Protect<Endpoint>({ VerifyUser: (user) => user === "root", LoginRedirect: () => ({ $: "Login" }) }, adminSite),
  publicSite,
)
