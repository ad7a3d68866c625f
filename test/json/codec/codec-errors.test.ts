import { describe, expect, test } from "vitest"
import { t } from "../../../src/descriptor/t.js"
import { decode, deserialize, encode, serialize } from "../../../src/json/codec/codec.js"
import { describeReceived, JsonError } from "../../../src/json/json-error.js"
import { jsonMessages } from "../../../src/json/messages.js"
import { Event, Shape, User } from "../fixtures.js"

const Order = t.record({ items: t.list(t.record({ id: t.int, qty: t.option(t.int) })) })

/** Runs `action`, expecting a JsonError; returns it. */
function jsonError(action: () => unknown): JsonError {
  try {
    action()
  } catch (error) {
    if (error instanceof JsonError) return error
    throw error
  }
  throw new Error("expected a JsonError")
}

describe("strict decoding names the JSON path", () => {
  test('the issue\'s example: $.items[2].id: expected int, got "x"', () => {
    const error = jsonError(() => deserialize(Order, '{"items":[{"id":1},{"id":2},{"id":"x"}]}'))
    expect(error.message).toBe(jsonMessages.mismatch("$.items[2].id", "int", '"x"'))
    expect(error.path).toBe("$.items[2].id")
    expect(error.segments).toEqual(["items", 2, "id"])
    expect(error.expected).toBe("int")
    expect(error.received).toBe('"x"')
  })

  test.each([
    ["missing mandatory field", Order, '{"items":[{}]}', "$.items[0].id", "int", jsonMessages.missing],
    ["null for a non-option field", Order, '{"items":[{"id":null}]}', "$.items[0].id", "int", "null"],
    ["non-integer for int", t.int, "1.5", "$", "int", "1.5"],
    ["unsafe integer for int", t.int, "9007199254740993", "$", "int", "9007199254740992"],
    ["Infinity for float", t.float, "1e400", "$", "float", "Infinity"],
    ["wrong type for an option field", Order, '{"items":[{"id":1,"qty":"2"}]}', "$.items[0].qty", "int", '"2"'],
    [
      "unknown union tag",
      Event,
      '{"$":"Scroll"}',
      "$.$",
      jsonMessages.oneOfTags(["Click", "key", "Batch"]),
      '"Scroll"',
    ],
    [
      "case key instead of its Name",
      Event,
      '{"$":"Key","code":"k","mods":[]}',
      "$.$",
      jsonMessages.oneOfTags(["Click", "key", "Batch"]),
      '"Key"',
    ],
    [
      "missing NamedUnionCases tag",
      Shape,
      '{"$":"Circle","r":1}',
      "$.kind",
      jsonMessages.oneOfTags(["Circle", "Rect"]),
      jsonMessages.missing,
    ],
    ["wrong tuple length", t.tuple(t.int, t.int), "[1,2,3]", "$", jsonMessages.tupleOf(2), "an array of length 3"],
    ["array for a record", User, "[]", "$", "an object", "an array of length 0"],
    ["enum value outside the set", t.enum({ A: 1, B: 2 }), "3", "$", jsonMessages.oneOfNumbers([1, 2]), "3"],
    ["bigint as a number", t.bigint, "12", "$", "bigint string", "12"],
    ["bigint with a sign and spaces", t.bigint, '" 12"', "$", "bigint string", '" 12"'],
    ["impossible ISO date", t.datetime, '"2026-02-30T00:00:00Z"', "$", jsonMessages.isoDate, '"2026-02-30T00:00:00Z"'],
    ["non-ISO date text", t.datetime, '"Sun Nov 22 2026"', "$", jsonMessages.isoDate, '"Sun Nov 22 2026"'],
    [
      "date not in the format",
      t.datetime("yyyy-MM-dd"),
      '"2026-11-22T00:00:00Z"',
      "$",
      jsonMessages.dateIn("yyyy-MM-dd"),
      '"2026-11-22T00:00:00Z"',
    ],
    ["map value", t.map(t.int), '{"a":1,"b c":"x"}', '$["b c"]', "int", '"x"'],
  ])("%s", (_name, descriptor, text, path, expected, received) => {
    const error = jsonError(() => deserialize(descriptor, text))
    expect(error.path).toBe(path)
    expect(error.expected).toBe(expected)
    expect(error.received).toBe(received)
    expect(error.message).toBe(jsonMessages.mismatch(path, expected, received))
  })

  test("invalid JSON text is a JsonError at $", () => {
    const error = jsonError(() => deserialize(t.int, "{"))
    expect(error.path).toBe("$")
    expect(error.expected).toBe(jsonMessages.jsonText)
  })

  test("Decode and Deserialize report the same error", () => {
    const text = '{"items":[{"id":true}]}'
    expect(jsonError(() => decode(Order, JSON.parse(text))).message).toBe(
      jsonError(() => deserialize(Order, text)).message,
    )
  })
})

describe("serialization errors", () => {
  test.each([
    ["NaN", t.float, Number.NaN, "$", "float", Number.NaN],
    ["Infinity", t.float, Number.POSITIVE_INFINITY, "$", "float", Number.POSITIVE_INFINITY],
    ["unsafe integer", t.int, 2 ** 53, "$", "int", 2 ** 53],
    ["non-integer for int", t.int, 0.5, "$", "int", 0.5],
    ["invalid Date", t.datetime, new Date(Number.NaN), "$", jsonMessages.validDate, new Date(Number.NaN)],
    [
      "year beyond a format",
      t.datetime("yyyy-MM-dd"),
      new Date(Date.UTC(10000, 0, 1)),
      "$",
      jsonMessages.validDate,
      new Date(Date.UTC(10000, 0, 1)),
    ],
    ["unknown case", Event, { $: "Nope" }, "$.$", jsonMessages.oneOfTags(["Click", "Key", "Batch"]), "Nope"],
    ["nested NaN", t.record({ a: t.list(t.float) }), { a: [1, Number.NaN] }, "$.a[1]", "float", Number.NaN],
    ["missing mandatory field", t.record({ a: t.int }), {}, "$.a", "int", undefined],
  ])("%s", (_name, descriptor, value, path, expected, offending) => {
    for (const run of [() => serialize(descriptor, value as never), () => encode(descriptor, value as never)]) {
      const error = jsonError(run)
      expect(error.path).toBe(path)
      expect(error.expected).toBe(expected)
      expect(error.received).toBe(describeReceived(offending))
    }
  })
})

describe("describeReceived", () => {
  test("long strings are cut and their length given", () => {
    const long = "x".repeat(100)
    expect(describeReceived(long)).toBe(`${JSON.stringify(`${"x".repeat(40)}…`)} (100 characters)`)
  })
  test("objects, arrays, null", () => {
    expect(describeReceived({})).toBe("an object")
    expect(describeReceived([1, 2])).toBe("an array of length 2")
    expect(describeReceived(null)).toBe("null")
  })
})
