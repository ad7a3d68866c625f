import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { PathMask } from "../../../src/router/request/path-mask.js"

describe("PathMask", () => {
  it("lets every added path through", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1, maxLength: 40 }), { maxLength: 20 }), (paths) => {
        const mask = new PathMask()
        for (const path of paths) mask.add(path)
        for (const path of paths) expect(mask.mayHold(path)).toBe(true)
      }),
    )
  })

  it("rules out paths of another length or last character", () => {
    const mask = new PathMask()
    mask.add("/user/repos")
    expect(mask.mayHold("/user/repo")).toBe(false)
    expect(mask.mayHold("/user/repox")).toBe(false)
    expect(mask.mayHold("/abcd/efghs")).toBe(true) // same length and last character: the table decides
    expect(mask.mayHold("")).toBe(false)
    expect(mask.mayHold("/".repeat(5000))).toBe(false)
  })
})
