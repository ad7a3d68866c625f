import fc from "fast-check"
import { describe, expect, it } from "vitest"
import type { UnionDescriptor } from "../../../src/descriptor/descriptor.js"
import { caseTag } from "../../../src/descriptor/fields.js"
import { EndPoint, Query } from "../../../src/descriptor/attributes.js"
import { t } from "../../../src/descriptor/t.js"
import { matchAlternative } from "../../../src/router/codec/alternative.js"
import type { MatchOutcome, MatchState } from "../../../src/router/codec/match-state.js"
import { pathCodecOf } from "../../../src/router/codec/path-codec.js"
import { createRouteRequest, type RouteRequest } from "../../../src/router/request/request.js"
import { resultOf } from "../../../src/router/codec/result.js"
import { Router } from "../../../src/router/router.js"
import { alternativesOf, type Alternative } from "../../../src/router/codec/shape.js"
import { candidatesOf, compactTrie, insertAlternative, newSegmentNode } from "../../../src/router/codec/segment-trie.js"
import type { UnionCodec } from "../../../src/router/codec/union-codec.js"

const numRuns = Number(process.env.FC_NUM_RUNS ?? 100)

const alternativesOfUnion = (union: UnionDescriptor): Alternative[] =>
  Object.keys(union.cases).flatMap((key) =>
    alternativesOf(union.cases[key] as never, key, caseTag(key, union.cases[key] as never), key),
  )

/** The reference: every alternative from its first element, in declaration order (what the router did before the trie). */
function naive(union: UnionDescriptor, request: RouteRequest, lenient: boolean): unknown {
  // With errors: first the cases that accept the method (field errors), then any method (issue 18).
  if (lenient) return naivePass(union, request, true, false) ?? naivePass(union, request, true, true)
  return naivePass(union, request, false, false)
}

function naivePass(union: UnionDescriptor, request: RouteRequest, lenient: boolean, wrongMethod: boolean) {
  const state: MatchState = {
    request,
    segments: request.segments,
    lenient,
    wrongMethod,
    errors: [],
    body: undefined,
  }
  const end = request.segments.length
  for (const alternative of alternativesOfUnion(union)) {
    const outcome: MatchOutcome = matchAlternative(alternative, state, 0, 0, (value, next) =>
      next === end ? { value } : undefined,
    )
    if (outcome !== undefined && typeof outcome === "object") return resultOf(outcome.value, state.errors)
  }
  return undefined
}

const Table = t.union({
  Root: "GET /",
  Any: "/x/<s>/a",
  Typed: "GET /x/<n:int>/<rest>",
  Lit: "/x/1/a",
  Flag: "POST /x/<b:bool>",
  Pair: t.case("/p/<pair>", { pair: t.tuple(t.int, t.string) }),
  Files: "GET /files/<...path>",
  Late: "GET /x/<n:int>",
  Search: t.case({ q: t.string }, EndPoint("GET /search"), Query("q")),
  Proto: "/__proto__/<n:int>",
})

