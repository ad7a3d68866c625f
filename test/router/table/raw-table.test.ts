/**
 * Issue 39, item 2 for the runtime router: without a compiled table,
 * `Router.Infer` of a union routes on the raw target first with the same
 * table walked as data (raw-table.ts). It must answer exactly as the
 * runtime router alone (`{ rawTable: false }`) does — on generated
 * declarations and targets, the GitHub table, the example site and
 * 10,000 routes — read no character past the target's end, and leave a
 * hand-made request's segments alone.
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { t } from "../../../src/descriptor/t.js"
import { inferredAlternatives, routesRawFirst, type TableMatch } from "../../../src/router/compiled-table.js"
import { Router } from "../../../src/router/table/compile-entry.js"
import { walkedTable } from "../../../src/router/table/raw-table.js"
import { createRouteRequest, noBody, noHeaders } from "../../../src/router/request/request.js"
import { RequestView } from "../../../src/router/request/request-view.js"
import type { Router as RouterOf } from "../../../src/router/router.js"
import { caseName, loadTable, templateOf } from "../../../bench/routing/github-table.js"
import { repoPath } from "../../../bench/common/paths.js"
import { Account, Admin, Api, ApiWrites, Pages, Site } from "../../../examples/site/endpoints.js"
import { Bounded, declarationAndRequests, variantsOf } from "../../support/route-targets.js"

const tableOf = (router: RouterOf<unknown>): TableMatch => walkedTable(inferredAlternatives(router) ?? []) as TableMatch

/** Every way a router is asked: Match, Parse, route on plain data and on a host's view. */
async function expectSame(walked: RouterOf<unknown>, runtime: RouterOf<unknown>, verb: string, url: string) {
  expect(walked.Match(verb, url), `${verb} ${url}`).toEqual(runtime.Match(verb, url))
  expect(await walked.Parse({ url, method: verb }), `Parse ${verb} ${url}`).toEqual(
    await runtime.Parse({ url, method: verb }),
  )
  const view = () => new RequestView(verb.toUpperCase(), url, noHeaders, noBody, undefined)
  expect(walked.route(view(), 0, true), `view ${verb} ${url}`).toEqual(runtime.route(view(), 0, true))
}

