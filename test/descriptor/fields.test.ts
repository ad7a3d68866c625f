import { describe, expect, it } from "vitest"
import { t } from "../../src/descriptor/t.js"
import { DateTimeFormat, EndPoint, FormData, Json, Name, Query } from "../../src/descriptor/attributes.js"
import { caseFields, caseTag } from "../../src/descriptor/fields.js"
import * as descriptorMessages from "../../src/descriptor/messages.js"
import { resolve } from "../../src/descriptor/composites.js"

describe("caseFields", () => {
  it("keeps declaration order and reads sources from case attributes", () => {
    const c = t.case(
      { blog: t.int, q: t.string, page: t.option(t.int), post: t.string },
      EndPoint("POST /p"),
      Query("q", "page"),
      Json("post"),
    )
    expect(caseFields(c, "C").map((f) => [f.name, f.source, f.optional])).toEqual([
      ["blog", "path", false],
      ["q", "query", false],
      ["page", "query", true],
      ["post", "json", false],
    ])
  })
  it("reads sources from field wrappers", () => {
    const c = t.case({ q: Query(t.string), body: Json(t.list(t.int)), user: FormData(t.string) })
    expect(caseFields(c, "C").map((f) => f.source)).toEqual(["query", "json", "form"])
    expect(caseFields(c, "C")[1]?.type).toEqual(t.list(t.int))
  })
  it("applies DateTimeFormat through option and list", () => {
    const c = t.case(
      { day: t.datetime, days: t.option(t.list(t.datetime)) },
      DateTimeFormat("day", "yyyy-MM-dd"),
      DateTimeFormat("days", "yyyyMMdd"),
    )
    const [day, days] = caseFields(c, "C")
    expect(day?.type).toEqual({ kind: "datetime", format: "yyyy-MM-dd" })
    expect(days?.type).toEqual(t.option(t.list(t.datetime("yyyyMMdd"))))
  })
  it("DateTimeFormat on a field is a datetime descriptor", () => {
    expect(DateTimeFormat("yyyy-MM-dd")).toEqual(t.datetime("yyyy-MM-dd"))
  })
  it("rejects impossible shapes with one sentence each", () => {
    expect(() => caseFields(t.case({ a: t.int }, Query("b")), "C")).toThrow(
      descriptorMessages.unknownAttributeField("C", "Query", "b"),
    )
    expect(() => caseFields(t.case({ a: Json(t.int), b: t.int }, Json("b")), "C")).toThrow(
      descriptorMessages.severalJsonFields("C", ["a", "b"]),
    )
    expect(() => caseFields(t.case({ a: Query(t.int) }, FormData("a")), "C")).toThrow(
      descriptorMessages.conflictingSource("C", "a", "query", "form"),
    )
    expect(() => caseFields(t.case({ a: t.int }, DateTimeFormat("a", "yyyy-MM-dd")), "C")).toThrow(
      descriptorMessages.dateTimeFormatOnNonDate("C", "a"),
    )
  })
  it("caseTag honours Name", () => {
    expect(caseTag("Article", t.case({}, Name("a")))).toBe("a")
    expect(caseTag("Article", t.case({}))).toBe("Article")
  })
})

describe("builders", () => {
  it("t.enum takes object literals and TS numeric enums", () => {
    enum Access {
      Read = 1,
      Write = 2,
    }
    expect(t.enum(Access).values).toEqual([
      ["Read", 1],
      ["Write", 2],
    ])
    expect(t.enum({ A: 0, B: 5 }).values).toEqual([
      ["A", 0],
      ["B", 5],
    ])
    expect(() => t.enum({})).toThrow(new TypeError(descriptorMessages.enumEmpty))
    expect(() => t.enum({ A: 1.5 })).toThrow(new TypeError(descriptorMessages.enumNotSafeInteger("A", 1.5)))
  })
  it("t.datetime is a descriptor and a format builder", () => {
    expect(t.datetime.kind).toBe("datetime")
    expect(t.datetime.format).toBeUndefined()
    expect(t.datetime("yyyy-MM-dd").format).toBe("yyyy-MM-dd")
    expect(() => t.datetime("now")).toThrow(new TypeError(descriptorMessages.dateFormatEmpty("now")))
    expect(t.datetime("HH").format).toBe("HH")
  })
  it("descriptors are frozen plain data that serialize", () => {
    const d = t.record({ a: t.list(t.option(t.int)), b: t.tuple(t.string, t.bool), c: t.map(t.bigint) })
    expect(Object.isFrozen(d)).toBe(true)
    expect(JSON.parse(JSON.stringify(d))).toEqual({
      kind: "record",
      fields: {
        a: { kind: "list", of: { kind: "option", of: { kind: "int" } } },
        b: { kind: "tuple", items: [{ kind: "string" }, { kind: "bool" }] },
        c: { kind: "map", of: { kind: "bigint" } },
      },
    })
  })
  it("t.lazy resolves recursive descriptors and reports self-loops", () => {
    const Tree: any = t.record({ value: t.int, children: t.list(t.lazy(() => Tree)) })
    expect(resolve(Tree.fields.children.of)).toBe(Tree)
    const loop: any = t.lazy(() => loop)
    expect(() => resolve(loop)).toThrow(new TypeError(descriptorMessages.lazyCycle))
    expect(() => resolve(t.lazy(() => undefined as any))).toThrow(new TypeError(descriptorMessages.lazyEmpty))
  })
})
