/**
 * Issue 24, item 2: every documented mistake says what is wrong on the
 * first line of its diagnostic, on TypeScript 5.9, 6.0 and 7.0 alike —
 * template errors (in `t.union` and in every form of `t.case`), duplicate
 * fields, handler objects, links, redirects and typed responses. Each
 * mistake is one module compiled against the built declarations (as a
 * user's project resolves `sitelets`); the line marked `// ←` must carry
 * the sentence on a first line, and no other line may fail.
 */
import { existsSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { notBuilt } from "../package/packed.js"
import type {
  JsonAtMedia,
  JsonAtNoBody,
  Missing,
  UndeclaredStatus,
  WrongField,
  WrongValue,
} from "../../src/sitelet/answer-problems.js"
import { unplacedHole } from "../../src/descriptor/end-point-holes.js"
import { linkCannotCarry } from "../../src/descriptor/request-only.js"
import { siteletMessages } from "../../src/sitelet/messages.js"
import type { PartNotInSite } from "../../src/sitelet/part-of.js"
import {
  ambiguousOption,
  badDateFormat,
  badQueryItem,
  duplicateName,
  duplicateQueryKey,
  emptyName,
  emptySegment,
  mixedSegment,
  pathStart,
  unclosedHole,
  unknownMethod,
  unknownType,
  wildcardNotLast,
  wildcardType,
} from "../../src/template/messages.js"
import { checkWith, compilers, root } from "../support/compilers.js"

interface Mistake {
  readonly name: string
  /** The module after the imports; the line the error belongs to ends with `// ←`. */
  readonly code: string
  readonly sentence: string
  /** The sentence must start within the first 160 characters of the message (issue 35: what an editor's tooltip shows). */
  readonly early?: true
}

// The compiler's own sentence; the union's members follow (7 lists them in its own order).
const unknownTag = (tag: string) => `Type '"${tag}"' is not assignable to type '"`
const partNotInSite: PartNotInSite = "Sitelet.PartOf: an endpoint of this part is not an endpoint of the site type"
const integer = unknownType("integer", "<id:integer>")
const Headed = `const Api = t.union({ Home: "GET /", Items: t.case("GET /items", { version: Header(t.int, "X-API-Version") }), Me: t.case("GET /me", { sid: Cookie(t.string) }) })`
const Site = `const Site = t.union({ Home: "GET /", BySlug: "GET /blog/<slug>", Post: "GET /post/<id:int>" })`

// The typed-response sentences are types only (the handler's check); each literal is checked against its type.
const wrongField: WrongField<"ListPosts", 200, "page", string, number> =
  "Sitelet.Infer: case 'ListPosts' answers 200 with 'page': string where the declaration says number"
const missingField: WrongField<"GetPost", 200, "title", Missing, string> =
  "Sitelet.Infer: case 'GetPost' answers 200 without 'title', which the declaration says is string"
const wrongValue: WrongValue<"Count", 200, string, number[]> =
  "Sitelet.Infer: case 'Count' answers 200 with string where the declaration says an array"
const undeclared: UndeclaredStatus<"DeletePost", 500> = "Sitelet.Infer: case 'DeletePost' does not declare status 500"
const atNoBody: JsonAtNoBody<"DeletePost", 204> =
  "Sitelet.Infer: case 'DeletePost' declares 204 without a body: answer Content.NoContent()"
const atMedia: JsonAtMedia<"Home", 200, "text/html"> =
  "Sitelet.Infer: case 'Home' declares 200 as text/html: answer it with a page, text or a file, not Content.Json"

const Answers = `
const Post = t.record({ id: t.int, title: t.string })
const Api = t.union({
  ListPosts: t.case("GET /posts", {}, Returns(t.record({ items: t.list(Post), page: t.int }))),
  GetPost: t.case("GET /posts/<id:int>", {}, Returns(Post)),
  Count: t.case("GET /count", {}, Returns(t.list(t.int))),
  DeletePost: t.case("DELETE /posts/<id:int>", {}, Responds({ 204: NoBody, 404: t.record({ error: t.string }) })),
  Home: t.case("GET /", {}, Returns(Media("text/html"))),
})
const fine = {
  ListPosts: () => Content.Json({ items: [], page: 1 }),
  GetPost: () => Content.Json({ id: 1, title: "t" }),
  Count: () => Content.Json([1]),
  DeletePost: () => Content.NoContent(),
  Home: () => Content.Text("home"),
}`

const mistakes: Mistake[] = [
  // Route templates, in a union and in each form of t.case.
  ...(
    [
      ["/a/<id:integer>", integer],
      ["/a/<id", unclosedHole("<id")],
      ["/a/id-<id>", mixedSegment("id-<id>")],
      ["/a/<:int>", emptyName("<:int>")],
      ["/a/<id>/<id:int>", duplicateName("id")],
      ["/a/<...rest>/b", wildcardNotLast("<...rest>")],
      ["/a/<...n:int>", wildcardType("<...n:int>")],
      ["/a/<x:int?>/<y>", ambiguousOption("<x:int?>", "<y>")],
      ["/a?q=<q>&q=<r>", duplicateQueryKey("q")],
      ["/a?q", badQueryItem("q")],
      ["article/<id>", pathStart("article/<id>")],
      ["/a//b", emptySegment("/a//b")],
      ["FETCH /a", unknownMethod("FETCH", "FETCH /a")],
      ["/<d:datetime(today)>", badDateFormat("today", "<d:datetime(today)>")],
    ] as const
  ).map(([template, sentence]) => ({
    name: `union ${template}`,
    code: `t.union({ Home: "GET /", Bad: "${template}" }) // ←`,
    sentence,
  })),
  { name: "t.case(template)", code: `t.case("GET /a/<id:integer>") // ←`, sentence: integer },
  {
    name: "t.case(template, Returns)",
    code: `t.case("GET /a/<id:integer>", Returns(t.string)) // ←`,
    sentence: integer,
  },
  {
    name: "t.case(template, {}, Returns)",
    code: `t.case("GET /a/<id:integer>", {}, Returns(t.string)) // ←`,
    sentence: integer,
  },
  {
    name: "t.case(template, { body: Json })",
    code: `t.case("POST /a/<id:integer>", { body: Json(t.string) }) // ←`,
    sentence: integer,
  },
  {
    name: "t.case inside a union",
    code: `t.union({ Home: "GET /", Item: t.case("GET /items/<id:nt>", {}, Returns(t.int)) }) // ←`,
    sentence: unknownType("nt", "<id:nt>"),
  },
  // Field lists: a typed hole or a wrapped field named twice.
  {
    name: "typed hole and extra field",
    code: `t.case("/a/<id:int>", { id: t.int }) // ←`,
    sentence: duplicateName("id"),
  },
  {
    name: "hole naming a Json field",
    code: `t.case("POST /a/<post>", { post: Json(t.string) }) // ←`,
    sentence: duplicateName("post"),
  },
  // Field lists: an EndPoint placing a hole that is no field, second or later among the attributes.
  {
    name: "EndPoint hole naming no field",
    code: `t.case({ id: t.int }, EndPoint("GET /article/<id>/<slug>")) // ←`,
    sentence: unplacedHole("GET /article/<id>/<slug>", "slug"),
  },
  {
    name: "EndPoint hole after other attributes",
    code: `t.case({ id: t.int }, Method("GET"), EndPoint("/a/<id>", "/b/<...rest>")) // ←`,
    sentence: unplacedHole("/b/<...rest>", "rest"),
  },
  // Handler objects.
  {
    name: "missing handler",
    code: `${Site}\nSitelet.Infer(Site, { Home: () => Content.Text(""), BySlug: () => Content.Text("") }) // ←`,
    sentence: siteletMessages.handlerMissing("Post"),
    early: true,
  },
  {
    // Issue 50: the sentence had started at character 381, after the whole handler object's type.
    name: "missing handler, on its own lines",
    code: `const Books = t.union({ GetBook: "GET /books/<id:int>", ListBooks: "GET /books", DeleteBook: t.case("DELETE /books/<id:int>", {}) })\nSitelet.Infer(Books, {\n  GetBook: (_c, e) => Content.Json({ id: e.id }),\n  ListBooks: () => Content.Json([]), // ←\n})`,
    sentence: siteletMessages.handlerMissing("DeleteBook"),
    early: true,
  },

  {
    name: "unknown handler key",
    code: `${Site}\nSitelet.Infer(Site, {\n  Home: () => Content.Text(""),\n  BySlug: () => Content.Text(""),\n  Post: () => Content.Text(""),\n  Psot: (_ctx, e) => Content.Text(String(e)), // ←\n})`,
    sentence: siteletMessages.handlerUnknownCase("Psot"),
    early: true,
  },
  // A part of a site (Sitelet.PartOf) that is not the site's, and a link across the parts to no case.
  {
    name: "a part that is not the site's",
    code: `${Site}\ntype S = Infer<typeof Site>\nSitelet.PartOf<S>().Infer(t.union({ Other: "GET /other" }), { Other: () => Content.Text("") }) // ←`,
    sentence: partNotInSite,
  },
  {
    name: "a link across parts to no case",
    code: `${Site}\nconst More = t.union({ Extra: "GET /extra" })\ntype S = Infer<typeof Site> | Infer<typeof More>\nSitelet.PartOf<S>().Infer(More, {\n  Extra: (ctx) => Content.Text(ctx.Link({ $: "Extar" })), // ←\n})`,
    sentence: unknownTag("Extar"),
  },
  // Links and redirects: the compiler's own sentence, naming the tag and the nearest case.
  {
    name: "Router.Link to an unknown case",
    code: `${Site}\nRouter.Infer(Site).Link({ $: "BySlugX", slug: "a" }) // ←`,
    sentence: unknownTag("BySlugX"),
  },
  {
    name: "Router.Link with a field of the wrong type",
    code: `${Site}\nRouter.Infer(Site).Link({ $: "Post", id: "3" }) // ←`,
    sentence: "Type 'string' is not assignable to type 'number'",
  },
  {
    name: "ctx.Link to an unknown case",
    code: `${Site}\nSitelet.Infer(Site, {\n  Home: (ctx) => Content.Text(ctx.Link({ $: "Pots", id: 1 })), // ←\n  BySlug: () => Content.Text(""),\n  Post: () => Content.Text(""),\n})`,
    sentence: unknownTag("Pots"),
  },
  {
    name: "redirect to an unknown case",
    code: `${Site}\nSitelet.Infer(Site, {\n  Home: () => Content.RedirectPermanent({ $: "BySlugX", slug: "a" }), // ←\n  BySlug: () => Content.Text(""),\n  Post: () => Content.Text(""),\n})`,
    sentence: unknownTag("BySlugX"),
  },
  // A link to a case with header or cookie fields: a URL cannot carry them.
  {
    name: "Router.Link to a case with a header field",
    code: `${Headed}\nRouter.Infer(Api).Link({ $: "Items", version: 2 }) // ←`,
    sentence: linkCannotCarry,
  },
  {
    name: "ctx.Link to a case with a cookie field",
    code: `${Headed}\nSitelet.Infer(Api, {\n  Home: (ctx) => Content.Text(ctx.Link({ $: "Me", sid: "x" })), // ←\n  Items: () => Content.Text(""),\n  Me: () => Content.Text(""),\n})`,
    sentence: linkCannotCarry,
  },
  {
    name: "redirect to a case with a header field",
    code: `${Headed}\nSitelet.Infer(Api, {\n  Home: () => Content.RedirectSeeOther({ $: "Items", version: 1 }), // ←\n  Items: () => Content.Text(""),\n  Me: () => Content.Text(""),\n})`,
    sentence: linkCannotCarry,
  },
  // Typed responses, at the case's own property.
  ...(
    [
      ["ListPosts", `() => Content.Json({ items: [], page: "1" })`, wrongField],
      ["GetPost", `async () => Content.Json({ id: 1 })`, missingField],
      ["Count", `() => Content.Json("three")`, wrongValue],
      [
        "DeletePost",
        `() => Content.SetStatus(Http.Status.InternalServerError, Content.Json({ error: "disk full" }))`,
        undeclared,
      ],
      ["DeletePost", `() => Content.SetStatus(Http.Status.NoContent, Content.Json({ error: "" }))`, atNoBody],
      ["Home", `() => Content.Json({ page: "home" })`, atMedia],
    ] as const
  ).map(([tag, handler, sentence]) => ({
    name: `typed response: ${sentence.slice("Sitelet.Infer: ".length)}`,
    code: `${Answers}\nSitelet.Infer(Api, {\n  ...fine,\n  ${tag}: ${handler}, // ←\n})`,
    sentence,
    early: true as const,
  })),
  // The same with the handler's parameters, whose types (the whole union's, in the context) would come first.
  ...(
    [
      ["ListPosts", `(_ctx, e) => Content.Json({ items: [], page: String(e.$) })`, wrongField],
      ["GetPost", `async (ctx, e) => Content.Json({ id: e.id, link: ctx.Link({ $: "Home" }) })`, missingField],
      ["Count", `(_ctx, _e) => Content.Json("three")`, wrongValue],
    ] as const
  ).map(([tag, handler, sentence]) => ({
    name: `typed response with parameters: ${sentence.slice("Sitelet.Infer: ".length)}`,
    code: `${Answers}\nSitelet.Infer(Api, {\n  ...fine,\n  ${tag}: ${handler}, // ←\n})`,
    sentence,
    early: true as const,
  })),
]

const imports = `import { Content, Cookie, EndPoint, Header, Http, Json, Media, Method, NoBody, Responds, Returns, Router, Sitelet, t, type Infer } from "sitelets"`

/** Each mistake as a module: its file name, source, and the one-based line of `// ←`. */
const modules = mistakes.map((mistake, index) => {
  const source = `${imports}\n${mistake.code}\nexport {}\n`
  const line = source.split("\n").findIndex((text) => text.endsWith("// ←")) + 1
  return { ...mistake, file: `mistake-${index}.ts`, source, line }
})

const compilerOptions = {
  strict: true,
  target: "ES2022",
  module: "ESNext",
  moduleResolution: "Bundler",
  lib: ["ES2023", "DOM"],
  types: [],
  skipLibCheck: true,
  noEmit: true,
  noUnusedLocals: false,
  paths: { sitelets: [`${root}dist/index.d.ts`] },
}

describe("every documented mistake, its sentence on the first line", () => {
  it("covers each form once, with the line it belongs to", () => {
    expect(modules.length).toBeGreaterThan(30)
    for (const module of modules) expect(module.line, module.name).toBeGreaterThan(1)
  })

  it.each(compilers)(
    "on TypeScript %s",
    (compiler) => {
      if (!existsSync(`${root}dist/index.d.ts`)) throw new Error(notBuilt)
      const folder = `${root}node_modules/.cache/sentences-${compiler}/`
      const files = Object.fromEntries(modules.map((module) => [module.file, module.source]))
      const { byFile, output } = checkWith(compiler, folder, files, compilerOptions)
      const problems: string[] = []
      for (const module of modules) {
        const found = byFile.get(module.file) ?? []
        const here = found.filter((diagnostic) => diagnostic.line === module.line)
        const elsewhere = found.filter((diagnostic) => diagnostic.line !== module.line)
        if (!here.some((diagnostic) => diagnostic.text.includes(module.sentence)))
          problems.push(`${module.name}: expected "${module.sentence}" first, got ${JSON.stringify(found)}`)
        else if (
          module.early &&
          !here.some((diagnostic) => diagnostic.text.slice(0, 160).includes(module.sentence.slice(0, 30)))
        )
          problems.push(`${module.name}: the sentence starts after 160 characters: ${JSON.stringify(here)}`)
        if (elsewhere.length > 0) problems.push(`${module.name}: errors elsewhere ${JSON.stringify(elsewhere)}`)
      }
      expect(problems, output.slice(0, 2_000)).toEqual([])
    },
    90_000,
  )
})
