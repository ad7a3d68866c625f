import { describe, expect, test } from "vitest"
import { Json as JsonAttribute } from "../../../src/descriptor/attributes.js"
import { Json, JsonError, t } from "../../../src/index.js"
import { jsonMessages } from "../../../src/json/messages.js"

describe("Json is both the attribute and the codec namespace", () => {
  test("as an attribute it makes the same data as the descriptor module's Json", () => {
    expect(Json("post")).toEqual(JsonAttribute("post"))
    expect(Json(t.int)).toEqual(JsonAttribute(t.int))
  })

  test("members", () => {
    expect(Object.keys(Json).sort()).toEqual([
      "Activate",
      "Decode",
      "Deserialize",
      "Encode",
      "Parse",
      "Schema",
      "Serialize",
      "Stringify",
    ])
    expect(Json.Serialize(t.list(t.bigint), [1n])).toBe('["1"]')
    expect(Json.Deserialize(t.list(t.bigint), '["1"]')).toEqual([1n])
    expect(Json.Encode(t.list(t.bigint), [1n])).toEqual(["1"])
    expect(Json.Decode(t.list(t.bigint), ["1"])).toEqual([1n])
    expect(Json.Parse('{"a":[1]}')).toEqual({ a: [1] })
    expect(Json.Stringify({ a: [1] })).toBe('{"a":[1]}')
    expect(Json.Activate(t.list(t.bigint), ["1"])).toEqual([1n])
  })

  test("Parse throws JsonError on invalid text; Stringify on a value with no JSON text", () => {
    expect(() => Json.Parse("{")).toThrow(JsonError)
    expect(() => Json.Stringify(undefined)).toThrow(JsonError)
    expect(() => Json.Stringify(undefined)).toThrow(
      jsonMessages.mismatch("$", jsonMessages.jsonValue, jsonMessages.missing),
    )
  })

  test("a descriptor clash is a TypeError when the codec compiles", () => {
    const Clash = t.union(
      { A: t.case({ kind: t.int }) },
      { kind: "attribute", name: "NamedUnionCases", values: ["kind"] },
    )
    expect(() => Json.Serialize(Clash, { $: "A", kind: 1 })).toThrow(jsonMessages.tagFieldClash("A", "kind"))
    const Dollar = t.union({ A: t.case({ $: t.int }) })
    expect(() => Json.Deserialize(Dollar, '{"$":"A"}')).toThrow(jsonMessages.tagFieldClash("A", "$"))
  })

  test("a field wrapper handed over as is stands for its inner descriptor", () => {
    expect(Json.Serialize(Json(t.list(t.int)) as never, [1] as never)).toBe("[1]")
    expect(Json.Deserialize(Json(t.list(t.int)) as never, "[1]")).toEqual([1])
  })
})
