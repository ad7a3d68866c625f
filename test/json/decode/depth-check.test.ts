import { describe, expect, test } from "vitest"
import { checkDepth } from "../../../src/json/decode/depth-check.js"
import { Failure } from "../../../src/json/failure.js"
import { defaultLimits } from "../../../src/json/options.js"

const nested = (levels: number): unknown => {
  let value: unknown = []
  for (let i = 1; i < levels; i++) value = [value]
  return value
}
const failureOf = (run: () => void): Failure => {
  try {
    run()
  } catch (error) {
    if (error instanceof Failure) return error
    throw error
  }
  throw new Error("no failure")
}

describe("checkDepth", () => {
  test("scalars and values within the limit pass", () => {
    expect(() => checkDepth(1, 0, defaultLimits)).not.toThrow()
    expect(() => checkDepth(nested(64), 0, defaultLimits)).not.toThrow()
    expect(() => checkDepth({ a: [{ b: 1 }], c: "x" }, 61, defaultLimits)).not.toThrow()
  })

  test("one level over the limit fails, counted from the depth the value was found at", () => {
    expect(failureOf(() => checkDepth(nested(65), 0, defaultLimits)).expected).toBe("at most 64 levels of nesting")
    expect(() => checkDepth([[]], 62, defaultLimits)).not.toThrow()
    expect(() => checkDepth([[[]]], 62, defaultLimits)).toThrow(Failure)
    expect(() => checkDepth([], 64, defaultLimits)).toThrow(Failure)
  })

  test("the failure carries the path to the first container too deep", () => {
    const limits = { ...defaultLimits, maxDepth: 2 }
    const failure = failureOf(() => checkDepth({ a: 1, b: [0, { c: [] }] }, 0, limits))
    expect([...failure.reversed].reverse()).toEqual(["b", 1])
  })

  test("100,000 levels are measured without recursion", () => {
    expect(() => checkDepth(nested(100_000), 0, defaultLimits)).toThrow(Failure)
  })
})
