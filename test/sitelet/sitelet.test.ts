import { describe, expect, it } from "vitest"
import fc from "fast-check"
import { t } from "../../src/descriptor/t.js"
import { EndPoint, Json, Query } from "../../src/descriptor/attributes.js"
import type { Infer } from "../../src/descriptor/descriptor.js"
import { Router } from "../../src/router/router.js"
import { Sitelet } from "../../src/api/sitelet-namespace.js"
import { Content } from "../../src/sitelet/content/content.js"
import { Application } from "../../src/api/application.js"
import { siteletMessages } from "../../src/sitelet/messages.js"
import { makeSitelet } from "../../src/sitelet/sitelet.js"

const get = async (site: { Handle(r: Request): Promise<Response | undefined> }, path: string, init?: RequestInit) => {
  const response = await site.Handle(new Request(`http://localhost${path}`, init))
  return response === undefined
    ? undefined
    : { status: response.status, body: await response.text(), headers: response.headers }
}

const Pages = t.union({
  Home: "GET /",
  Blog: "GET /blog",
  BlogId: "GET /blog/<id:int>",
  BlogSlug: "GET /blog/<slug>",
})

const Api = t.union({
  Users: "GET /users",
  User: "GET /users/<id:int>",
})

const pages = Sitelet.Infer(Pages, {
  Home: (ctx) => Content.Text(`home ${ctx.Link({ $: "BlogId", id: 7 })}`),
  Blog: () => Content.Text("blog"),
  BlogId: (ctx, e) => Content.Text(`id ${e.id}`),
  BlogSlug: (ctx, e) => Content.Text(`slug ${e.slug}`),
})
const api = Sitelet.Infer(Api, (ctx, e) => Content.Text(e.$ === "User" ? `user ${e.id}` : "users"))

describe("Sitelet.Infer", () => {
  it("dispatches per case in declaration order", async () => {
    expect((await get(pages, "/"))?.body).toBe("home /blog/7")
    expect((await get(pages, "/blog"))?.body).toBe("blog")
    expect((await get(pages, "/blog/12"))?.body).toBe("id 12")
    expect((await get(pages, "/blog/hello%20world"))?.body).toBe("slug hello world")
    expect(await get(pages, "/nothing/here")).toBeUndefined()
  })
  it("accepts a single function handler", async () => {
    expect((await get(api, "/users/3"))?.body).toBe("user 3")
  })
  it("refuses a handler object missing a case at build time", () => {
    expect(() => Sitelet.Infer(Api, { Users: () => Content.Text("x") } as never)).toThrow(
      siteletMessages.handlerMissing("User"),
    )
  })
  it("Sitelet.New takes any router", async () => {
    const numbers = Sitelet.New(Router.Infer(t.int), (ctx, n) => Content.Text(String(n * 2)))
    expect((await get(numbers, "/21"))?.body).toBe("42")
  })
  it("Application.MultiPage is Sitelet.Infer", () => {
    expect(Application.MultiPage).toBe(Sitelet.Infer)
  })
})

