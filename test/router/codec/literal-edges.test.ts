import { describe, expect, it } from "vitest"
import { LiteralEdges } from "../../../src/router/codec/literal-edges.js"

describe("LiteralEdges", () => {
  it("finds a key among few or many of one length, and nothing else", () => {
    const edges = new LiteralEdges<number>()
    const keys = [
      "repos",
      "users",
      "__proto__",
      "constructor",
      "a",
      ...Array.from({ length: 20 }, (_, i) => `k${String(i).padStart(3, "0")}`),
    ]
    keys.forEach((key, index) => edges.set(key, index))
    keys.forEach((key, index) => expect(edges.find(key)).toBe(index))
    expect(edges.find("repo")).toBeUndefined()
    expect(edges.find("k999")).toBeUndefined()
    expect(edges.find("toString")).toBeUndefined()
    expect(edges.find("x".repeat(1000))).toBeUndefined()
    expect(edges.find("")).toBeUndefined()
  })

  it("keeps the first node of a key and lists edges in insertion order", () => {
    const edges = new LiteralEdges<string>()
    edges.set("b", "first")
    edges.set("a", "a")
    edges.set("b", "second")
    expect(edges.get("b")).toBe("first")
    expect([...edges.entries()]).toEqual([
      ["b", "first"],
      ["a", "a"],
    ])
  })

  it("holds one edge in fields, and switches to the index on the second", () => {
    const edges = new LiteralEdges<string>()
    expect(edges.find("a")).toBeUndefined()
    expect([...edges.entries()]).toEqual([])
    edges.set("page", "one")
    edges.set("page", "again")
    expect(edges.find("page")).toBe("one")
    expect(edges.find("pages")).toBeUndefined()
    expect([...edges.entries()]).toEqual([["page", "one"]])
    edges.set("next", "two")
    expect([edges.find("page"), edges.find("next"), edges.get("next"), edges.find("x")]).toEqual([
      "one",
      "two",
      "two",
      undefined,
    ])
    expect([...edges.entries()]).toEqual([
      ["page", "one"],
      ["next", "two"],
    ])
  })
})
