/**
 * Inference of every route-template form, against the built declarations
 * (`sitelets` resolves to dist/index.d.ts through the package's exports map).
 */
import { expectType } from "tsd"
import { Json, t, type Infer, type TemplateCaseOutput } from "sitelets"

const Post = t.record({ title: t.string, draft: t.option(t.bool) })

// The union from the design document, exactly.
const Site = t.union({
  Home: "GET /",
  Article: "GET /article/<id:int>/<slug>",
  Search: "GET /search?q=<q>&page=<page:int?>",
})
expectType<
  { $: "Home" } | { $: "Article"; id: number; slug: string } | { $: "Search"; q: string; page?: number | undefined }
>({} as Infer<typeof Site>)

// Every base type, list and option modifiers, custom date formats.
expectType<{ a: number; b: number; c: string; d: boolean; e: bigint; f: Date; g: Date }>(
  {} as TemplateCaseOutput<
    "/x/<a:int>/<b:float>/<c:string>/<d:bool>/<e:bigint>/<f:datetime>/<g:datetime(yyyy-MM-dd)>",
    {}
  >,
)
expectType<{ ids: number[] }>({} as TemplateCaseOutput<"/x/<ids:int[]>", {}>)
expectType<{ n?: number | undefined }>({} as TemplateCaseOutput<"/x/<n:int?>", {}>)
expectType<{ ids?: number[] | undefined }>({} as TemplateCaseOutput<"/x/<ids:int[]?>", {}>)
expectType<{ day?: Date | undefined }>({} as TemplateCaseOutput<"/x?day=<day:datetime(yyyy-MM-dd)?>", {}>)

// Methods (any case, several), root, literal-only paths.
expectType<{}>({} as TemplateCaseOutput<"GET|post /a/b", {}>)
expectType<{}>({} as TemplateCaseOutput<"/", {}>)

// Wildcards: string by default, or a list.
expectType<{ path: string }>({} as TemplateCaseOutput<"GET /files/<...path>", {}>)
expectType<{ ns: number[] }>({} as TemplateCaseOutput<"/sum/<...ns:int[]>", {}>)

// Query: renamed keys, optional and list values, mixed with path holes.
expectType<{ page: number }>({} as TemplateCaseOutput<"/s?p=<page:int>", {}>)
expectType<{ n?: number | undefined; q: string[] }>({} as TemplateCaseOutput<"/a/<n:int?>?q=<q:string[]>", {}>)

// Extra fields: Json bodies, a nested union placed by a hole, extras placed in the query.
const Create = t.case("POST /posts/<blog:int>", { post: Json(Post) })
expectType<{ blog: number; post: { title: string; draft?: boolean | undefined } }>({} as Infer<typeof Create>)

const Blog = t.union({ Index: "GET /", Entry: "GET /<slug>" })
const WithBlog = t.union({ Home: "/", Blog: t.case("/blog/<sub>", { sub: Blog }) })
expectType<{ $: "Home" } | { $: "Blog"; sub: { $: "Index" } | { $: "Entry"; slug: string } }>(
  {} as Infer<typeof WithBlog>,
)

const Paged = t.case("/page/<n>?q=<q>", { n: t.int, q: t.option(t.int) })
expectType<{ n: number; q?: number | undefined }>({} as Infer<typeof Paged>)

// Templates and t.case descriptors side by side in one union.
const Mixed = t.union({ A: "/a/<id:int>", B: t.case({ n: t.int }) })
expectType<{ $: "A"; id: number } | { $: "B"; n: number }>({} as Infer<typeof Mixed>)