describe("Sum and plus", () => {
  const site = Sitelet.Sum(pages, Sitelet.Shift("api", api))
  it("serves every part and links across parts", async () => {
    expect((await get(site, "/api/users/4"))?.body).toBe("user 4")
    expect((await get(site, "/blog"))?.body).toBe("blog")
    const linker = Sitelet.Sum(
      Sitelet.Content("/about", { $: "About" } as const, (ctx) =>
        Content.Text((ctx.Link as (e: unknown) => string)({ $: "User", id: 9 })),
      ),
      Sitelet.Shift("api", api),
    )
    expect((await get(linker, "/about"))?.body).toBe("/api/users/9")
  })
  it("takes one array", async () => {
    const fromArray = Sitelet.Sum([pages, Sitelet.Shift("api", api)])
    expect((await get(fromArray, "/api/users"))?.body).toBe("users")
  })
  it("is first-wins, not commutative", async () => {
    const a = Sitelet.Content("/x", { $: "A" } as const, Content.Text("a"))
    const b = Sitelet.Content("/x", { $: "B" } as const, Content.Text("b"))
    expect((await get(a.plus(b), "/x"))?.body).toBe("a")
    expect((await get(b.plus(a), "/x"))?.body).toBe("b")
  })
  it("is a monoid with Empty (laws checked on every path of a table)", async () => {
    const a = Sitelet.Content("/x", { $: "A" } as const, Content.Text("a"))
    const b = Sitelet.Infer(t.union({ X: "GET /x", Y: "GET /y/<n:int>" }), (ctx, e) =>
      Content.Text(`b ${JSON.stringify(e)}`),
    )
    const c = Sitelet.Infer(t.union({ Y: "/y/<s>", Z: "/z" }), (ctx, e) => Content.Text(`c ${JSON.stringify(e)}`))
    const answer = async (site: Sitelet<unknown>, path: string) => JSON.stringify(await get(site, path))
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("/x", "/y/1", "/y/q", "/z", "/", "/w"), async (path) => {
        const plain = await answer(a, path)
        expect(await answer(Sitelet.Empty.plus(a), path)).toBe(plain)
        expect(await answer(a.plus(Sitelet.Empty), path)).toBe(plain)
        expect(await answer(a.plus(b).plus(c), path)).toBe(await answer(a.plus(b.plus(c)), path))
        expect(await answer(Sitelet.Sum(a, b, c), path)).toBe(await answer(a.plus(b).plus(c), path))
      }),
    )
    expect(await get(Sitelet.Empty, "/")).toBeUndefined()
    expect(await get(Sitelet.Sum(), "/")).toBeUndefined()
  })
})

describe("Shift and Folder", () => {
  it("is segment-exact", async () => {
    const shifted = Sitelet.Shift("api", api)
    expect((await get(shifted, "/api/users"))?.body).toBe("users")
    expect(await get(shifted, "/apix/users")).toBeUndefined()
    expect(await get(shifted, "/users")).toBeUndefined()
    expect(shifted.Router.Link({ $: "User", id: 1 })).toBe("/api/users/1")
  })
  it("accepts several segments and refuses bad prefixes", async () => {
    const v1 = Sitelet.Shift("api/v1", api)
    expect((await get(v1, "/api/v1/users"))?.body).toBe("users")
    expect(() => Sitelet.Shift("", api)).toThrow(siteletMessages.badShiftSegment(""))
    expect(() => Sitelet.Shift("..", api)).toThrow(siteletMessages.badShiftSegment(".."))
  })
  it("links from inside the shifted part include the prefix", async () => {
    const inner = Sitelet.Infer(t.union({ A: "GET /a", B: "GET /b" }), (ctx, e) =>
      Content.Text(ctx.Link({ $: e.$ === "A" ? "B" : "A" })),
    )
    const folder = Sitelet.Folder("docs", [inner, Sitelet.Content("/c", { $: "C" } as const, Content.Text("c"))])
    expect((await get(folder, "/docs/a"))?.body).toBe("/docs/b")
    expect((await get(folder, "/docs/c"))?.body).toBe("c")
  })
})

