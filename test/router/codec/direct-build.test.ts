import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { EndPoint, Query } from "../../../src/descriptor/attributes.js"
import { caseTag } from "../../../src/descriptor/fields.js"
import { t } from "../../../src/descriptor/t.js"
import type { UnionDescriptor } from "../../../src/descriptor/descriptor.js"
import { matchAlternative } from "../../../src/router/codec/alternative.js"
import { directBuildOf } from "../../../src/router/codec/direct-build.js"
import type { MatchOutcome, MatchState } from "../../../src/router/codec/match-state.js"
import { createRouteRequest } from "../../../src/router/request/request.js"
import { alternativesOf, type Alternative } from "../../../src/router/codec/shape.js"

const numRuns = Number(process.env.FC_NUM_RUNS ?? 100)

const Table = t.union({
  Plain: "GET /a/<s>/<n:int>",
  Optional: t.case(
    { q: t.option(t.int), tags: t.list(t.string), name: t.string },
    EndPoint("/q/<name>"),
    Query("q", "tags"),
  ),
  Proto: t.case({ ["__proto__"]: t.int, x: t.string }, EndPoint("/p/<__proto__>"), Query("x")),
  Dates: "/d/<day:datetime(yyyy-MM-dd)>/<flag:bool>/<f:float>",
  Wild: "/w/<...rest>",
  Pair: t.case("/pair/<pair>", { pair: t.tuple(t.int, t.string) }),
})

const cases = Table.cases as UnionDescriptor["cases"]
const alternatives: Alternative[] = Object.keys(cases).flatMap((key) =>
  alternativesOf(cases[key] as never, key, caseTag(key, cases[key] as never), key),
)
const byName = (name: string) => alternatives.find((alternative) => alternative.shape.caseName === name) as Alternative

/** What the general matcher gives for one alternative on a whole request (strict). */
function general(alternative: Alternative, target: string): unknown {
  const request = createRouteRequest({ method: "GET", target })
  const state: MatchState = {
    request,
    segments: request.segments,
    lenient: false,
    wrongMethod: false,
    errors: [],
    body: undefined,
  }
  const end = request.segments.length
  const outcome: MatchOutcome = matchAlternative(alternative, state, 0, 0, (value, next) =>
    next === end ? { value } : undefined,
  )
  return outcome !== undefined && typeof outcome === "object" ? outcome.value : undefined
}

describe("directBuildOf", () => {
  it("is defined for literals, one-segment fields and query fields only", () => {
    expect(["Plain", "Optional", "Proto", "Dates"].map((name) => directBuildOf(byName(name)) !== undefined)).toEqual([
      true,
      true,
      true,
      true,
    ])
    expect(directBuildOf(byName("Wild"))).toBeUndefined()
    expect(directBuildOf(byName("Pair"))).toBeUndefined()
  })

  it("builds what the general matcher builds: `$` first, declaration order, absent options omitted, __proto__ own", () => {
    const cases: Array<[string, string]> = [
      ["Plain", "/a/x%2Fy/-7"],
      ["Optional", "/q/ann?tags=a&q=3&tags=b"],
      ["Optional", "/q/ann"],
      ["Optional", "/q/ann?q=x"],
      ["Proto", "/p/4?x=1"],
      ["Proto", "/p/4"],
      ["Dates", "/d/2024-02-29/TRUE/1.5"],
    ]
    for (const [name, target] of cases) {
      const alternative = byName(name)
      const request = createRouteRequest({ method: "GET", target })
      const built = directBuildOf(alternative)?.(request, request.segments, 0)
      const expected = general(alternative, target)
      expect(built).toEqual(expected)
      if (built !== undefined) expect(Object.keys(built)).toEqual(Object.keys(expected as object))
    }
    const proto = directBuildOf(byName("Proto"))?.(
      createRouteRequest({ method: "GET", target: "/p/4?x=1" }),
      ["p", "4"],
      0,
    )
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype)
    expect(Object.hasOwn(proto as object, "__proto__")).toBe(true)
  })

  it("agrees with the general matcher on random requests", () => {
    const target = fc.record({
      name: fc.constantFrom("Plain", "Optional", "Proto", "Dates"),
      segments: fc.array(fc.constantFrom("x", "1", "-2", "2024-02-29", "true", "1e3", "%2F", "a%20b", "__proto__"), {
        minLength: 1,
        maxLength: 3,
      }),
      query: fc.constantFrom("", "?q=1", "?q", "?tags=a&tags=b", "?x=1&q=2", "?x"),
    })
    const heads: Record<string, string> = { Plain: "a", Optional: "q", Proto: "p", Dates: "d" }
    fc.assert(
      fc.property(target, ({ name, segments, query }) => {
        const alternative = byName(name)
        const raw = "/" + [heads[name], ...segments].join("/") + query
        const request = createRouteRequest({ method: "GET", target: raw })
        // The trie only hands over requests whose segments it matched: compare where the general matcher matches the path.
        const expected = general(alternative, raw)
        if (request.segments.length !== alternative.elements.length) return
        const built = directBuildOf(alternative)?.(request, request.segments, 0)
        if (expected !== undefined) expect(built).toEqual(expected)
      }),
      { numRuns },
    )
  })
})

describe("routing through direct builds", () => {
  it("answers like the general matcher for the whole union", async () => {
    const { Router } = await import("../../../src/router/router.js")
    const router = Router.Infer(Table as UnionDescriptor)
    expect(await router.Parse({ url: "/q/ann?q=3" })).toEqual({ $: "Optional", q: 3, tags: [], name: "ann" })
    expect(await router.Parse({ url: "/a/x/1.5" })).toBeUndefined()
    expect(await router.Parse({ url: "/w/a/b" })).toEqual({ $: "Wild", rest: "a/b" })
    expect(await router.Parse({ url: "/pair/1/x" })).toEqual({ $: "Pair", pair: [1, "x"] })
  })
})
