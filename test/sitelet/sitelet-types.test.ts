/**
 * Type-level checks of handlers and combinators, run by `tsc --noEmit`
 * (every `@ts-expect-error` must be an error) and by vitest.
 */
import { describe, expect, expectTypeOf, it } from "vitest"
import { t } from "../../src/descriptor/t.js"
import type { Infer } from "../../src/descriptor/descriptor.js"
import { Router } from "../../src/router/router.js"
import type { ParseRequestResult } from "../../src/router/codec/result.js"
import { Sitelet } from "../../src/api/sitelet-namespace.js"
import { Content } from "../../src/sitelet/content/content.js"
import type { Context } from "../../src/sitelet/context.js"

const Blog = t.union({ Index: "GET /", Post: "GET /post/<id:int>", Tag: "GET /tag/<name>" })
type Blog = Infer<typeof Blog>
const Admin = t.union({ Dashboard: "GET /", User: "GET /user/<name>" })
type Admin = Infer<typeof Admin>
const Site = t.union({
  Home: "GET /",
  Blog: t.case("/blog/<sub>", { sub: Blog }),
  Admin: t.case("/admin/<page>", { page: Admin }),
  Pair: t.case({ a: t.int, b: t.int }),
})
type Site = Infer<typeof Site>

describe("handler types", () => {
  it("narrows each case in a per-case handler and types the context", () => {
    Sitelet.Infer(Blog, {
      Index: (ctx) => {
        expectTypeOf(ctx).toEqualTypeOf<Context<Blog>>()
        return Content.Text("i")
      },
      Post: (ctx, e) => {
        expectTypeOf(e).toEqualTypeOf<{ $: "Post"; id: number }>()
        return Content.Text(String(e.id))
      },
      Tag: (ctx, e) => Content.Text(e.name),
    })
    // The run-time check backs the compile-time one.
    // @ts-expect-error a missing case is a compile error
    expect(() => Sitelet.Infer(Blog, { Index: () => Content.Text("i"), Post: () => Content.Text("p") })).toThrow(
      TypeError,
    )
    // biome-ignore format: the @ts-expect-error line must stay right above the erroring line
    // @ts-expect-error an unknown case is a compile error, and thrown too
    expect(() => Sitelet.Infer(Blog, { Index: () => Content.Text("i"), Post: () => Content.Text("p"), Tag: () => Content.Text("t"), Nope: () => Content.Text("n") })).toThrow(TypeError)
  })
  it("gives the whole union to a function handler and infers the sitelet type", () => {
    const site = Sitelet.Infer(Blog, (ctx, e) => {
      expectTypeOf(e).toEqualTypeOf<Blog>()
      return Content.Text(e.$)
    })
    expectTypeOf(site).toEqualTypeOf<Sitelet<Blog>>()
    expectTypeOf(Sitelet.New(Router.Infer(t.int), (ctx, n) => Content.Text(String(n + 1)))).toEqualTypeOf<
      Sitelet<number>
    >()
  })
  it("types redirects and links by the endpoint type", () => {
    Sitelet.Infer(Blog, {
      Index: () => Content.RedirectTemporary({ $: "Post", id: 1 }),
      // @ts-expect-error a redirect to a value that is not an endpoint of the sitelet
      Post: () => Content.RedirectTemporary({ $: "Pots", id: 1 }),
      // @ts-expect-error a link to a value that is not an endpoint of the sitelet
      Tag: (ctx) => Content.Text(ctx.Link({ $: "Post" })),
    })
  })
  it("gives InferWithErrors handlers a ParseRequestResult", () => {
    Sitelet.InferWithErrors(Blog, (ctx, r) => {
      expectTypeOf(r).toEqualTypeOf<ParseRequestResult<Blog>>()
      return r.$ === "InvalidMethod" ? Content.Text(r.method) : Content.Text(r.$)
    })
  })
})

describe("combinator types", () => {
  const blog = Sitelet.Infer(Blog, (ctx, e) => Content.Text(e.$))
  const admin = Sitelet.Infer(Admin, (ctx, e) => Content.Text(e.$))
  it("Sum and plus give the union of endpoint types; Empty is neutral", () => {
    expectTypeOf(Sitelet.Sum(blog, admin)).toEqualTypeOf<Sitelet<Blog | Admin>>()
    expectTypeOf(Sitelet.Sum([blog, admin])).toEqualTypeOf<Sitelet<Blog | Admin>>()
    expectTypeOf(blog.plus(admin)).toEqualTypeOf<Sitelet<Blog | Admin>>()
    expectTypeOf(blog.plus(Sitelet.Empty)).toEqualTypeOf<Sitelet<Blog>>()
    expectTypeOf(Sitelet.Shift("blog", blog)).toEqualTypeOf<Sitelet<Blog>>()
    expectTypeOf(Sitelet.Folder("x", [blog, admin])).toEqualTypeOf<Sitelet<Blog | Admin>>()
  })
  it("Map and Embed change the endpoint type", () => {
    expectTypeOf(
      Sitelet.Map(
        (b: Blog) => ({ b }),
        (o: { b: Blog }) => o.b,
        blog,
      ),
    ).toEqualTypeOf<Sitelet<{ b: Blog }>>()
    const embedded = Sitelet.Embed(
      (sub: Blog): Site => ({ $: "Blog", sub }),
      (s: Site) => (s.$ === "Blog" ? s.sub : undefined),
      blog,
    )
    expectTypeOf(embedded).toEqualTypeOf<Sitelet<Site>>()
  })
  it("EmbedInUnion accepts only a case whose single field has the inner type", () => {
    expectTypeOf(Sitelet.EmbedInUnion(Site, "Blog", blog)).toEqualTypeOf<Sitelet<Site>>()
    expectTypeOf(Sitelet.EmbedInUnion(Site, "Admin", admin)).toEqualTypeOf<Sitelet<Site>>()
    // @ts-expect-error the Admin case holds Admin, not Blog
    Sitelet.EmbedInUnion(Site, "Admin", blog)
    // @ts-expect-error Home has no field
    expect(() => Sitelet.EmbedInUnion(Site, "Home", blog)).toThrow(TypeError)
    // biome-ignore format: the @ts-expect-error line must stay right above the erroring line
    // @ts-expect-error Pair has two fields
    expect(() => Sitelet.EmbedInUnion(Site, "Pair", Sitelet.New(Router.Infer(t.int), () => Content.Text("")))).toThrow(TypeError)
  })
  it("InferPartialInUnion handlers get the inner case and link the outer type", () => {
    const part = Sitelet.InferPartialInUnion(Site, "Admin", {
      Dashboard: (ctx) => Content.Text(ctx.Link({ $: "Home" })),
      User: (ctx, e) => {
        expectTypeOf(e).toEqualTypeOf<{ $: "User"; name: string }>()
        expectTypeOf(ctx).toEqualTypeOf<Context<Site>>()
        return Content.Text(e.name)
      },
    })
    expectTypeOf(part).toEqualTypeOf<Sitelet<Site>>()
    // @ts-expect-error Pair has two fields
    expect(() => Sitelet.InferPartialInUnion(Site, "Pair", () => Content.Text(""))).toThrow(TypeError)
    const partial = Sitelet.InferPartial(
      Admin,
      (page): Site => ({ $: "Admin", page }),
      (s: Site) => (s.$ === "Admin" ? s.page : undefined),
      (ctx, e) => {
        expectTypeOf(e).toEqualTypeOf<Admin>()
        return Content.RedirectTemporary({ $: "Home" })
      },
    )
    expectTypeOf(partial).toEqualTypeOf<Sitelet<Site>>()
  })
})