describe("Map, Embed, EmbedInUnion, InferPartial", () => {
  const Admin = t.union({ Dashboard: "GET /", User: "GET /user/<name>" })
  type Admin = Infer<typeof Admin>
  const Site = t.union({
    Home: "GET /",
    Admin: t.case("/admin/<page>", { page: Admin }),
  })
  type Site = Infer<typeof Site>
  const admin = Sitelet.Infer(Admin, {
    Dashboard: (ctx) => Content.Text(`dash -> ${ctx.Link({ $: "User", name: "bob" })}`),
    User: (ctx, e) => Content.Text(`user ${e.name}`),
  })

  it("Map translates endpoints both ways", async () => {
    const doubled = Sitelet.Map(
      (n: number) => ({ n }),
      (e: { n: number }) => e.n,
      Sitelet.New(Router.Infer(t.int), (ctx, n) => Content.Text(ctx.Link(n + 1))),
    )
    expect((await get(doubled, "/4"))?.body).toBe("/5")
    expect(doubled.Router.Link({ n: 3 })).toBe("/3")
  })
  it("Embed links only what it embeds", async () => {
    const embedded = Sitelet.Embed(
      (page: Admin): Site => ({ $: "Admin", page }),
      (s: Site) => (s.$ === "Admin" ? s.page : undefined),
      admin,
    )
    expect((await get(embedded, "/user/x"))?.body).toBe("user x")
    expect(() => embedded.Router.Link({ $: "Home" })).toThrow()
  })
  const home = Sitelet.Infer(Site, {
    Home: (ctx) => Content.Text(ctx.Link({ $: "Admin", page: { $: "Dashboard" } })),
    Admin: () => Content.NotFound(),
  })
  it("EmbedInUnion puts a sitelet in a case (its own URLs; Shift adds the prefix) and translates its links", async () => {
    const site = Sitelet.Sum(Sitelet.Shift("admin", Sitelet.EmbedInUnion(Site, "Admin", admin)), home)
    expect((await get(site, "/admin"))?.body).toBe("dash -> /admin/user/bob")
    expect((await get(site, "/admin/user/al"))?.body).toBe("user al")
    expect((await get(site, "/"))?.body).toBe("/admin")
    expect(Sitelet.EmbedInUnion(Site, "Admin", admin).Router.Link({ $: "Admin", page: { $: "User", name: "x" } })).toBe(
      "/user/x",
    )
  })
  it("EmbedInUnion checks the case at run time too", () => {
    expect(() => Sitelet.EmbedInUnion(Site, "Home" as never, admin)).toThrow(
      siteletMessages.caseNotSingleField("Sitelet.EmbedInUnion", "Home"),
    )
    expect(() => Sitelet.EmbedInUnion(Site, "Nope" as never, admin)).toThrow(
      siteletMessages.unknownCase("Sitelet.EmbedInUnion", "Nope"),
    )
  })
  it("InferPartialInUnion handlers link outer endpoints", async () => {
    const part = Sitelet.InferPartialInUnion(Site, "Admin", {
      Dashboard: (ctx) => Content.Text(ctx.Link({ $: "Home" })),
      User: (ctx, e) => Content.Text(ctx.Link({ $: "Admin", page: { $: "User", name: e.name + "!" } })),
    })
    const site = Sitelet.Sum(Sitelet.Shift("admin", part), home)
    expect((await get(site, "/admin"))?.body).toBe("/")
    expect((await get(site, "/admin/user/al"))?.body).toBe("/admin/user/al!")
    expect((await get(site, "/"))?.body).toBe("/admin")
  })
  it("InferPartial with explicit functions", async () => {
    const part = Sitelet.InferPartial(
      Admin,
      (page): Site => ({ $: "Admin", page }),
      (s: Site) => (s.$ === "Admin" ? s.page : undefined),
      (ctx, e) => Content.Text(`${e.$} ${ctx.Link({ $: "Admin", page: { $: "Dashboard" } })}`),
    )
    expect((await get(part, "/user/z"))?.body).toBe("User /")
  })
  it("links under Shift and a base path", async () => {
    const site = Sitelet.Shift("app", Sitelet.Shift("admin", Sitelet.EmbedInUnion(Site, "Admin", admin)))
    const response = await site.Handle(new Request("http://localhost/root/app/admin"), { basePath: "/root" })
    expect(await response?.text()).toBe("dash -> /root/app/admin/user/bob")
    expect(await site.Handle(new Request("http://localhost/app/admin"), { basePath: "/root" })).toBeUndefined()
  })
})

