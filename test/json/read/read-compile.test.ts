/**
 * The fast reader of Json.Deserialize against the general path (JSON.parse
 * + decode): on every text, the same value (same keys in the same order,
 * same Dates, -0 kept) or the same JsonError. Texts are Json.Serialize's
 * output of generated values and adversarial rewrites of it (whitespace,
 * escapes, reordered, extra and duplicate keys, single-character damage).
 */
import { inspect } from "node:util"
import fc from "fast-check"
import { describe, expect, test } from "vitest"
import type { Descriptor } from "../../../src/descriptor/descriptor.js"
import { t } from "../../../src/descriptor/t.js"
import { decode, deserialize, encode, serialize } from "../../../src/json/codec/codec.js"
import { JsonError } from "../../../src/json/json-error.js"
import { parseJson } from "../../../src/json/parse.js"
import { readJson } from "../../../src/json/read/read-compile.js"
import { miss } from "../../../src/json/read/read-text.js"
import { arbitraryOf } from "../../support/arbitrary.js"
import { Event, fixtures, Proto, Tree, User } from "../fixtures.js"

const runs = { numRuns: 150 }

type Outcome = { value: string } | { error: string }

const outcome = (run: () => unknown): Outcome => {
  try {
    return { value: inspect(run(), { depth: null, showHidden: false }) }
  } catch (error) {
    return {
      error:
        error instanceof JsonError
          ? `JsonError ${JSON.stringify([error.message, error.path, error.expected, error.received])}`
          : String(error),
    }
  }
}

/** Json.Deserialize (fast reader first) and the general path agree on `text`. */
function agree(descriptor: Descriptor, text: string, options?: { maxDepth?: number; maxBigIntDigits?: number }): void {
  expect(outcome(() => deserialize(descriptor, text, options))).toEqual(
    outcome(() => decode(descriptor, parseJson(text), options)),
  )
}

// Descriptors whose every part the fast reader handles (Proto's names live on Object.prototype).
const fast = fixtures.filter(([name]) => name !== "Proto" && name !== "Everything")

describe.each(fixtures)("fast reader on %s", (_name, descriptor: Descriptor) => {
  const texts = arbitraryOf(descriptor).map((value) => serialize(descriptor, value))

  test("agrees with JSON.parse + decode on Json.Serialize's text", () => {
    fc.assert(
      fc.property(texts, (text) => agree(descriptor, text)),
      runs,
    )
  })

  test("agrees on rewritten text: whitespace, escapes, reordered, extra and duplicate keys", () => {
    fc.assert(
      fc.property(texts, fc.nat(), (text, seed) => {
        for (const rewritten of rewrites(text, seed)) agree(descriptor, rewritten)
      }),
      runs,
    )
  })

  test("agrees on text damaged by one character", () => {
    const damage = fc.tuple(fc.nat(), fc.constantFrom(...damageChars), fc.boolean())
    fc.assert(
      fc.property(texts, damage, (text, [at, char, insert]) => {
        const i = text.length === 0 ? 0 : at % text.length
        agree(descriptor, text.slice(0, i) + char + text.slice(insert ? i : i + 1))
      }),
      runs,
    )
  })
})

describe.each(fast)("fast reader takes %s's Json.Serialize text", (_name, descriptor: Descriptor) => {
  test("without falling back", () => {
    fc.assert(
      fc.property(arbitraryOf(descriptor), (value) => {
        expect(readJson(descriptor, serialize(descriptor, value), undefined)).not.toBe(miss)
      }),
      runs,
    )
  })
})

// 17 fields: three chunks of eight, optional fields on both sides of each boundary.
const wideFields = Object.fromEntries(
  Array.from({ length: 17 }, (_, i) => [
    `f${i}`,
    [0, 7, 8, 9, 15, 16].includes(i) ? t.option(t.int) : i % 2 ? t.string : t.bool,
  ]),
)
const Wide = t.record(wideFields as Record<string, Descriptor>)
const Empty = t.record({})

