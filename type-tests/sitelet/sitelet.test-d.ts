import { expectTypeOf } from "expect-type"
import { Content, Sitelet, t, type Context, type Infer, type ParseRequestResult } from "sitelets"

const Blog = t.union({ Index: "GET /", Post: "GET /post/<id:int>" })
type Blog = Infer<typeof Blog>
const Site = t.union({
  Home: "GET /",
  Blog: t.case("/blog/<sub>", { sub: Blog }),
  Pair: t.case({ a: t.int, b: t.int }),
})
type Site = Infer<typeof Site>

// Per-case handlers: narrowed cases, exhaustive.
const blog = Sitelet.Infer(Blog, {
  Index: (ctx) => Content.Text(ctx.Link({ $: "Post", id: 1 })),
  Post: (ctx, e) => {
    expectTypeOf(e).toEqualTypeOf<{ $: "Post"; id: number }>()
    expectTypeOf(ctx).toEqualTypeOf<Context<Blog>>()
    return Content.Text(String(e.id))
  },
})
expectTypeOf(blog).toEqualTypeOf<Sitelet<Blog>>()
// @ts-expect-error
Sitelet.Infer(Blog, { Index: () => Content.Text("") })
// @ts-expect-error
Sitelet.Infer(Blog, (ctx) => Content.Text(ctx.Link({ $: "Nope" })))

// InferWithErrors sees ParseRequestResult.
Sitelet.InferWithErrors(Blog, (ctx, r) => {
  expectTypeOf(r).toEqualTypeOf<ParseRequestResult<Blog>>()
  return Content.Text(r.$)
})

// Combinators compose their types.
const other = Sitelet.Infer(t.union({ About: "GET /about" }), () => Content.Text("about"))
expectTypeOf(Sitelet.Sum(blog, other)).toEqualTypeOf<Sitelet<Blog | { $: "About" }>>()
expectTypeOf(blog.plus(other)).toEqualTypeOf<Sitelet<Blog | { $: "About" }>>()
expectTypeOf(Sitelet.Shift("blog", blog)).toEqualTypeOf<Sitelet<Blog>>()
expectTypeOf(Sitelet.EmbedInUnion(Site, "Blog", blog)).toEqualTypeOf<Sitelet<Site>>()
// @ts-expect-error
Sitelet.EmbedInUnion(Site, "Home", blog)
// @ts-expect-error
Sitelet.EmbedInUnion(Site, "Pair", blog)
expectTypeOf(
  Sitelet.Map(
    (b: Blog) => ({ n: b }),
    (o: { n: Blog }) => o.n,
    blog,
  ),
).toEqualTypeOf<Sitelet<{ n: Blog }>>()

// Redirects are typed by the endpoint.
export const redirect: Content<Blog> = Content.RedirectTemporary({ $: "Post", id: 2 })
// @ts-expect-error
Sitelet.Infer(Blog, () => Content.RedirectTemporary({ $: "Pots", id: 2 }))
