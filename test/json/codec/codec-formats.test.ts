import { describe, expect, test } from "vitest"
import {
  DateTimeFormat,
  EndPoint,
  FormData,
  Json as JsonAttribute,
  Name,
  NamedUnionCases,
  Query,
} from "../../../src/descriptor/attributes.js"
import type { Descriptor } from "../../../src/descriptor/descriptor.js"
import { t } from "../../../src/descriptor/t.js"
import { decode, deserialize, encode, serialize } from "../../../src/json/codec/codec.js"
import { Access, Event, Shape, Tree, User } from "../fixtures.js"

const day = new Date(Date.UTC(2026, 10, 22, 10, 30, 5, 123))

/** Each row: descriptor, typed value, exact JSON text. Both directions are checked. */
const rows: ReadonlyArray<readonly [string, Descriptor, unknown, string]> = [
  ["int", t.int, -42, "-42"],
  ["float", t.float, 1.5, "1.5"],
  ["float exponent", t.float, 1e21, "1e+21"],
  ["string escapes", t.string, 'a"b\\c\n\u2028😀', JSON.stringify('a"b\\c\n\u2028😀')],
  ["bool", t.bool, false, "false"],
  ["bigint as string", t.bigint, -123456789012345678901234567890n, '"-123456789012345678901234567890"'],
  ["datetime ISO", t.datetime, day, '"2026-11-22T10:30:05.123Z"'],
  ["datetime format", t.datetime("yyyy-MM-dd"), new Date(Date.UTC(2026, 10, 22)), '"2026-11-22"'],
  ["enum as number", Access, 2, "2"],
  ["option at top: null", t.option(t.int), undefined, "null"],
  ["option at top: value", t.option(t.int), 3, "3"],
  ["list", t.list(t.int), [1, 2, 3], "[1,2,3]"],
  ["list of options", t.list(t.option(t.int)), [1, undefined], "[1,null]"],
  ["tuple", t.tuple(t.int, t.string), [1, "a"], '[1,"a"]'],
  ["map", t.map(t.int), { b: 1, a: 2 }, '{"b":1,"a":2}'],
  [
    "record: declaration order, option omitted",
    User,
    { access: 1, admin: true, score: 0.5, joined: day, name: "Ann", id: 7 },
    '{"id":7,"name":"Ann","score":0.5,"admin":true,"joined":"2026-11-22T10:30:05.123Z","access":1}',
  ],
  ["record: option present", t.record({ a: t.option(t.int), b: t.int }), { a: 1, b: 2 }, '{"a":1,"b":2}'],
  ["record: only option, absent", t.record({ a: t.option(t.int) }), {}, "{}"],
  [
    "union: $ first",
    Event,
    { $: "Click", x: 1, y: 2, at: day },
    '{"$":"Click","x":1,"y":2,"at":"2026-11-22T10:30:05.123Z"}',
  ],
  [
    "union: Name changes the tag",
    Event,
    { $: "Key", code: "k", mods: ["ctrl"] },
    '{"$":"key","code":"k","mods":["ctrl"]}',
  ],
  [
    "union: bigint list and map",
    Event,
    { $: "Batch", ids: [1n], tags: { x: 1 } },
    '{"$":"Batch","ids":["1"],"tags":{"x":1}}',
  ],
  ["NamedUnionCases: tag key first", Shape, { $: "Circle", r: 2 }, '{"kind":"Circle","r":2}'],
  [
    "DateTimeFormat on a case field",
    Shape,
    { $: "Rect", size: [1, 2], day: new Date(Date.UTC(2026, 0, 2)) },
    '{"kind":"Rect","size":[1,2],"day":"2026-01-02"}',
  ],
  [
    "recursion through t.lazy",
    Tree,
    { value: 1, children: [{ value: 2, children: [], label: "leaf" }] },
    '{"value":1,"children":[{"value":2,"children":[],"label":"leaf"}]}',
  ],
  ["case alone: its fields", t.case({ a: t.int }), { a: 1 }, '{"a":1}'],
  [
    "DateTimeFormat on a record field",
    t.record({ day: DateTimeFormat("dd.MM.yyyy") }),
    { day: new Date(Date.UTC(2026, 10, 22)) },
    '{"day":"22.11.2026"}',
  ],
  [
    "DateTimeFormat through an option field",
    t.case({ day: t.option(t.datetime) }, DateTimeFormat("day", "yyyy-MM-dd")),
    { day: new Date(Date.UTC(2026, 10, 22)) },
    '{"day":"2026-11-22"}',
  ],
  [
    "a case's JSON carries every field, whatever its routing source",
    t.union({
      Post: t.case(
        {
          blog: t.int,
          q: t.string,
          post: t.record({ title: t.string }),
          user: FormData(t.string),
          page: Query(t.option(t.int)),
        },
        EndPoint("POST /posts"),
        Query("q"),
        JsonAttribute("post"),
      ),
    }),
    { $: "Post", blog: 1, q: "x", post: { title: "T" }, user: "u", page: 2 },
    '{"$":"Post","blog":1,"q":"x","post":{"title":"T"},"user":"u","page":2}',
  ],
  [
    "Json field wrapper is its inner type",
    t.record({ body: JsonAttribute(t.list(t.int)) }),
    { body: [1] },
    '{"body":[1]}',
  ],
  ["__proto__ as a map key", t.map(t.int), JSON.parse('{"__proto__":1}'), '{"__proto__":1}'],
]

describe("JSON format (DESIGN.md §2 table)", () => {
  test.each(rows)("%s", (_name, descriptor, value, text) => {
    expect(serialize(descriptor, value as never)).toBe(text)
    expect(JSON.stringify(encode(descriptor, value as never))).toBe(text)
    expect(deserialize(descriptor, text)).toEqual(value)
    expect(decode(descriptor, JSON.parse(text))).toEqual(value)
  })

  test("an option field given as null decodes as absent", () => {
    expect(
      deserialize(
        User,
        '{"id":1,"name":"a","email":null,"score":1,"admin":false,"joined":"2026-11-22T00:00:00Z","access":1}',
      ),
    ).not.toHaveProperty("email")
  })

  test("extra fields are ignored", () => {
    expect(deserialize(t.record({ a: t.int }), '{"a":1,"b":2,"c":{"d":[]}}')).toEqual({ a: 1 })
  })

  test("Name applies when the tag is renamed and NamedUnionCases at once", () => {
    const U = t.union({ A: t.case({ n: t.int }, Name("a")) }, NamedUnionCases("type"))
    expect(serialize(U, { $: "A", n: 1 })).toBe('{"type":"a","n":1}')
    expect(deserialize(U, '{"n":1,"type":"a"}')).toEqual({ $: "A", n: 1 })
  })

  test("ISO dates: offsets, no seconds, 6-digit years and more fraction digits decode", () => {
    expect(deserialize(t.datetime, '"2026-11-22T12:00+02:00"')).toEqual(new Date(Date.UTC(2026, 10, 22, 10)))
    expect(deserialize(t.datetime, '"2026-11-22"')).toEqual(new Date(Date.UTC(2026, 10, 22)))
    expect(deserialize(t.datetime, '"2026-11-22T00:00:00.123456Z"')).toEqual(
      new Date(Date.UTC(2026, 10, 22, 0, 0, 0, 123)),
    )
    const far = new Date(Date.UTC(20000, 0, 1))
    expect(deserialize(t.datetime, serialize(t.datetime, far))).toEqual(far)
  })

  test("-0 is written as 0, like JSON.stringify", () => {
    expect(serialize(t.float, -0)).toBe("0")
  })
})
