/**
 * Declared answers in the OpenAPI document: each declared status is a
 * response with its descriptor's JSON Schema, and what the sitelet writes
 * for random values of that descriptor validates against it.
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { Validator } from "@seriousme/openapi-schema-validator"
import Ajv2020 from "ajv/dist/2020.js"
import { OpenApi } from "../../src/openapi/document.js"
import { t } from "../../src/descriptor/t.js"
import { EndPoint, Json, NamedUnionCases, Responds, Returns } from "../../src/descriptor/attributes.js"
import type { Descriptor } from "../../src/descriptor/descriptor.js"
import { Sitelet } from "../../src/api/sitelet-namespace.js"
import { Content } from "../../src/sitelet/content/content.js"
import { Http } from "../../src/sitelet/http/http-status.js"
import { arbitraryOf } from "../support/arbitrary.js"
import { Site as Fixture } from "../fixtures/site.js"

const User = t.record({
  id: t.int,
  since: t.bigint,
  born: t.datetime("yyyy-MM-dd"),
  tags: t.list(t.string),
  nick: t.option(t.string),
})
const Problem = t.union({ Missing: t.case({ id: t.int }), Gone: t.case({}) }, NamedUnionCases("type"))
const Inner = t.union({ Leaf: t.case({ n: t.int }, Returns(t.string)) })
const Api = t.union({
  Home: "GET /",
  GetUser: t.case("GET /users/<id:int>", {}, Responds({ 200: User, 404: Problem })),
  Count: t.case({ n: t.int }, EndPoint("GET /count"), Returns(t.list(t.bigint))),
  Nested: t.case("/nested/<inner>", { inner: Inner }),
  Outer: t.case("/outer/<inner>", { inner: Inner }, Returns(t.int)),
})

type Operation = { responses: Record<string, { description: string; content?: Record<string, { schema: object }> }> }
const document = OpenApi.Document(
  Sitelet.Infer(Api, () => Content.Text("")),
  { info: { title: "answers", version: "1" } },
)
const paths = document.paths as Record<string, Record<string, Operation>>
const schemaOf = (path: string, status: string) =>
  paths[path]?.get?.responses[status]?.content?.["application/json"]?.schema as object

describe("declared answers in the document", () => {
  it("are the responses of their operations, valid OpenAPI 3.1", async () => {
    const result = await new Validator().validate(document as never)
    expect(result, JSON.stringify(result.errors)).toEqual({ valid: true })
    const user = paths["/users/{id}"]?.get?.responses
    // The declared statuses, then those the host answers itself: a malformed target (400), a path that does not
    // parse (404, merged with the declared one), an overlong target (414), a handler that throws (500).
    expect(Object.keys(user ?? {})).toEqual(["200", "400", "404", "414", "431", "500"])
    expect(Object.keys(user?.["404"]?.content ?? {})).toEqual(["application/json", "text/plain"])
    expect(user?.["200"]?.description).toBe("OK")
    expect(user?.["404"]?.description).toBe("Not Found")
    expect(paths["/count/{n}"]?.get?.responses["200"]?.content?.["application/json"]?.schema).toEqual({
      type: "array",
      items: { type: "string", pattern: "^-?[0-9]+$" },
    })
    // Without a declaration: a 200 of any media type, and default for the statuses the handler sets.
    expect(Object.keys(paths["/"]?.get?.responses ?? {})).toEqual(["200", "400", "414", "431", "500", "default"])
  })

  it("keep their schema for a status the site also answers by itself (400, 405)", () => {
    const Forms = t.union({
      Create: t.case(
        "POST /items",
        { name: Json(t.string) },
        Responds({ 201: t.int, 400: t.record({ error: t.string }) }),
      ),
    })
    const doc = OpenApi.Document(
      Sitelet.Infer(Forms, () => Content.Text("")),
      {
        info: { title: "forms", version: "1" },
        methodNotAllowed: true,
      },
    )
    const responses = (doc.paths as Record<string, Record<string, Operation>>)["/items"]?.post?.responses
    expect(Object.keys(responses ?? {})).toEqual(["201", "400", "405", "413", "414", "415", "431", "500"])
    expect(Object.keys(responses?.["415"]?.content ?? {})).toEqual(["text/plain", "application/problem+json"])
    // With problemDetails off the host refuses in plain text: the document says so.
    const plain = OpenApi.Document(
      Sitelet.Infer(Forms, () => Content.Text("")),
      { info: { title: "forms", version: "1" }, host: { problemDetails: false } },
    )
    const refusal = (plain.paths as Record<string, Record<string, Operation>>)["/items"]?.post?.responses["415"]
    expect(Object.keys(refusal?.content ?? {})).toEqual(["text/plain"])
    expect(responses?.["400"]?.content?.["application/json"]?.schema).toMatchObject({ type: "object" })
  })

  it("come from the case its handler serves: an outer case's, not a nested union's", () => {
    expect(paths["/nested/Leaf/{n}"]?.get?.responses?.default).toBeDefined()
    expect(paths["/nested/Leaf/{n}"]?.get?.responses?.["200"]?.content).toEqual({ "*/*": { schema: {} } })
    expect(schemaOf("/outer/Leaf/{n}", "200")).toMatchObject({ type: "integer" })
  })

  it("leave documents without declarations as they were", () => {
    const plain = OpenApi.Document(
      Sitelet.Infer(Fixture, () => Content.Text("")),
      { info: { title: "f", version: "1" } },
    )
    for (const item of Object.values(plain.paths as Record<string, Record<string, Operation>>))
      for (const operation of Object.values(item)) expect(operation.responses.default).toBeDefined()
  })

  it("describe what the sitelet writes, for random values (ajv, draft 2020-12)", async () => {
    const ajv = new Ajv2020({ strict: false })
    const cases: Array<{ path: string; status: number; descriptor: Descriptor }> = [
      { path: "/users/{id}", status: 200, descriptor: User },
      { path: "/users/{id}", status: 404, descriptor: Problem },
      { path: "/count/{n}", status: 200, descriptor: t.list(t.bigint) },
    ]
    for (const { path, status, descriptor } of cases) {
      const validate = ajv.compile(schemaOf(path, String(status)))
      await fc.assert(
        fc.asyncProperty(arbitraryOf(descriptor as never), async (value) => {
          // The handler passes no descriptor: the declared one writes the value.
          const site = Sitelet.Infer(Api, (_ctx, e) =>
            e.$ === "GetUser" || e.$ === "Count"
              ? Content.SetStatus(Http.Status.Custom(status), Content.Json(value) as never)
              : Content.Text(""),
          )
          const url = path === "/count/{n}" ? "/count/1" : "/users/1"
          const response = await site.Handle(new Request(`http://localhost${url}`))
          expect(response?.status).toBe(status)
          const body = JSON.parse((await response?.text()) ?? "")
          expect(validate(body), JSON.stringify(validate.errors)).toBe(true)
        }),
        { numRuns: 100 },
      )
    }
  })
})