describe.each([
  ["Wide", Wide],
  ["Empty", Empty],
  ["list of Wide", t.list(Wide)],
] as const)("records across chunks of eight: %s", (_name, descriptor) => {
  test("written as encoded, read without falling back, equal to the general path on rewritten text", () => {
    fc.assert(
      fc.property(arbitraryOf(descriptor), fc.nat(), (value, seed) => {
        const text = serialize(descriptor, value as never)
        // The writer's chunks too: the serialized text is the encoded value's.
        expect(text).toBe(JSON.stringify(encode(descriptor, value as never)))
        expect(readJson(descriptor, text, undefined)).not.toBe(miss)
        agree(descriptor, text)
        for (const rewritten of rewrites(text, seed)) agree(descriptor, rewritten)
      }),
      runs,
    )
  })
})

test("descriptors with Object.prototype names take the general path", () => {
  expect(readJson(Proto, '{"constructor":1,"hasOwnProperty":[]}', undefined)).toBe(miss)
  expect(deserialize(Proto, '{"constructor":1,"hasOwnProperty":[]}')).toEqual({ constructor: 1, hasOwnProperty: [] })
})

const damageChars = [
  '"',
  "\\",
  ",",
  ":",
  "{",
  "}",
  "[",
  "]",
  " ",
  "\n",
  "0",
  "-",
  ".",
  "e",
  "n",
  "\u0000",
  "\u001f",
  "\ufeff",
  "\ud800",
  "é",
]

