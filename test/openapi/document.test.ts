import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { Validator } from "@seriousme/openapi-schema-validator"
import { OpenApi } from "../../src/openapi/document.js"
import { Sitelet } from "../../src/api/sitelet-namespace.js"
import { t } from "../../src/descriptor/t.js"
import { Responds, Returns } from "../../src/descriptor/attributes.js"
import * as descriptorMessages from "../../src/descriptor/messages.js"
import { Auth } from "../../src/sitelet/auth/auth.js"
import { Content } from "../../src/sitelet/content/content.js"
import { Router } from "../../src/router/router.js"
import { LinkError } from "../../src/router/link/link-error.js"
import { routePathToString } from "../../src/router/link/route-path.js"
import { Json } from "../../src/json/codec/json-namespace.js"
import Ajv2020 from "ajv/dist/2020.js"
import { Site } from "../fixtures/site.js"
import { site as exampleSite } from "../../examples/site/site.js"
import { document as servedDocument } from "../../examples/site/docs.js"
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
  it("is a valid OpenAPI 3.1 document, for the fixture union and the example site (as served, under its host options)", async () => {
    for (const doc of [document, OpenApi.Document(exampleSite, { info }), servedDocument]) {
      const result = await new Validator().validate(doc as never)
      expect(result, JSON.stringify(result.errors)).toEqual({ valid: true })
    }
  })

  it("has one operation per case and method, with unique ids from the case path", () => {
    const ids = operations.map((operation) => operation.operationId)
    expect(new Set(ids).size).toBe(ids.length)
    // Never a bare method or a number added to a repeat: generators make function names of these.
    for (const id of ids) expect(id).not.toMatch(/_\d+$|^(get|put|post|delete|patch|options|head)$/)
    expect(paths["/blog/post/{id}"]?.get?.operationId).toBe("Blog.Post")
    // The methods of its cases, and the host's OPTIONS answer (under methodNotAllowed).
    expect(Object.keys(paths["/verbs"] ?? {}).sort()).toEqual(["options", "patch", "put"])
    expect(paths["/verbs"]?.options?.["x-sitelets-method-answer"]).toBe(true)
    expect(paths["/verbs"]?.put?.operationId).toBe("Verbs_put")
    // A case's second EndPoint, named by what its path adds.
    expect(paths["/alias/second/{id}"]?.get?.operationId).toBe("AliasSecond")
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

describe("the request the document describes is the one sitelets parses", () => {
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allowUnionTypes: true, ownProperties: true })
  const textValue = (text: string, schema: Record<string, unknown>): unknown =>
    schema.type === "integer" || schema.type === "number"
      ? Number(text)
      : schema.type === "boolean"
        ? text === "true"
        : text
  const operationsByPath = Object.entries(paths).map(([template, item]) => ({
    template,
    item,
    parts: template === "/" ? [] : template.split("/").slice(1),
  }))

  it("for random endpoint values: method and path under an operation, parameters of their schema, the body of the request body's schema, and the document's URL parses back to the value", async () => {
    await fc.assert(
      fc.asyncProperty(arbitraryOf(Site, { url: true }), async (value) => {
        let link: ReturnType<typeof router.link>
        try {
          link = router.link(value as never)
          router.Link(value as never)
        } catch (error) {
          if (error instanceof LinkError) return
          throw error
        }
        if (link === undefined) throw new Error("no link")
        const method = (link.method ?? "GET").toLowerCase()
        const segments = link.segments
        // The operation whose template fits the path: literals equal, one segment per plain parameter, any number for
        // a parameter marked x-sitelets-segments.
        const raw = `/${segments.map((segment) => encodeURIComponent(segment)).join("/")}`
        const found = operationsByPath.find(({ parts, item }) => {
          const operation = item[method] ?? item.get
          if (operation === undefined) return false
          const loose = new Set(
            operation.parameters
              .filter((p) => p["x-sitelets-segments"] !== undefined)
              .map((p) => `{${p.name as string}}`),
          )
          const source = parts
            .map((part) =>
              loose.has(part) ? ".*" : part.startsWith("{") ? "[^/]+" : part.replace(/[.*+?^$()|[\]\\]/g, "\\$&"),
            )
            .join("/")
          return new RegExp(`^/${source}$`).test(raw) || (parts.length === 0 && raw === "/")
        })
        expect(found, `${method} ${raw}`).toBeDefined()
        const operation = (found!.item[method] ?? found!.item.get) as Operation
        // Path parameters, where each is one segment: of its schema's type.
        const positional = !operation.parameters.some((p) => p["x-sitelets-segments"] !== undefined)
        if (positional)
          found!.parts.forEach((part, i) => {
            if (!part.startsWith("{")) return
            const parameter = operation.parameters.find((p) => p.in === "path" && `{${p.name as string}}` === part)
            expect(parameter).toBeDefined()
            const schema = parameter?.schema as Record<string, unknown>
            expect(ajv.validate(schema, textValue(segments[i] as string, schema)), `${part}=${segments[i]}`).toBe(true)
          })
        // Query parameters: every key the link writes is documented, every required one is there.
        const documented = operation.parameters.filter((p) => p.in === "query")
        for (const [key] of link.query)
          expect(
            documented.map((p) => p.name),
            key,
          ).toContain(key)
        for (const p of documented) if (p.required) expect(link.query.map(([key]) => key)).toContain(p.name)
        // A JSON body is valid under the request body's schema.
        if (link.body?.kind === "json") {
          const schema = (operation.requestBody as { content: Record<string, { schema: object }> }).content[
            "application/json"
          ]?.schema
          const body = JSON.parse(Json.Serialize(link.body.descriptor, link.body.value as never))
          expect(ajv.validate(schema as object, body), JSON.stringify(ajv.errors)).toBe(true)
        }
        // The URL rebuilt from the document's template parses back to the value.
        const parsed = await router.Parse({
          method: method.toUpperCase(),
          url: routePathToString(link),
          ...(link.body?.kind === "json"
            ? {
                body: Json.Serialize(link.body.descriptor, link.body.value as never),
                headers: { "content-type": "application/json" },
              }
            : link.body?.kind === "form"
              ? {
                  body: new URLSearchParams(link.body.fields.map(([k, v]) => [k, String(v)])).toString(),
                  headers: { "content-type": "application/x-www-form-urlencoded" },
                }
              : {}),
        })
        expect(parsed).toEqual(value)
      }),
      { numRuns: Number(process.env.FC_NUM_RUNS ?? 100) },
    )
  })
})

