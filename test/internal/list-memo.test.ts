import { describe, expect, it } from "vitest"
import { memoByList } from "../../src/internal/list-memo.js"

type List = readonly (readonly [string, string])[]

describe("memoByList", () => {
  it("computes once per frozen list, whichever list was asked last", () => {
    const seen: List[] = []
    const count = memoByList((list: List) => {
      seen.push(list)
      return list.length
    })
    const one: List = Object.freeze([Object.freeze(["A", "1"] as const)])
    const two: List = Object.freeze([Object.freeze(["A", "1"] as const), Object.freeze(["B", "2"] as const)])
    expect([one, two, one, two, two].map(count)).toEqual([1, 2, 1, 2, 2])
    expect(seen).toEqual([one, two])
  })

  it("asks again of a list that is not frozen, with the unshared answer when one is given", () => {
    const calls: string[] = []
    const kind = memoByList(
      (list: List) => (calls.push("shared"), `shared ${list.length}`),
      (list: List) => (calls.push("unshared"), `unshared ${list.length}`),
    )
    const open: [string, string][] = [["A", "1"]]
    expect([kind(open), kind(open)]).toEqual(["unshared 1", "unshared 1"])
    open.push(["B", "2"])
    expect(kind(open)).toBe("unshared 2")
    expect(kind(Object.freeze([...open]))).toBe("shared 2")
    expect(calls).toEqual(["unshared", "unshared", "unshared", "shared"])
  })
})