/** Text variants the fast reader must either read identically or leave to the general path. */
function rewrites(text: string, seed: number): string[] {
  const value = JSON.parse(text) as unknown
  return [
    JSON.stringify(value, null, 1),
    " " + text + "\n",
    text + " x",
    escapeAll(value),
    JSON.stringify(mapObjects(value, (entries) => entries.reverse())),
    JSON.stringify(mapObjects(value, (entries) => [...entries, ["zz", seed]])),
    JSON.stringify(mapObjects(value, (entries) => [["zz", null], ...entries])),
    // A duplicate of the first key with a wrong value first: JSON.parse keeps the last.
    text.replace(/\{"([^"\\]*)":/, (_whole, key: string) => `{"${key}":{"bad":true},"${key}":`),
    text.replace(/":(-?\d+)/, (_whole, n: string) => `":${n}.0`),
    text.replace(/":(-?\d+)/, (_whole, n: string) => `":${n}e0`),
  ]
}

function mapObjects(value: unknown, change: (entries: [string, unknown][]) => [string, unknown][]): unknown {
  if (Array.isArray(value)) return value.map((item) => mapObjects(item, change))
  if (typeof value !== "object" || value === null) return value
  const entries = Object.entries(value).map(([key, item]): [string, unknown] => [key, mapObjects(item, change)])
  const out: Record<string, unknown> = Object.create(null)
  for (const [key, item] of change(entries)) out[key] = item
  return out
}

/** JSON text with every character of every string (keys too) written as `\uXXXX`. */
function escapeAll(value: unknown): string {
  if (typeof value === "string")
    return `"${[...Array(value.length).keys()].map((i) => `\\u${value.charCodeAt(i).toString(16).padStart(4, "0")}`).join("")}"`
  if (Array.isArray(value)) return `[${value.map(escapeAll).join(",")}]`
  if (typeof value === "object" && value !== null) {
    return `{${Object.entries(value)
      .map(([key, item]) => `${escapeAll(key)}:${escapeAll(item)}`)
      .join(",")}}`
  }
  return JSON.stringify(value)
}

describe("hostile text: the same value or the same JsonError as the general path", () => {
  const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth)
  const cases: ReadonlyArray<readonly [string, Descriptor, string]> = [
    ["depth 64 list", Tree, `{"value":1,"children":${'[{"value":1,"children":'.repeat(70)}[]${"}]".repeat(70)}}`],
    ["depth at the limit", t.list(t.list(t.list(t.int))), nested(3)],
    ["bigint 1001 digits", t.bigint, `"${"9".repeat(1001)}"`],
    ["bigint exponent", t.bigint, '"1e3"'],
    ["__proto__ key in a map", t.map(t.int), '{"__proto__":1,"a":2,"__proto__":3}'],
    ["__proto__ key in a record", User, '{"__proto__":{"admin":true},"id":1}'],
    ["1e400 float", t.float, "1e400"],
    ["-1e400 float", t.float, "-1e400"],
    ["unsafe int", t.int, "9007199254740993"],
    ["16-digit safe int", t.int, "9007199254740991"],
    ["-0 int", t.int, "-0"],
    ["-0.0 float", t.float, "-0.0"],
    ["1.5 int", t.int, "1.5"],
    ["float precision", t.float, "0.30000000000000004"],
    ["float many digits", t.float, "123456789012345678901234567890.5"],
    ["float tiny", t.float, "5e-324"],
    ["leading zero", t.int, "01"],
    ["bare minus", t.int, "-"],
    ["dot without digits", t.float, "1."],
    ["every one-letter escape", t.string, '"a\\"\\\\\\/\\b\\f\\n\\r\\tz"'],
    ["uppercase unicode escape", t.string, '"\\u00E9\\u00e9"'],
    ["lone surrogate escape", t.string, '"\\ud800"'],
    ["surrogate pair escape", t.string, '"\\ud83d\\ude00"'],
    ["raw lone surrogate", t.string, '"\ud800"'],
    ["invalid escape", t.string, '"\\x41"'],
    ["short unicode escape", t.string, '"\\u12"'],
    ["control char in \\u escape", t.string, '"\\u00\u00101"'],
    ["raw control char", t.string, '"a\u0001b"'],
    ["raw newline", t.string, '"a\nb"'],
    ["unterminated string", t.string, '"abc'],
    ["BOM", t.int, "\ufeff1"],
    ["trailing garbage", t.list(t.int), "[1,2]x"],
    ["trailing whitespace", t.list(t.int), "[1,2] \n\t\r"],
    ["trailing comma", t.list(t.int), "[1,2,]"],
    ["empty text", t.int, ""],
    ["option null", t.option(t.int), "null"],
    ["date not canonical", t.datetime, '"2026-11-22T10:00:00+01:00"'],
    ["impossible date", t.datetime, '"2026-02-30T00:00:00.000Z"'],
    ["hour 24", t.datetime, '"2026-11-22T24:00:00.000Z"'],
    ["a slash among the digits", t.datetime, '"2026-1/-22T10:00:00.000Z"'],
    ["a letter among the millis", t.datetime, '"2026-11-22T10:00:00.00aZ"'],
    ["a colon among the year digits", t.datetime, '"20:6-11-22T10:00:00.000Z"'],
    ["canonical date cut short", t.datetime, '"2026-11-22T10:00:00.000'],
    ["date format", t.datetime("yyyy-MM-dd"), '"2026-11-22"'],
    ["unknown union tag", Event, '{"$":"Nope"}'],
    ["union tag not first", Event, '{"x":1,"$":"Click","y":2,"at":"2026-11-22T00:00:00.000Z"}'],
    ["union tag not a string", Event, '{"$":1}'],
    ["missing field", User, '{"id":1}'],
    [
      "optional field null",
      User,
      '{"id":1,"name":"a","email":null,"score":1,"admin":true,"joined":"2026-11-22T00:00:00.000Z","access":1}',
    ],
    ["enum value not listed", t.enum({ A: 1 }), "2"],
    ["tuple too long", t.tuple(t.int), "[1,2]"],
    ["tuple too short", t.tuple(t.int, t.int), "[1]"],
  ]
  test.each(cases)("%s", (_name, descriptor, text) => agree(descriptor, text))

  test("the depth limit and the bigint limit of options", () => {
    agree(t.list(t.list(t.int)), "[[1]]", { maxDepth: 1 })
    agree(t.list(t.list(t.int)), "[[1]]", { maxDepth: 2 })
    agree(t.bigint, '"123"', { maxBigIntDigits: 2 })
    agree(t.int, "x", { maxDepth: 0 })
  })

  test("a non-string text", () => agree(t.int, 1 as unknown as string))
})
