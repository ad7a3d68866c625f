/**
 * Issue 50, item 4: what a document calls things, from the declaration.
 * A `Name`d record is one component schema (`$ref`'d wherever it is used,
 * in bodies and answers); `Doc` gives an operation its summary,
 * description, id, tags and deprecation; without it, ids come from the
 * case (a single path's from its endpoint's `$`), never a bare method or a
 * number added to a repeat, and every operation has a summary, a
 * description, tags and its security stated.
 */
import { Validator } from "@seriousme/openapi-schema-validator"
import { describe, expect, it } from "vitest"
import * as attributeMessagesForTests from "../../src/descriptor/attribute-messages.js"
import { Content, Doc, Json, Name, OpenApi, Returns, Sitelet, t } from "../../src/index.js"
import { schemaNameTaken } from "../../src/json/messages.js"

const Article = t.record({ id: t.int, title: t.string, tags: t.list(t.string) }, Name("Article"))
const Draft = t.record({ title: t.string }, Name("Draft"))
const Api = t.union({
  List: t.case(
    "GET /api/articles",
    {},
    Doc({ Summary: "List the articles", Tags: ["articles"] }),
    Returns(t.list(Article)),
  ),
  Get: t.case("GET /api/articles/<id:int>", {}, Returns(Article)),
  Create: t.case(
    "POST /api/articles",
    { draft: Json(Draft) },
    Doc({ OperationId: "createArticle", Description: "Adds an article.\n\nThe title must be new.", Deprecated: true }),
    Returns(Article),
  ),
  Files: "GET /files/<...path>",
})
const site = Sitelet.Sum<any>(
  Sitelet.Infer(Api, () => Content.Text("x") as never),
  Sitelet.Content("/about", { $: "About" as const }, Content.Text("about")),
)
const info = { title: "names", version: "1" }
type Operation = Record<string, any>
const document = OpenApi.Document(site, { info, tags: { articles: "The articles" } }) as Record<string, any>
const paths = document.paths as Record<string, Record<string, Operation>>
const operations = Object.values(paths).flatMap((item) => Object.values(item)) as Operation[]

describe("named schemas", () => {
  it("writes a Name'd record once, as a component every use refers to", async () => {
    expect(document.components.schemas.Article).toEqual({
      type: "object",
      properties: {
        id: { type: "integer", minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER },
        title: { type: "string" },
        tags: { type: "array", items: { type: "string" } },
      },
      required: ["id", "title", "tags"],
    })
    const ref = { $ref: "#/components/schemas/Article" }
    expect(paths["/api/articles/{id}"]?.get?.responses["200"].content["application/json"].schema).toEqual(ref)
    expect(paths["/api/articles"]?.get?.responses["200"].content["application/json"].schema).toEqual({
      type: "array",
      items: ref,
    })
    expect(paths["/api/articles"]?.post?.requestBody.content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/Draft",
    })
    expect(JSON.stringify(document).split('"type":"object","properties":{"id"').length - 1).toBe(1)
    const result = await new Validator().validate(document as never)
    expect(result, JSON.stringify(result.errors)).toEqual({ valid: true })
  })

  it("gives Json.Schema the same names under $defs, and refuses two schemas of one name", () => {
    const Post = t.record({ article: Article, draft: t.option(Draft) })
    expect(Json.Schema(Post)).toMatchObject({
      properties: {
        article: { $ref: "#/$defs/Article" },
        draft: { anyOf: [{ $ref: "#/$defs/Draft" }, { type: "null" }] },
      },
      $defs: { Article: { type: "object" }, Draft: { type: "object" } },
    })
    expect(Json.Schema(Article)).toMatchObject({ $ref: "#/$defs/Article", $defs: { Article: { type: "object" } } })
    const schema = OpenApi.Document(
      Sitelet.Infer(t.union({ P: t.case("POST /p", { p: Json(Post) }) }), () => Content.Text("")),
      {
        info,
      },
    ) as Record<string, any>
    expect(Object.keys(schema.components.schemas).sort()).toEqual(["Article", "Draft", "Problem"])
    const Other = t.record({ id: t.string }, Name("Article"))
    const Both = t.union({ A: t.case("POST /a", { a: Json(Article) }), B: t.case("POST /b", { b: Json(Other) }) })
    expect(() =>
      OpenApi.Document(
        Sitelet.Infer(Both, () => Content.Text("")),
        { info },
      ),
    ).toThrow(schemaNameTaken("Article"))
    const Problem = t.record({ x: t.int }, Name("Problem"))
    const Clash = t.union({ A: t.case("POST /a", { a: Json(Problem) }) })
    expect(() =>
      OpenApi.Document(
        Sitelet.Infer(Clash, () => Content.Text("")),
        { info },
      ),
    ).toThrow(schemaNameTaken("Problem"))
    expect(() => t.record({}, Name("a b"))).toThrow(attributeMessagesForTests.badSchemaName("a b"))
  })
})

describe("operation names", () => {
  it("takes Doc's summary, description, id, tags and deprecation", () => {
    const list = paths["/api/articles"]?.get
    expect([list?.operationId, list?.summary, list?.tags]).toEqual(["List", "List the articles", ["articles"]])
    const create = paths["/api/articles"]?.post
    expect([create?.operationId, create?.description, create?.deprecated]).toEqual([
      "createArticle",
      "Adds an article.\n\nThe title must be new.",
      true,
    ])
    expect(document.tags).toContainEqual({ name: "articles", description: "The articles" })
  })

  it("names the rest from the case: a single path by its endpoint's $, a later path of one case by what it adds", () => {
    expect(paths["/about"]?.get?.operationId).toBe("About")
    expect(paths["/api/articles/{id}"]?.get?.summary).toBe("Get")
    expect(paths["/files"]?.get?.operationId).toBe("Files")
    expect(paths["/files/{path}"]?.get?.operationId).toBe("FilesPath")
    for (const operation of operations) {
      expect(operation.operationId).not.toMatch(/_\d+$|^(get|put|post|delete|patch|options|head)$/)
      expect(operation.summary, operation.operationId).toMatch(/\S/)
      expect(operation.description, operation.operationId).toMatch(/\S/)
      expect(operation.tags?.length, operation.operationId).toBeGreaterThan(0)
      expect(Array.isArray(operation.security), operation.operationId).toBe(true)
    }
    for (const tag of document.tags) expect(tag.description).toMatch(/\S/)
  })

  it("refuses an operation id two cases choose, and one a generator cannot name a function after", () => {
    const Twice = t.union({
      A: t.case("GET /a", {}, Doc({ OperationId: "same" })),
      B: t.case("GET /b", {}, Doc({ OperationId: "same" })),
    })
    expect(() =>
      OpenApi.Document(
        Sitelet.Infer(Twice, () => Content.Text("")),
        { info },
      ),
    ).toThrow(/'same'/)
    expect(() => Doc({ OperationId: "list articles" })).toThrow(
      attributeMessagesForTests.badOperationId("list articles"),
    )
    expect(() => Doc({ Tags: [" "] })).toThrow(attributeMessagesForTests.emptyTag)
  })
})
