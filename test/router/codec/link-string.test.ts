import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { EndPoint, Query } from "../../../src/descriptor/attributes.js"
import { t } from "../../../src/descriptor/t.js"
import type { UnionDescriptor } from "../../../src/descriptor/descriptor.js"
import { LinkError } from "../../../src/router/link/link-error.js"
import { routerMessages } from "../../../src/router/messages.js"
import { urlWriterOf } from "../../../src/router/codec/link-string.js"
import { routePathToString } from "../../../src/router/link/route-path.js"
import { Router } from "../../../src/router/router.js"
import { alternativesOf } from "../../../src/router/codec/shape.js"
import { arbitraryOf } from "../../support/arbitrary.js"
import { Site } from "../../fixtures/site.js"

const numRuns = Number(process.env.FC_NUM_RUNS ?? 100)

const writerOf = (descriptor: Parameters<typeof alternativesOf>[0]) =>
  urlWriterOf(alternativesOf(descriptor, "X", "X", "X")[0] as never)

/** What Link gives: the URL, or the LinkError's field and message. */
function outcome(run: () => string): { url: string } | { field: string; message: string } {
  try {
    return { url: run() }
  } catch (error) {
    if (!(error instanceof LinkError)) throw error
    return { field: error.field, message: error.message }
  }
}

describe("direct URL writers", () => {
  it("join literal runs once, encoded, and encode field segments only when needed", () => {
    expect(writerOf(t.case({}, EndPoint("/a/b%20c/d")))?.({})).toBe("/a/b%20c/d")
    expect(writerOf(t.case({}, EndPoint("/")))?.({})).toBe("/")
    const issue = writerOf(t.case({ owner: t.string, n: t.int }, EndPoint("/repos/<owner>/issues/<n>")))
    expect(issue?.({ owner: "sitelets", n: 42 })).toBe("/repos/sitelets/issues/42")
    expect(issue?.({ owner: "a b/c?", n: -1 })).toBe("/repos/a%20b%2Fc%3F/issues/-1")
  })

  it("leave refused segments to the general writer, and have none for query or multi-segment fields", () => {
    const one = writerOf(t.case({ s: t.string }, EndPoint("/x/<s>")))
    for (const refused of ["", ".", ".."]) expect(one?.({ s: refused })).toBeUndefined()
    expect(writerOf(t.case({ q: t.string }, EndPoint("/s"), Query("q")))).toBeUndefined()
    expect(writerOf(t.case({ p: t.tuple(t.int, t.int) }, EndPoint("/p/<p>")))).toBeUndefined()
  })
})

describe("Link through the direct writers", () => {
  const Strings = t.union({
    Plain: "/s/<s>",
    Typed: "GET /t/<n:int>/<b:bool>/<f:float>",
    Mixed: t.case({ s: t.string, q: t.string }, EndPoint("/m/<s>"), Query("q")),
    Many: t.case({ items: t.list(t.string) }),
    Const: "/c/const%2Fant",
  })

  const agree = (union: UnionDescriptor, value: unknown) => {
    const router = Router.Infer(union) as Router<unknown>
    const general = outcome(() => {
      const path = router.link(value)
      if (path === undefined) throw new LinkError("", routerMessages.linkNoRoute)
      return routePathToString(path)
    })
    const direct = outcome(() => router.Link(value))
    expect(direct).toEqual(general)
  }

  it("gives the URL or the LinkError naming the field that the general writer gives (fixture site)", () => {
    fc.assert(
      fc.property(arbitraryOf(Site), (value) => agree(Site, value)),
      { numRuns },
    )
  })

  it("refuses exactly the segments the general writer refuses (dots, empty) and encodes the near misses", () => {
    for (const s of [
      "",
      ".",
      "..",
      "...",
      ".a",
      "a.",
      "..a",
      ". ",
      " .",
      "%2E",
      "\u3002",
      ".\ud800",
      "a\ud800",
      "\udc00",
    ])
      agree(Strings, { $: "Plain", s })
    const two = Router.Infer(t.union({ Two: "/r/<a>/x/<b>" }))
    expect(two.Link({ $: "Two", a: "a b", b: "c/d" })).toBe("/r/a%20b/x/c%2Fd")
    expect(two.Link({ $: "Two", a: "é", b: "😀?" })).toBe("/r/%C3%A9/x/%F0%9F%98%80%3F")
  })

  it("gives the same on adversarial strings, wrong types and lone surrogates", () => {
    const value = fc.oneof(
      arbitraryOf(Strings),
      fc.record({
        $: fc.constantFrom("Plain", "Typed", "Const", "Nope"),
        s: fc.oneof(fc.string(), fc.constant("\ud800"), fc.integer()),
        n: fc.oneof(fc.integer(), fc.double()),
        b: fc.boolean(),
        f: fc.double(),
      }),
    )
    fc.assert(
      fc.property(value, (v) => agree(Strings, v)),
      { numRuns },
    )
  })

  it("throws the same LinkError sentences", () => {
    const router = Router.Infer(Strings)
    expect(() => router.Link({ $: "Plain", s: ".." })).toThrow(LinkError)
    expect(outcome(() => router.Link({ $: "Plain", s: "" }))).toMatchObject({ field: "Plain.s" })
    expect(router.Link({ $: "Const" })).toBe("/c/const%2Fant")
  })
})
