import { describe, expect, test } from "vitest"
import { z } from "zod"
import { caseFields } from "../../src/descriptor/fields.js"
import { Json, JsonError, Name, NamedUnionCases, t } from "../../src/index.js"
import { jsonMessages } from "../../src/json/messages.js"

describe("README ## JSON examples", () => {
  const Post = t.record({
    id: t.int,
    title: t.string,
    draft: t.option(t.bool),
    at: t.datetime,
    views: t.bigint,
    tags: t.map(t.int),
  })
  const Shape = t.union(
    {
      Circle: t.case({ r: t.float }),
      Rect: t.case({ w: t.float, h: t.float }, Name("rect")),
    },
    NamedUnionCases("kind"),
  )

  test("Serialize and Deserialize", () => {
    expect(Json.Serialize(Post, { id: 1, title: "Hi", at: new Date(0), views: 12n, tags: { a: 1 } })).toBe(
      '{"id":1,"title":"Hi","at":"1970-01-01T00:00:00.000Z","views":"12","tags":{"a":1}}',
    )
    expect(Json.Serialize(Shape, { $: "Rect", w: 1, h: 2 })).toBe('{"kind":"rect","w":1,"h":2}')
    expect(Json.Deserialize(Shape, '{"r":1,"kind":"Circle"}')).toEqual({ $: "Circle", r: 1 })
  })

  test("the JsonError example", () => {
    let error: unknown
    try {
      Json.Deserialize(t.record({ items: t.list(t.record({ id: t.int })) }), '{"items":[{"id":1},{"id":2},{"id":"x"}]}')
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(JsonError)
    expect((error as JsonError).message).toBe(jsonMessages.mismatch("$.items[2].id", "int", '"x"'))
  })

  test("a zod schema in a Json field", () => {
    const Site = t.union({ Create: t.case({ post: Json(z.object({ title: z.string() })) }) })
    const [post] = caseFields(Site.cases.Create, "Create")
    expect(post?.source).toBe("json")
    expect(Json.Deserialize(post!.type, '{"title":"x"}')).toEqual({ title: "x" })
  })
})
