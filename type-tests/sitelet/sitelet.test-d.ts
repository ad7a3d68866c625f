import { expectAssignable, expectError, expectType } from "tsd"
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
    expectType<{ $: "Post"; id: number }>(e)
    expectType<Context<Blog>>(ctx)
    return Content.Text(String(e.id))
  },
})
expectType<Sitelet<Blog>>(blog)
expectError(Sitelet.Infer(Blog, { Index: () => Content.Text("") }))
expectError(Sitelet.Infer(Blog, (ctx) => Content.Text(ctx.Link({ $: "Nope" }))))

// InferWithErrors sees ParseRequestResult.
Sitelet.InferWithErrors(Blog, (ctx, r) => {
  expectType<ParseRequestResult<Blog>>(r)
  return Content.Text(r.$)
})

// Combinators compose their types.
const other = Sitelet.Infer(t.union({ About: "GET /about" }), () => Content.Text("about"))
expectType<Sitelet<Blog | { $: "About" }>>(Sitelet.Sum(blog, other))
expectType<Sitelet<Blog | { $: "About" }>>(blog.plus(other))
expectType<Sitelet<Blog>>(Sitelet.Shift("blog", blog))
expectType<Sitelet<Site>>(Sitelet.EmbedInUnion(Site, "Blog", blog))
expectError(Sitelet.EmbedInUnion(Site, "Home", blog))
expectError(Sitelet.EmbedInUnion(Site, "Pair", blog))
expectType<Sitelet<{ n: Blog }>>(
  Sitelet.Map(
    (b: Blog) => ({ n: b }),
    (o: { n: Blog }) => o.n,
    blog,
  ),
)

// Redirects are typed by the endpoint.
expectAssignable<Content<Blog>>(Content.RedirectTemporary({ $: "Post", id: 2 }))
expectError(Sitelet.Infer(Blog, () => Content.RedirectTemporary({ $: "Pots", id: 2 })))