describe("the route table walked as data", () => {
  it("agrees with the runtime router on generated declarations and targets (property)", async () => {
    let answered = 0
    let asked = 0
    await fc.assert(
      fc.asyncProperty(declarationAndRequests, async ([templates, requests]) => {
        const cases = Object.fromEntries(templates.map((template, i) => [`C${i}`, template]))
        const runtime = Router.Infer(t.union(cases), { rawTable: false })
        const walked = Router.Infer(t.union(cases))
        const table = tableOf(walked)
        for (const [verb, url] of requests) {
          const found = table?.(verb, new Bounded(url) as unknown as string)
          asked++
          if (found !== undefined) answered++
          await expectSame(walked, runtime, verb, url)
          const expected = runtime.Match(verb, url)
          // Link round trips (an earlier case may take the link, as in the runtime router).
          if (expected !== undefined) {
            const link = walked.Link(expected as never)
            expect(walked.Match(verb, link), link).toEqual(runtime.Match(verb, link))
          }
        }
      }),
      { numRuns: 150 },
    )
    // It answers a share itself (most generated targets are not plain), so the agreement says something.
    expect(answered / asked).toBeGreaterThan(0.05)
  }, 60_000)

  it("agrees on the GitHub table (variants under five methods) and the example site's declarations", async () => {
    const routes = loadTable(repoPath("bench/routing/github-routes.json"))
    const cases = Object.fromEntries(routes.map((route) => [caseName(route), templateOf(route)]))
    const runtime = Router.Infer(t.union(cases), { rawTable: false })
    const walked = Router.Infer(t.union(cases))
    const table = tableOf(walked)
    let answered = 0
    let requests = 0
    for (const route of routes) {
      for (const url of variantsOf(route.path))
        for (const verb of [route.method, "GET", "HEAD", "PATCH", "get"]) {
          requests++
          if (table(verb, new Bounded(url) as unknown as string) !== undefined) answered++
          expect(walked.Match(verb, url), `${verb} ${url}`).toEqual(runtime.Match(verb, url))
        }
    }
    expect(answered / requests).toBeGreaterThan(0.35)
    for (const union of [Site, Api, ApiWrites, Admin, Account, Pages]) {
      const plain = Router.Infer(union, { rawTable: false })
      const fast = Router.Infer(union)
      for (const url of ["/", "/blog", "/blog/1", "/blog/x", "/articles/3", "/api/articles/2", "/admin", "/chat/lobby"])
        for (const verb of ["GET", "POST", "DELETE"]) await expectSame(fast, plain, verb, url)
    }
  }, 60_000)

  it("looks up by text a segment where many literals share a first character, beside a hole", async () => {
    const cases: Record<string, string> = { Stat: "GET /sx", Deep: "GET /s3/<a>/<b>" }
    for (let i = 0; i < 12; i++) cases[`S${i}`] = `GET /s${i}/<id:int>`
    cases.Name = "/<name>/x"
    const runtime = Router.Infer(t.union(cases), { rawTable: false })
    const walked = Router.Infer(t.union(cases))
    const table = tableOf(walked)
    const urls = ["/s3/7", "/s3/x", "/s3/a/b", "/s11/5", "/s12/5", "/sx", "/sx/x", "/s11/x", "/s3/%37", "/s%33/7"]
    urls.push("//s3/7", "/s3//7", "/s3/7/", "/s3/./7", "/zz/x", "/s3?x=1", "/s3/7?q", "/s1", "/s/x", "/s3/a/b/c")
    for (const url of urls) for (const verb of ["GET", "POST"]) await expectSame(walked, runtime, verb, url)
    // Answered by the table itself, not handed to the runtime router.
    expect(table("GET", "/s11/5")).toEqual({ $: "S11", id: 5 })
    expect(table("POST", "/s11/x")).toEqual({ $: "Name", name: "s11" })
    expect(table("GET", "/s12/5")).toBe(null)
  })

  it("agrees at 10,000 routes under one segment, built once on the first request", () => {
    const cases: Record<string, string> = {}
    for (let i = 0; i < 10_000; i++)
      cases[`R${i}`] =
        i % 3 === 0 ? `GET /p/s${i}/page` : i % 3 === 1 ? `GET /p/s${i}/<id:int>` : `GET /p/s${i}/<a>/<b>`
    const runtime = Router.Infer(t.union(cases), { rawTable: false })
    const walked = Router.Infer(t.union(cases))
    for (const i of [0, 1, 2, 4_999, 9_997, 9_998, 9_999])
      for (const url of [`/p/s${i}/page`, `/p/s${i}/7`, `/p/s${i}/x/y`, `/p/s${i}`, `/p/s${i}x/7`, `/p/s${i}/%37`])
        expect(walked.Match("GET", url), url).toEqual(runtime.Match("GET", url))
    // The hit of a route is its own endpoint (not an earlier route's of the same hash).
    expect(walked.Match("GET", "/p/s9998/x/y")).toEqual({ $: "R9998", a: "x", b: "y" })
  })

  it("routes a host's view and Match on the raw target, and plain data on its segments", async () => {
    const walked = Router.Infer(t.union({ Repos: "GET /user/repos", Other: "GET /other" }))
    expect(routesRawFirst(walked)).toBe(true)
    expect(routesRawFirst(Router.Infer(t.union({ Repos: "GET /user/repos" }), { rawTable: false }))).toBe(false)
    const made = createRouteRequest({ method: "GET", target: "/user/repos" })
    // A custom router may hand an inner one a request whose segments it set by hand: those are routed.
    expect(walked.route({ ...made, segments: ["other"] }, 0, false)).toEqual({
      $: "Success",
      endpoint: { $: "Other" },
    })
    expect(walked.Match("GET", "/user/repos")).toEqual({ $: "Repos" })
  })
})
