import type { StandardSchemaV1 } from "@standard-schema/spec"
import type { StandardSchemaV1 as Own } from "../../../src/descriptor/standard-schema-spec.js"
import * as v from "valibot"
import { describe, expect, expectTypeOf, test } from "vitest"
import { z } from "zod"
import { caseFields } from "../../../src/descriptor/fields.js"
import { isForeignSchema, schemaOf } from "../../../src/descriptor/standard.js"
import type { Infer } from "../../../src/descriptor/descriptor.js"
import { DateTimeFormat, Json, JsonError, t } from "../../../src/index.js"
import { jsonMessages } from "../../../src/json/messages.js"
import { Event, Tree, User } from "../fixtures.js"

/** A function accepting any Standard Schema, as tRPC, Hono or TanStack Form do. */
function validateWith<Schema extends StandardSchemaV1>(schema: Schema, value: unknown) {
  return schema["~standard"].validate(value) as StandardSchemaV1.Result<StandardSchemaV1.InferOutput<Schema>>
}

describe("descriptors implement Standard Schema v1", () => {
  test("version, vendor and validate", () => {
    const props = User["~standard"]
    expect(props.version).toBe(1)
    expect(props.vendor).toBe("sitelets")
    expect(validateWith(t.list(t.int), [1, 2])).toEqual({ value: [1, 2] })
  })

  test("issues carry the message and the path as keys", () => {
    const result = validateWith(t.record({ items: t.list(t.record({ id: t.int })) }), {
      items: [{ id: 1 }, { id: "x" }],
    })
    expect(result).toEqual({
      issues: [{ message: jsonMessages.mismatch("$.items[1].id", "int", '"x"'), path: ["items", 1, "id"] }],
    })
  })

  test("validate decodes: it returns typed values (Dates, bigints, $ tags)", () => {
    expect(validateWith(Event, { $: "key", code: "c", mods: [] })).toEqual({ value: { $: "Key", code: "c", mods: [] } })
    expect(validateWith(t.bigint, "12")).toEqual({ value: 12n })
  })

  test("the vendored interface and @standard-schema/spec's are interchangeable", () => {
    expectTypeOf<Own<unknown, number>>().toEqualTypeOf<StandardSchemaV1<unknown, number>>()
    expectTypeOf(t.int).toExtend<StandardSchemaV1<unknown, number>>()
  })

  test("the output type is the descriptor's type", () => {
    expectTypeOf<StandardSchemaV1.InferOutput<typeof User>>().toEqualTypeOf<Infer<typeof User>>()
    expectTypeOf<StandardSchemaV1.InferOutput<typeof t.int>>().toEqualTypeOf<number>()
  })

  test("every builder's result carries ~standard, also through DateTimeFormat", () => {
    const format = t.datetime("yyyy-MM-dd")
    for (const d of [
      t.int,
      t.float,
      t.string,
      t.bool,
      t.bigint,
      t.datetime,
      format,
      t.enum({ A: 1 }),
      t.option(t.int),
      t.list(t.int),
      t.tuple(t.int),
      t.map(t.int),
      t.lazy(() => t.int),
      User,
      Event,
      Tree,
      t.case({ a: t.int }),
    ]) {
      expect(d["~standard"]?.vendor).toBe("sitelets")
    }
    const [field] = caseFields(t.case({ d: t.option(t.datetime) }, DateTimeFormat("d", "yyyy-MM-dd")), "C")
    expect(field?.type.kind).toBe("option")
    expect(field?.type["~standard"]?.validate("2026-11-22")).toEqual({ value: new Date(Date.UTC(2026, 10, 22)) })
  })

  test("~standard is non-enumerable: descriptors stay plain data", () => {
    expect(Object.keys(t.int)).toEqual(["kind"])
    expect(JSON.stringify(t.record({ a: t.list(t.int) }))).toBe(
      '{"kind":"record","fields":{"a":{"kind":"list","of":{"kind":"int"}}}}',
    )
    expect(Object.isFrozen(User)).toBe(true)
  })
})

describe("Json(schema) fields take any Standard Schema validator", () => {
  const zodPost = z.object({ title: z.string(), tags: z.array(z.string()) })
  const valibotPost = v.object({ title: v.string(), likes: v.number() })

  test("the foreign schema is recognised, sitelets' own descriptors are not foreign", () => {
    expect(isForeignSchema(zodPost)).toBe(true)
    expect(isForeignSchema(valibotPost)).toBe(true)
    expect(isForeignSchema(User)).toBe(false)
    expect(isForeignSchema({ kind: "schema" })).toBe(false)
  })

  test("a zod field decodes a body: JSON.parse then the schema", () => {
    const Create = t.case({ post: Json(zodPost) })
    const [info] = caseFields(Create, "Create")
    expect(info?.source).toBe("json")
    expect(schemaOf(info!.type)).toBe(zodPost)
    expect(Json.Deserialize(info!.type, '{"title":"a","tags":["x"],"extra":1}')).toEqual({ title: "a", tags: ["x"] })
    expectTypeOf<Infer<typeof Create>>().toEqualTypeOf<{ post: { title: string; tags: string[] } }>()
  })

  test("a valibot field (valibot schemas also have a `kind`) decodes too", () => {
    const field = Json(valibotPost)
    expect(field.source).toBe("json")
    expect(Json.Deserialize(field.of, '{"title":"a","likes":2}')).toEqual({ title: "a", likes: 2 })
    expectTypeOf<Infer<typeof field>>().toEqualTypeOf<{ title: string; likes: number }>()
  })

  test("a rejected body is a JsonError with the schema's message and path", () => {
    const field = Json(zodPost)
    let error: unknown
    try {
      Json.Deserialize(field.of, '{"title":"a","tags":[1]}')
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(JsonError)
    expect((error as JsonError).path).toBe("$.tags[0]")
    expect((error as JsonError).expected).toBe("a value accepted by the zod schema")
  })

  test("invalid JSON text is a JsonError too", () => {
    expect(() => Json.Deserialize(Json(zodPost).of, "{")).toThrow(JsonError)
  })

  test("an async schema cannot decode synchronously: a JsonError says so", () => {
    const slow = z.string().refine(async () => true)
    expect(() => Json.Deserialize(Json(slow).of, '"x"')).toThrow(JsonError)
  })

  test("in a template case it is a mandatory field and the union serializes it as plain JSON", () => {
    const Site = t.union({ Create: t.case("POST /posts", { post: Json(zodPost) }) })
    expectTypeOf<Infer<typeof Site>>().toEqualTypeOf<{ $: "Create"; post: { title: string; tags: string[] } }>()
    const [post] = caseFields(Site.cases.Create, "Create")
    expect(post?.optional).toBe(false)
    const value = { $: "Create" as const, post: { title: "x", tags: [] } }
    expect(Json.Serialize(Site, value)).toBe('{"$":"Create","post":{"title":"x","tags":[]}}')
    expect(Json.Deserialize(Site, Json.Serialize(Site, value))).toEqual(value)
  })

  test("serialize and encode write the value as plain JSON", () => {
    const field = Json(zodPost)
    const post = { title: "a", tags: ["x"] }
    expect(Json.Serialize(field.of, post)).toBe(JSON.stringify(post))
    expect(Json.Encode(field.of, post)).toBe(post)
  })
})