describe("InferWithErrors", () => {
  const Post = t.record({ title: t.string })
  const Api2 = t.union({
    List: "GET /posts",
    Create: t.case("POST /posts/new", { post: Json(Post) }),
    Search: t.case({ q: t.string }, EndPoint("GET /search"), Query("q")),
  })
  const site = Sitelet.InferWithErrors(Api2, (ctx, r) =>
    Content.SetStatus(
      r.$ === "Success"
        ? { code: 200, text: "OK" }
        : r.$ === "InvalidMethod"
          ? { code: 405, text: "Method Not Allowed" }
          : { code: 400, text: "Bad Request" },
      Content.Json(r),
    ),
  )
  it("reports the error kinds with defaults", async () => {
    expect(await get(site, "/posts")).toMatchObject({ status: 200 })
    const wrongMethod = await get(site, "/posts", { method: "DELETE" })
    expect(wrongMethod?.status).toBe(405)
    expect(JSON.parse(wrongMethod!.body)).toMatchObject({ $: "InvalidMethod", method: "DELETE" })
    const missing = await get(site, "/search")
    expect(JSON.parse(missing!.body)).toEqual({
      $: "MissingQueryParameter",
      endpoint: { $: "Search", q: "" },
      name: "q",
    })
    const badJson = await get(site, "/posts/new", {
      method: "POST",
      body: "{",
      headers: { "content-type": "application/json" },
    })
    expect(badJson?.status).toBe(400)
    expect(JSON.parse(badJson!.body).$).toBe("InvalidJson")
    const ok = await get(site, "/posts/new", {
      method: "POST",
      body: '{"title":"t"}',
      headers: { "content-type": "application/json" },
    })
    expect(JSON.parse(ok!.body)).toEqual({ $: "Success", endpoint: { $: "Create", post: { title: "t" } } })
    expect(await get(site, "/elsewhere")).toBeUndefined()
  })
  it("loses to a success in a later part of a Sum", async () => {
    const later = Sitelet.Content("/posts", { $: "Other" } as const, Content.Text("other"))
    const sum = Sitelet.Sum(site, later)
    expect((await get(sum, "/posts", { method: "DELETE" }))?.body).toBe("other")
  })
  it("has the alias InferWithCustomErrors", () => {
    expect(Sitelet.InferWithCustomErrors).toBe(Sitelet.InferWithErrors)
  })
  it("runs the lenient pass only through parts that may accept in it", async () => {
    const passes: boolean[] = []
    const recorded = (lenient: boolean) =>
      makeSitelet<never>(
        Router.Empty<never>(),
        async (_request, _offset, pass) => {
          passes.push(pass)
          return undefined
        },
        lenient,
      )
    const about = Sitelet.Content("/about", { $: "About" } as const, Content.Text("about"))
    const plain = Sitelet.Sum(Sitelet.Shift("a", recorded(false)), about)
    expect(plain.lenient).toBe(false)
    expect(await get(plain, "/a/nowhere")).toBeUndefined()
    expect(passes).toEqual([false])
    passes.length = 0
    const mixed = Sitelet.Sum(
      recorded(false),
      Sitelet.Map(
        (e: never) => e,
        (e: never) => e,
        recorded(true),
      ),
      about,
    )
    expect(mixed.lenient).toBe(true)
    expect(await get(mixed, "/nowhere")).toBeUndefined()
    expect(passes).toEqual([false, false, true])
    expect(Sitelet.Sum(about, Sitelet.Shift("api", site)).lenient).toBe(true)
    expect(
      Sitelet.Sum(
        about,
        Sitelet.Infer(Pages, (ctx, e) => Content.Text(e.$)),
      ).lenient,
    ).toBe(false)
  })
})

describe("Application", () => {
  it("Text and SinglePage serve only the root", async () => {
    const text = Application.Text((ctx) => `hi ${ctx.Request.method}`)
    expect((await get(text, "/"))?.body).toBe("hi GET")
    expect(await get(text, "/x")).toBeUndefined()
    const spa = Application.SinglePage(async () => Content.Page({ Title: "App", Body: "" }))
    expect((await get(spa, "/"))?.body).toContain("<title>App</title>")
    expect(await get(spa, "/deep/link")).toBeUndefined()
  })
})
