import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { Validator } from "@seriousme/openapi-schema-validator"
import { OpenApi } from "../../src/openapi/document.js"
import { Router } from "../../src/router/router.js"
import { LinkError } from "../../src/router/link-error.js"
import { Site } from "../fixtures/site.js"
import { site as exampleSite } from "../../examples/site/site.js"
import { arbitraryOf } from "../support/arbitrary.js"

const info = { title: "fixture", version: "1.0.0" }
const router = Router.Infer(Site)
const document = OpenApi.Document(router, { info, servers: [{ url: "http://localhost:8080" }], methodNotAllowed: true })
type Operation = { operationId: string; parameters: Array<Record<string, unknown>>; requestBody?: unknown } & Record<
  string,
  unknown
>
const paths = document.paths as Record<string, Record<string, Operation>>
const operations = Object.values(paths).flatMap((item) => Object.values(item))

describe("OpenApi.Document", () => {
  it("is a valid OpenAPI 3.1 document, for the fixture union and the example site", async () => {
    for (const doc of [document, OpenApi.Document(exampleSite, { info })]) {
      const result = await new Validator().validate(doc as never)
      expect(result, JSON.stringify(result.errors)).toEqual({ valid: true })
    }
  })

  it("has one operation per case and method, with unique ids from the case path", () => {
    const ids = operations.map((operation) => operation.operationId)
    expect(new Set(ids).size).toBe(ids.length)
    expect(paths["/blog/post/{id}"]?.get?.operationId).toBe("Blog.Post")
    expect(Object.keys(paths["/verbs"] ?? {}).sort()).toEqual(["patch", "put"])
    expect(paths["/verbs"]?.put?.operationId).toBe("Verbs_put")
    expect(paths["/alias/second/{id}"]?.get?.operationId).toBe("Alias_2")
    expect(paths["/Other/{n}"]?.get?.["x-sitelets-any-method"]).toBe(true)
  })

  it("types path and query parameters by their descriptors, and expands options in a path", () => {
    const article = paths["/article/{id}/{slug}"]?.get
    expect(article?.parameters).toEqual([
      {
        name: "id",
        in: "path",
        required: true,
        schema: { type: "integer", minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER },
      },
      { name: "slug", in: "path", required: true, schema: { type: "string" } },
    ])
    const search = paths["/search"]?.get?.parameters
    expect(search?.map((p) => [p.name, p.required])).toEqual([
      ["q", true],
      ["page", false],
    ])
    expect(paths["/archive/{day}"]?.get?.parameters[0]?.schema).toEqual({
      type: "string",
      pattern: "^\\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])$",
    })
    expect(Object.keys(paths).filter((path) => path.startsWith("/Maybe/"))).toEqual([
      "/Maybe/None/None",
      "/Maybe/None/Some/{count}",
      "/Maybe/Some/{value}/None",
      "/Maybe/Some/{value}/Some/{count}",
    ])
    expect(paths["/files/{path}"]?.get?.parameters[0]?.["x-sitelets-segments"]).toBe("wildcard")
  })

  it("describes request bodies: JSON with the descriptor's schema, forms with their fields", () => {
    const create = paths["/posts/{blog}"]?.post?.requestBody as {
      content: Record<string, { schema: Record<string, unknown> }>
    }
    expect(create.content["application/json"]?.schema.required).toEqual(["title", "body", "tags", "published", "views"])
    const login = paths["/login"]?.post?.requestBody as { content: Record<string, { schema: Record<string, unknown> }> }
    expect(login.content["application/x-www-form-urlencoded"]?.schema.required).toEqual(["user", "password"])
  })

  it("puts every linked URL under a path of the document (random endpoint values)", () => {
    const templates = Object.entries(paths).map(([path, item]) => {
      const loose = Object.values(item).some((operation) =>
        operation.parameters.some((parameter) => parameter["x-sitelets-segments"] !== undefined),
      )
      const source = path
        .split("/")
        .map((part) => (part.startsWith("{") ? (loose ? ".+" : "[^/]+") : part.replace(/[.*+?^$()|[\]\\]/g, "\\$&")))
        .join("/")
      return new RegExp(`^${source}$`)
    })
    fc.assert(
      fc.property(arbitraryOf(Site, { url: true }), (value) => {
        let url: string
        try {
          url = router.Link(value as never)
        } catch (error) {
          // A value no URL can carry (an empty or dot segment): nothing to find in the document.
          if (error instanceof LinkError) return
          throw error
        }
        const path = url.split("?")[0] as string
        expect(
          templates.some((template) => template.test(path)),
          path,
        ).toBe(true)
      }),
      { numRuns: Number(process.env.FC_NUM_RUNS ?? 100) },
    )
  })
})
