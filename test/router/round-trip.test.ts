import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { t } from "../../src/descriptor/t.js"
import { serialize } from "../../src/json/codec/codec.js"
import { Router } from "../../src/router/router.js"
import { LinkError } from "../../src/router/link/link-error.js"
import { routePathToString, type RoutePath } from "../../src/router/link/route-path.js"
import type { PlainRequest } from "../../src/router/request/request.js"
import { arbitraryOf } from "../support/arbitrary.js"
import { Expr, Site } from "../fixtures/site.js"

/** fast-check runs per property: 100 by default, more in CI through FC_NUM_RUNS. */
const numRuns = Number(process.env.FC_NUM_RUNS ?? 100)
const base = "http://example.test"

/** The request a client sends for a linked value: URL, method and body. */
function requestFor(path: RoutePath): PlainRequest {
  const url = routePathToString(path)
  const method = path.method ?? "GET"
  if (path.body?.kind === "json") {
    return {
      method,
      url,
      headers: { "content-type": "application/json" },
      body: serialize(path.body.descriptor, path.body.value as never),
    }
  }
  if (path.body?.kind === "form") {
    return { method, url, body: new URLSearchParams(path.body.fields.map(([key, value]) => [key, String(value)])) }
  }
  return { method, url }
}

function linkOrSkip<E>(router: Router<E>, value: E): RoutePath | undefined {
  try {
    return router.link(value)
  } catch (error) {
    if (error instanceof LinkError) return undefined
    throw error
  }
}

/** P2: no empty, `.` or `..` segment; WHATWG URL parsing leaves the link as it is. */
function expectCanonical(url: string) {
  const [path = "", ...query] = url.split("?")
  if (path !== "/") {
    expect(path.endsWith("/")).toBe(false)
    for (const segment of path.slice(1).split("/")) {
      expect(segment).not.toBe("")
      expect([".", ".."]).not.toContain(decodeURIComponent(segment).toLowerCase())
    }
  }
  const parsed = new URL(url, base)
  expect(parsed.pathname).toBe(path)
  expect(parsed.search).toBe(query.length > 0 && query.join("?") !== "" ? "?" + query.join("?") : "")
}

describe("Parse(Link(x)) ≡ x", () => {
  const router = Router.Infer(Site)

  it(`holds for the whole fixture union (${numRuns} runs), through plain requests and Fetch Requests`, async () => {
    let linked = 0
    await fc.assert(
      fc.asyncProperty(arbitraryOf(Site, { url: true }), async (value) => {
        const path = linkOrSkip(router, value)
        fc.pre(path !== undefined)
        linked++
        const request = requestFor(path as RoutePath)
        expectCanonical(request.url)
        expect(await router.Parse(request)).toEqual(value)
        const fetchRequest = new Request(base + request.url, {
          method: request.method,
          headers: request.headers as HeadersInit,
          body: request.body as BodyInit | undefined,
        })
        expect(await router.Parse(fetchRequest)).toEqual(value)
      }),
      { numRuns },
    )
    expect(linked).toBeGreaterThan(numRuns / 2)
  })

  it("holds for adversarial strings in every position a string can take", async () => {
    const Strings = t.union({
      One: t.case({ s: t.string }),
      Many: t.case({ items: t.list(t.string), pair: t.tuple(t.string, t.option(t.string)) }),
      Rest: t.case({ path: t.string }, { kind: "attribute", name: "Wildcard", values: [] }),
      InQuery: t.case(
        { q: t.string, more: t.list(t.string) },
        { kind: "attribute", name: "Query", values: ["q", "more"] },
      ),
    })
    const router = Router.Infer(Strings)
    await fc.assert(
      fc.asyncProperty(arbitraryOf(Strings, { url: true }), async (value) => {
        const path = linkOrSkip(router, value)
        fc.pre(path !== undefined)
        const url = routePathToString(path as RoutePath)
        expectCanonical(url)
        expect(await router.Parse({ url })).toEqual(value)
        expect(await router.Parse(new Request(base + url))).toEqual(value)
      }),
      { numRuns },
    )
  })

  it("holds for a recursive union in a path", async () => {
    const router = Router.Infer(Expr)
    await fc.assert(
      fc.asyncProperty(arbitraryOf(Expr, { url: true, maxDepth: 4 }), async (value) => {
        expect(await router.Parse({ url: router.Link(value) })).toEqual(value)
      }),
      { numRuns },
    )
  })
})