describe("Protect and CorsContent in the document", () => {
  it("marks protected operations with their security schemes (session cookie, bearer token), and CORS ones", async () => {
    const doc = OpenApi.Document(exampleSite, { info, sessionCookie: "__Host-sitelets_session" })
    const docPaths = doc.paths as Record<string, Record<string, Record<string, unknown>>>
    expect(docPaths["/admin/messages"]?.get?.security).toEqual([{ session: [] }])
    expect(docPaths["/api/articles"]?.post?.security).toEqual([{ bearer: [] }])
    // The refusals it lists, in the order the server decides them: the credentials before the body's.
    expect(docPaths["/api/articles"]?.post?.["x-sitelets-refusals"]).toEqual(["405", "401", "403", "413", "415", "400"])
    // Public: no scheme asked for, said so (an empty list).
    expect(docPaths["/api/articles"]?.get?.security).toEqual([])
    expect(docPaths["/api/articles"]?.get?.parameters).toEqual([
      { name: "X-Limit", in: "header", required: false, schema: expect.objectContaining({ type: "integer" }) },
    ])
    expect(
      (docPaths["/api/articles"]?.post?.responses as Record<string, { headers?: object }> | undefined)?.["201"]
        ?.headers,
    ).toEqual({ Location: { description: "The new article's URL", schema: { type: "string" } } })
    expect(docPaths["/blog"]?.get?.security).toEqual([])
    expect(docPaths["/feed.json"]?.get?.["x-sitelets-cors"]).toBe(true)
    expect((doc.components as { securitySchemes: unknown }).securitySchemes).toEqual({
      session: {
        type: "apiKey",
        in: "cookie",
        name: "__Host-sitelets_session",
        description: "The signed session cookie `ctx.UserSession.LoginUser` sets",
      },
      bearer: expect.objectContaining({ type: "http", scheme: "bearer" }),
    })
    expect(await new Validator().validate(doc as never)).toEqual({ valid: true })
  })

  it("lists every scheme a Protect accepts, as alternatives, with its 401 and 403", async () => {
    const Api = t.union({ Me: "GET /me", Page: "GET /page" })
    const open = Sitelet.Infer(Api, { Me: () => Content.Json({}), Page: () => Content.Text("") })
    const api = Sitelet.Protect(
      {
        VerifyUser: () => true,
        Credentials: [
          Auth.Bearer(),
          Auth.ApiKey("X-API-Key", () => undefined),
          Auth.Jwt({ jwks: "https://idp.example/jwks.json" }),
        ],
      },
      Sitelet.Shift("api", open),
    )
    const pages = Sitelet.Protect(
      { VerifyUser: () => true, LoginRedirect: () => ({ $: "Page" as const }) },
      Sitelet.Shift("site", open),
    )
    const doc = OpenApi.Document(Sitelet.Sum(api, pages), { info, host: { session: { cookieName: "sid" } } })
    const docPaths = doc.paths as Record<string, Record<string, Record<string, Record<string, unknown>>>>
    const me = docPaths["/api/me"]?.get
    expect(me?.security).toEqual([{ bearer: [] }, { "apiKey_X-API-Key": [] }, { jwt: [] }])
    expect(Object.keys(me?.responses ?? {})).toEqual(expect.arrayContaining(["401", "403"]))
    expect(Object.keys(me?.responses ?? {})).not.toContain("307")
    const page = docPaths["/site/page"]?.get
    expect(page?.security).toEqual([{ session: [] }])
    expect(Object.keys(page?.responses ?? {})).toContain("307")
    expect(Object.keys(page?.responses ?? {})).not.toContain("401")
    expect((doc.components as { securitySchemes: unknown }).securitySchemes).toEqual({
      bearer: expect.objectContaining({ type: "http", scheme: "bearer" }),
      "apiKey_X-API-Key": { type: "apiKey", in: "header", name: "X-API-Key" },
      jwt: expect.objectContaining({ type: "http", scheme: "bearer", bearerFormat: "JWT" }),
      session: expect.objectContaining({ type: "apiKey", in: "cookie", name: "sid" }),
    })
    expect(await new Validator().validate(doc as never)).toEqual({ valid: true })
  })
})

