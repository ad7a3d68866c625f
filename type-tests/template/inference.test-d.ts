/**
 * Inference of every route-template form, against the built declarations
 * (`sitelets` resolves to dist/index.d.ts through the package's exports map).
 */
import { expectTypeOf } from "expect-type"
import { Json, t, type Infer, type TemplateCaseOutput } from "sitelets"

const Post = t.record({ title: t.string, draft: t.option(t.bool) })

// The union from the design document, exactly.
const Site = t.union({
  Home: "GET /",
  Article: "GET /article/<id:int>/<slug>",
  Search: "GET /search?q=<q>&page=<page:int?>",
})
expectTypeOf({} as Infer<typeof Site>).toEqualTypeOf<
  { $: "Home" } | { $: "Article"; id: number; slug: string } | { $: "Search"; q: string; page?: number | undefined }
>()

// Every base type, list and option modifiers, custom date formats.
expectTypeOf(
  {} as TemplateCaseOutput<
    "/x/<a:int>/<b:float>/<c:string>/<d:bool>/<e:bigint>/<f:datetime>/<g:datetime(yyyy-MM-dd)>",
    {}
  >,
).toEqualTypeOf<{ a: number; b: number; c: string; d: boolean; e: bigint; f: Date; g: Date }>()
expectTypeOf({} as TemplateCaseOutput<"/x/<ids:int[]>", {}>).toEqualTypeOf<{ ids: number[] }>()
expectTypeOf({} as TemplateCaseOutput<"/x/<n:int?>", {}>).toEqualTypeOf<{ n?: number | undefined }>()
expectTypeOf({} as TemplateCaseOutput<"/x/<ids:int[]?>", {}>).toEqualTypeOf<{ ids?: number[] | undefined }>()
expectTypeOf({} as TemplateCaseOutput<"/x?day=<day:datetime(yyyy-MM-dd)?>", {}>).toEqualTypeOf<{
  day?: Date | undefined
}>()

// Methods (any case, several), root, literal-only paths.
expectTypeOf({} as TemplateCaseOutput<"GET|post /a/b", {}>).toEqualTypeOf<{}>()
expectTypeOf({} as TemplateCaseOutput<"/", {}>).toEqualTypeOf<{}>()

// Wildcards: string by default, or a list.
expectTypeOf({} as TemplateCaseOutput<"GET /files/<...path>", {}>).toEqualTypeOf<{ path: string }>()
expectTypeOf({} as TemplateCaseOutput<"/sum/<...ns:int[]>", {}>).toEqualTypeOf<{ ns: number[] }>()

// Query: renamed keys, optional and list values, mixed with path holes.
expectTypeOf({} as TemplateCaseOutput<"/s?p=<page:int>", {}>).toEqualTypeOf<{ page: number }>()
expectTypeOf({} as TemplateCaseOutput<"/a/<n:int?>?q=<q:string[]>", {}>).toEqualTypeOf<{
  n?: number | undefined
  q: string[]
}>()

// Extra fields: Json bodies, a nested union placed by a hole, extras placed in the query.
const Create = t.case("POST /posts/<blog:int>", { post: Json(Post) })
expectTypeOf({} as Infer<typeof Create>).toEqualTypeOf<{
  blog: number
  post: { title: string; draft?: boolean | undefined }
}>()

const Blog = t.union({ Index: "GET /", Entry: "GET /<slug>" })
const WithBlog = t.union({ Home: "/", Blog: t.case("/blog/<sub>", { sub: Blog }) })
expectTypeOf({} as Infer<typeof WithBlog>).toEqualTypeOf<
  { $: "Home" } | { $: "Blog"; sub: { $: "Index" } | { $: "Entry"; slug: string } }
>()

const Paged = t.case("/page/<n>?q=<q>", { n: t.int, q: t.option(t.int) })
expectTypeOf({} as Infer<typeof Paged>).toEqualTypeOf<{ n: number; q?: number | undefined }>()

// Templates and t.case descriptors side by side in one union.
const Mixed = t.union({ A: "/a/<id:int>", B: t.case({ n: t.int }) })
expectTypeOf({} as Infer<typeof Mixed>).toEqualTypeOf<{ $: "A"; id: number } | { $: "B"; n: number }>()
