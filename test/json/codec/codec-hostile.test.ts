import fc from "fast-check"
import { afterEach, describe, expect, test } from "vitest"
import type { Descriptor } from "../../../src/descriptor/descriptor.js"
import { t } from "../../../src/descriptor/t.js"
import { activate, decode, deserialize, serialize } from "../../../src/json/codec/codec.js"
import { JsonError } from "../../../src/json/json-error.js"
import { jsonMessages } from "../../../src/json/messages.js"
import { Event, fixtures, Proto, Tree } from "../fixtures.js"

const prototypeNames = Object.getOwnPropertyNames(Object.prototype).sort()

afterEach(() => {
  // Nothing in these tests may touch Object.prototype.
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeNames)
  expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  expect(({} as Record<string, unknown>).x).toBeUndefined()
})

describe("prototype poisoning (RELIABILITY.md C1)", () => {
  const poisons = [
    '{"__proto__":{"polluted":1},"id":1}',
    '{"constructor":{"prototype":{"polluted":1}},"id":1}',
    '{"\\u005f_proto__":{"polluted":1},"id":1}',
    '{"a":{"__proto__":{"polluted":1}},"id":1}',
  ]

  test.each(poisons)("a record ignores undeclared poison keys: %s", (text) => {
    const value = deserialize(t.record({ id: t.int }), text)
    expect(Object.keys(value)).toEqual(["id"])
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype)
  })

  test.each([
    ['{"__proto__":{"polluted":1}}', "__proto__"],
    ['{"\\u005f_proto__":{"polluted":1}}', "__proto__"],
    ['{"constructor":{"prototype":1}}', "constructor"],
  ])("a map keeps poison keys as plain own data: %s", (text, key) => {
    const value = deserialize(t.map(t.map(t.int)), text)
    expect(Object.getPrototypeOf(value)).toBeNull()
    expect(Object.keys(value)).toEqual([key])
    expect(Object.getPrototypeOf(value[key])).toBeNull()
    expect(serialize(t.map(t.map(t.int)), value)).toBe(JSON.stringify(JSON.parse(text)))
  })

  test("__proto__ as a declared field is an own property, never the prototype", () => {
    // A computed key makes `__proto__` an own field (a plain `__proto__:` would set the literal's prototype).
    const Weird = t.record({ ["__proto__"]: t.map(t.int) })
    const value = deserialize(Weird, '{"__proto__":{"polluted":1}}') as object
    expect(Object.hasOwn(value, "__proto__")).toBe(true)
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype)
    expect(serialize(Weird, value as never)).toBe('{"__proto__":{"polluted":1}}')
  })

  test("declared fields named like Object.prototype members are read as own keys only", () => {
    const error = (() => {
      try {
        deserialize(Proto, '{"hasOwnProperty":[]}')
      } catch (e) {
        return e
      }
    })()
    expect(error).toBeInstanceOf(JsonError)
    expect((error as JsonError).path).toBe("$.constructor")
    expect((error as JsonError).received).toBe(jsonMessages.missing)
    expect(deserialize(Proto, '{"constructor":1,"hasOwnProperty":[true]}')).toEqual({
      constructor: 1,
      hasOwnProperty: [true],
    })
  })

  test("a union tag key equal to a prototype member is read as an own key", () => {
    expect(() => deserialize(Event, '{"x":1}')).toThrow(JsonError)
  })
})