describe("declared response headers", () => {
  it("are listed with their statuses, and checked when declared", async () => {
    const Api = t.union({
      Create: t.case(
        "POST /items",
        Responds(
          { 201: t.int, 429: t.string },
          { Headers: { 201: { Location: "The new item" }, 429: { "Retry-After": "Seconds to wait" } } },
        ),
      ),
      Get: t.case("GET /items/<id:int>", Returns(t.int, { Headers: { ETag: "The item's version" } })),
    })
    const doc = OpenApi.Document(Router.Infer(Api), { info })
    const responses = (path: string, method: string) =>
      (doc.paths as Record<string, Record<string, { responses: Record<string, { headers?: object }> }>>)[path]?.[method]
        ?.responses
    expect(responses("/items", "post")?.["201"]?.headers).toEqual({
      Location: { description: "The new item", schema: { type: "string" } },
    })
    expect(responses("/items", "post")?.["429"]?.headers).toEqual({
      "Retry-After": { description: "Seconds to wait", schema: { type: "string" } },
    })
    expect(responses("/items/{id}", "get")?.["200"]?.headers).toEqual({
      ETag: { description: "The item's version", schema: { type: "string" } },
    })
    expect(await new Validator().validate(doc as never)).toEqual({ valid: true })
    expect(() => Responds({ 200: t.int }, { Headers: { 201: { Location: "x" } } })).toThrow(
      descriptorMessages.headersOfUndeclared("201"),
    )
    expect(() => Responds({ 200: t.int }, { Headers: { 200: { "Bad Name": "x" } } })).toThrow(
      descriptorMessages.badResponseHeader("200", "Bad Name"),
    )
  })
})
