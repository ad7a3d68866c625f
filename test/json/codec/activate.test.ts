import { describe, expect, test } from "vitest"
import { t } from "../../../src/descriptor/t.js"
import { activate, decode } from "../../../src/json/codec/codec.js"
import { Event, Shape, User } from "../fixtures.js"

describe("Json.Activate: trusted plain values to typed values, without validation", () => {
  test("converts what JSON cannot carry: dates, bigints, null options, renamed tags", () => {
    expect(activate(t.datetime, "2026-11-22T00:00:00.000Z")).toEqual(new Date(Date.UTC(2026, 10, 22)))
    expect(activate(t.datetime("yyyy-MM-dd"), "2026-11-22")).toEqual(new Date(Date.UTC(2026, 10, 22)))
    expect(activate(t.bigint, "12")).toBe(12n)
    expect(activate(t.list(t.option(t.int)), [1, null])).toEqual([1, undefined])
    expect(activate(Event, { $: "key", code: "c", mods: [] })).toEqual({ $: "Key", code: "c", mods: [] })
    expect(activate(Shape, { kind: "Circle", r: 1 })).toEqual({ $: "Circle", r: 1 })
  })

  test("parts with nothing to convert are returned as received, not copied", () => {
    const plain = { id: 1, tags: ["a"], extra: true }
    const Plain = t.record({ id: t.int, tags: t.list(t.string) })
    expect(activate(Plain, plain)).toBe(plain)
    const list = [plain]
    expect(activate(t.list(Plain), list)).toBe(list)
  })

  test("never validates: values of the wrong shape pass through unchanged", () => {
    expect(activate(t.int, "x")).toBe("x")
    expect(activate(t.datetime, "not a date")).toBe("not a date")
    expect(activate(t.bigint, 5)).toBe(5)
    expect(activate(Event, { $: "Unknown" })).toEqual({ $: "Unknown" })
  })

  test("where a record needs converting it is rebuilt from declared fields only", () => {
    const value = activate(
      User,
      JSON.parse(
        '{"id":1,"name":"a","email":null,"score":1,"admin":true,"joined":"2026-11-22T00:00:00.000Z","access":1,"__proto__":{"x":1}}',
      ),
    )
    expect(value).toEqual(
      decode(
        User,
        JSON.parse('{"id":1,"name":"a","score":1,"admin":true,"joined":"2026-11-22T00:00:00.000Z","access":1}'),
      ),
    )
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype)
  })
})