describe("limits", () => {
  const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth)
  const deepList: Descriptor = t.list(t.lazy((): Descriptor => deepList))

  test("depth limit 64 by default: 64 levels pass, 65 fail with a JsonError", () => {
    expect(() => deserialize(deepList, nested(64))).not.toThrow()
    const error = (() => {
      try {
        deserialize(deepList, nested(65))
      } catch (e) {
        return e
      }
    })() as JsonError
    expect(error).toBeInstanceOf(JsonError)
    expect(error.expected).toBe(jsonMessages.depthLimit(64))
    expect(error.segments).toHaveLength(64)
  })

  test("a 100 000-deep body gives a JsonError, not a stack overflow", () => {
    expect(() => deserialize(deepList, nested(100_000))).toThrow(JsonError)
    expect(() => deserialize(Tree, '{"value":1,"children":['.repeat(50_000))).toThrow(JsonError)
  })

  test("under any maxDepth, nesting deeper than the call stack gives a JsonError, never a RangeError", () => {
    const deepTree = '{"value":1,"children":['.repeat(100_000) + "]}".repeat(100_000)
    for (const maxDepth of [5_000, 50_000, 1_000_000, Number.MAX_SAFE_INTEGER]) {
      for (const run of [
        () => deserialize(deepList, nested(200_000), { maxDepth }),
        () => deserialize(Tree, deepTree, { maxDepth }),
        () => decode(deepList, JSON.parse(nested(200_000)), { maxDepth }),
        () =>
          activate(Tree, JSON.parse('{"value":1,"children":['.repeat(100_000) + "]}".repeat(100_000)), { maxDepth }),
      ]) {
        const error = (() => {
          try {
            run()
          } catch (e) {
            return e
          }
        })()
        expect(error).toBeInstanceOf(JsonError)
        expect((error as JsonError).message).toBe(
          jsonMessages.mismatch("$", jsonMessages.stackDepth, jsonMessages.tooDeep),
        )
      }
    }
    // Serializing a value deeper than the stack: the same error.
    let deep: unknown[] = []
    for (let i = 0; i < 200_000; i++) deep = [deep]
    expect(() => serialize(deepList, deep as never, { maxDepth: 1_000_000 })).toThrow(JsonError)
  })

  test("the depth limit is configurable and bounds serialization and activation too", () => {
    const value = JSON.parse(nested(10)) as unknown[]
    expect(() => deserialize(deepList, nested(10), { maxDepth: 9 })).toThrow(JsonError)
    expect(() => serialize(deepList, value as never, { maxDepth: 9 })).toThrow(JsonError)
    expect(() =>
      activate(Tree, JSON.parse('{"value":1,"children":[{"value":1,"children":[]}]}'), { maxDepth: 1 }),
    ).toThrow(JsonError)
    expect(deserialize(deepList, nested(100), { maxDepth: 100 })).toEqual(JSON.parse(nested(100)))
  })

  test("bigint digit limit 1000 by default, configurable", () => {
    expect(deserialize(t.bigint, `"${"9".repeat(1000)}"`)).toBe(BigInt("9".repeat(1000)))
    const error = (() => {
      try {
        deserialize(t.bigint, `"-${"9".repeat(1001)}"`)
      } catch (e) {
        return e
      }
    })() as JsonError
    expect(error.expected).toBe(jsonMessages.bigintDigits(1000))
    expect(() => deserialize(t.bigint, '"123"', { maxBigIntDigits: 2 })).toThrow(JsonError)
  })

  test("an invalid limit fails loudly instead of disabling the check", () => {
    expect(() => deserialize(t.int, "1", { maxDepth: 0 })).toThrow(RangeError)
    expect(() => deserialize(t.int, "1", { maxBigIntDigits: Number.NaN })).toThrow(RangeError)
  })
})

describe("totality (RELIABILITY.md P6)", () => {
  const poisoned = fc
    .jsonValue({ maxDepth: 4 })
    .map((value) =>
      typeof value === "object" && value !== null && !Array.isArray(value)
        ? JSON.parse(`{"__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}},"v":${JSON.stringify(value)}}`)
        : value,
    )

  test.each(fixtures)("%s: decode of any JSON value returns or throws JsonError", (_name, descriptor) => {
    fc.assert(
      fc.property(poisoned, (value) => {
        try {
          decode(descriptor, value)
        } catch (error) {
          if (!(error instanceof JsonError)) throw error
        }
        activate(descriptor, value)
      }),
      { numRuns: 150 },
    )
  })
})
