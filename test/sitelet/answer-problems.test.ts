/**
 * Issue 23, item 5: a handler answering the wrong shape or an undeclared
 * status gets a first line that names the case, the status and the wrong
 * field, at the case's own property. Compiled with the TypeScript API; the
 * first line of each diagnostic (not its elaboration) is asserted.
 */
import { describe, expect, it } from "vitest"
import { diagnosticsOf, root } from "../support/compile.js"

const source = `
import { Content, Http, Media, NoBody, Responds, Returns, Sitelet, t } from "${root}src/index.js"
const Post = t.record({ id: t.int, title: t.string })
const Page = t.record({ items: t.list(Post), page: t.int, next: t.option(t.string) })
const Problem = t.union({ Missing: t.case({ id: t.int }), Banned: t.case({}) })
const Api = t.union({
  ListPosts: t.case("GET /posts", {}, Returns(Page)),
  DeletePost: t.case("DELETE /posts/<id:int>", {}, Responds({ 204: NoBody, 404: Problem })),
  GetPost: t.case("GET /posts/<id:int>", {}, Responds({ 200: Post, 404: Problem })),
  Count: t.case("GET /count", {}, Returns(t.list(t.int))),
  Home: t.case("GET /", {}, Returns(Media("text/html"))),
})
export const wrong = Sitelet.Infer(Api, {
  ListPosts: () => Content.Json({ items: [], page: "1" }),
  DeletePost: (_ctx, e) => (e.id > 0 ? Content.NoContent() : Content.SetStatus(Http.Status.InternalServerError, Content.Json({ $: "Banned" as const }))),
  GetPost: async () => Content.Json({ id: 1 }),
  Count: () => Content.Json("three"),
  Home: () => Content.Text("home"),
})
export const jsonAtNoBody = Sitelet.Infer(Api, {
  ListPosts: () => Content.Json({ items: [], page: 1 }),
  DeletePost: () => Content.SetStatus(Http.Status.NoContent, Content.Json({ $: "Banned" as const })),
  GetPost: () => Content.Json({ $: "Missing" as const, id: 1 }),
  Count: () => Content.Json([1, 2, 3]),
  Home: () => Content.Json({ page: "home" }),
})
export const right = Sitelet.Infer(Api, {
  ListPosts: () => Content.Json({ items: [{ id: 1, title: "t" }], page: 1 }),
  DeletePost: (_ctx, e) => (e.id > 0 ? Content.NoContent() : Content.SetStatus(Http.Status.NotFound, Content.Json({ $: "Missing" as const, id: e.id }))),
  GetPost: (_ctx, e) => (e.id > 0 ? Content.Json({ id: e.id, title: "t" }) : Content.SetStatus(Http.Status.NotFound, Content.Json({ $: "Missing" as const, id: e.id }))),
  Count: () => Content.Json([1, 2, 3]),
  Home: () => Content.Text("home"),
})
`

describe("typed-response errors read on their first line", () => {
  it("name the case, the status and the field, at the case's property", () => {
    const diagnostics = diagnosticsOf("answer-problems", source).map(({ line, first }) => ({ line, first }))
    const sentence = (line: number, text: string) => ({ line, first: expect.stringContaining(text) })
    expect(diagnostics).toEqual([
      sentence(13, "Sitelet.Infer: case 'ListPosts' answers 200 with 'page': string where the declaration says number"),
      sentence(14, "Sitelet.Infer: case 'DeletePost' does not declare status 500"),
      sentence(15, "Sitelet.Infer: case 'GetPost' answers 200 without 'title', which the declaration says is string"),
      sentence(16, "Sitelet.Infer: case 'Count' answers 200 with string where the declaration says an array"),
      sentence(21, "Sitelet.Infer: case 'DeletePost' declares 204 without a body: answer Content.NoContent()"),
      // A union case answered where a record is declared: the record's missing field is named.
      sentence(22, "Sitelet.Infer: case 'GetPost' answers 200 without 'title', which the declaration says is string"),
      sentence(
        24,
        "Sitelet.Infer: case 'Home' declares 200 as text/html: answer it with a page, text or a file, not Content.Json",
      ),
    ])
    // Each first line reads the sentence within 160 characters, at the handler's answer (issue 35): the compiler's
    // missing-property message, whose property is the sentence; or, for an answer of several types, the answer's type
    // and then the sentence in `Reported<…>`, never the handler's own type with its context's first.
    for (const { first } of diagnostics) {
      expect(first).toMatch(
        /^Property '"Sitelet\.Infer: case '|is not assignable to type 'Reported<"Sitelet\.Infer: case '/,
      )
      expect(first.indexOf("Sitelet.Infer: case ")).toBeLessThan(160)
    }
  }, 60_000)
})