describe("the typed segment trie", () => {
  it("follows one-segment fields; a longer field ends the trie part (…)", () => {
    expect({ ...(pathCodecOf(Table, "Table") as unknown as UnionCodec).segmentTree() }).toEqual({
      "/": ["Root"],
      "/x/<string>/a": ["Any"],
      "/x/<int>/<string>": ["Typed"],
      "/x/<int>": ["Late"],
      "/x/1/a": ["Lit"],
      "/x/<bool>": ["Flag"],
      "/p/…": ["Pair"],
      "/files/…": ["Files"],
      "/search": ["Search"],
      "/__proto__/<int>": ["Proto"],
    })
  })

  it("lists the candidates of a path in declaration order, across branches: empty when the method leaves them out, none for a miss", () => {
    const root = newSegmentNode()
    const alternatives = alternativesOfUnion(Table)
    alternatives.forEach((alternative, rank) => insertAlternative(root, rank, alternative))
    const names = (segments: string[], method?: string) =>
      candidatesOf(root, segments, 0, true, method)?.map((entry) => entry.alternative.shape.caseName)
    expect(names(["x", "1", "a"])).toEqual(["Any", "Typed", "Lit"])
    expect(names(["x", "1", "a"], "POST")).toEqual(["Any", "Lit"])
    expect(names(["x", "true"])).toEqual(["Flag"])
    // Met but left out by the method: a lenient pass may still report InvalidMethod.
    expect(names(["x", "true"], "GET")).toEqual([])
    expect(names(["x", "7"], "HEAD")).toEqual(["Late"])
    expect(names(["repos", "x", "y", "nothing-here"])).toBeUndefined()
    expect(names(["p"])).toBeUndefined()
    expect(names(["p", "1", "a"])).toEqual(["Pair"])
  })

  it("answers the same candidates, per method, once compacted (exact-size and shared lists)", () => {
    const alternatives = alternativesOfUnion(Table)
    const built = newSegmentNode()
    const compacted = newSegmentNode()
    alternatives.forEach((alternative, rank) => {
      insertAlternative(built, rank, alternative)
      insertAlternative(compacted, rank, alternative)
    })
    compactTrie(compacted)
    // The entries of the two tries are distinct objects (each holds its own functions): compare their ranks.
    const ranks = (entries: readonly { rank: number }[] | undefined) => entries?.map((entry) => entry.rank)
    const paths = [[], ["x", "1", "a"], ["x", "true"], ["x", "7"], ["p", "1", "a"], ["files", "a", "b"], ["search"]]
    for (const segments of paths)
      for (const method of [undefined, "GET", "HEAD", "POST", "PUT"])
        for (const exact of [true, false])
          expect(ranks(candidatesOf(compacted, segments, 0, exact, method))).toEqual(
            ranks(candidatesOf(built, segments, 0, exact, method)),
          )
  })

  it("keeps declaration order, HEAD→GET and lenient errors", async () => {
    const r = Router.Infer(Table)
    expect(await r.Parse({ url: "/x/1/a" })).toEqual({ $: "Any", s: "1" })
    expect(await r.Parse({ url: "/x/1/b" })).toEqual({ $: "Typed", n: 1, rest: "b" })
    expect(await r.Parse({ method: "POST", url: "/x/1/b" })).toBeUndefined()
    expect(await r.ParseWithErrors({ method: "POST", url: "/x/1/b" })).toEqual({
      $: "InvalidMethod",
      method: "POST",
      endpoint: { $: "Typed", n: 1, rest: "b" },
    })
    expect(await r.Parse({ method: "HEAD", url: "/x/7" })).toEqual({ $: "Late", n: 7 })
    expect(await r.Parse({ url: "/__proto__/3" })).toEqual({ $: "Proto", n: 3 })
    expect(await r.Parse({ url: "/constructor/3" })).toBeUndefined()
  })

  it("agrees with trying every case in order, on random paths and methods", () => {
    const request = fc.record({
      method: fc.constantFrom("GET", "POST", "HEAD", "PUT"),
      segments: fc.array(
        fc.constantFrom("x", "1", "-2", "a", "b", "true", "p", "files", "search", "__proto__", "%2F", "x%20y"),
        { maxLength: 5 },
      ),
      query: fc.constantFrom("", "?q=1", "?q"),
    })
    fc.assert(
      fc.asyncProperty(request, fc.boolean(), async ({ method, segments, query }, lenient) => {
        const routeRequest = createRouteRequest({ method, target: "/" + segments.join("/") + query })
        const expected = naive(Table, routeRequest, lenient)
        expect(await Router.Infer(Table).route(routeRequest, 0, lenient)).toEqual(expected)
      }),
      { numRuns },
    )
  })
})

describe("the static-path table", () => {
  const U = t.union({
    Home: "GET /",
    Repos: "GET /user/repos",
    Post: "POST /user/repos",
    Slash: "/a%2Fb",
    Q: t.case({ q: t.int }, EndPoint("/q"), Query("q")),
  })
  const r = Router.Infer(U)

  it("answers a static path by method, HEAD included, and falls back for the rest", async () => {
    expect(await r.Parse({ url: "/user/repos" })).toEqual({ $: "Repos" })
    expect(await r.Parse({ method: "HEAD", url: "/user/repos" })).toEqual({ $: "Repos" })
    expect(await r.Parse({ method: "POST", url: "/user/repos" })).toEqual({ $: "Post" })
    expect(await r.Parse({ url: "/user//repos/" })).toEqual({ $: "Repos" })
    expect(await r.Parse({ url: "/user/rep%6Fs" })).toEqual({ $: "Repos" })
    expect(await r.Parse({ url: "/a%2Fb" })).toEqual({ $: "Slash" })
    expect(await r.Parse({ url: "/a/b" })).toBeUndefined()
    expect(await r.Parse({ url: "/q?q=1" })).toEqual({ $: "Q", q: 1 })
    expect(await r.Parse({ url: "/q" })).toBeUndefined()
  })

  it("trusts a request's segments over its raw path", async () => {
    const made = createRouteRequest({ method: "GET", target: "/user/repos" })
    const handMade: RouteRequest = { ...made, segments: ["other"] }
    expect(await r.route(handMade, 0, false)).toBeUndefined()
    expect(await r.route({ ...made, path: "/elsewhere" }, 0, false)).toEqual({ $: "Success", endpoint: { $: "Repos" } })
  })
})
