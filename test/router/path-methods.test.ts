/**
 * Issue 39, item 3: the methods of a path (for `405` and `Allow`) come from
 * one walk of a path-first trie with the methods at its leaves, and agree
 * with routing the path once per method, on generated declarations and
 * targets, on the GitHub table and on composed routers (which are probed).
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { t } from "../../src/descriptor/t.js"
import { Router, type Router as RouterOf } from "../../src/router/router.js"
import { createRouteRequest, noBody, noHeaders } from "../../src/router/request/request.js"
import { RequestView } from "../../src/router/request/request-view.js"
import { pathMethods } from "../../src/router/path-methods.js"
import { allowedMethods, probedMethods } from "../../src/host/allowed-methods.js"
import { loadTable, templateCases } from "../../bench/routing/github-table.js"
import { repoPath } from "../../bench/common/paths.js"
import { declaration, method, spelledAfter, target } from "../support/route-targets.js"

const request = (verb: string, url: string) => createRouteRequest({ method: verb, target: url })

describe("pathMethods", () => {
  it("agrees with probing every method, on generated declarations and targets (property)", () => {
    let answered = 0
    let asked = 0
    fc.assert(
      fc.property(
        declaration.chain((templates) =>
          fc.tuple(
            fc.constant(templates),
            fc.array(fc.tuple(method, fc.oneof(target, spelledAfter(templates))), { minLength: 20, maxLength: 20 }),
          ),
        ),
        ([templates, requests]) => {
          const router = Router.Infer(t.union(Object.fromEntries(templates.map((template, i) => [`C${i}`, template]))))
          for (const [verb, url] of requests) {
            const plain = request(verb, url)
            const expected = probedMethods(router, plain, 0)
            asked++
            if (pathMethods(router, plain, 0) !== undefined) answered++
            expect(allowedMethods(router, plain, 0), `${url} in ${templates}`).toEqual(expected)
            const view = new RequestView(verb.toUpperCase(), url, noHeaders, noBody, undefined)
            expect(allowedMethods(router, view, 0), `view ${url}`).toEqual(expected)
          }
        },
      ),
      { numRuns: 200 },
    )
    // The trie answered a share itself (about a third: bad targets and wildcard paths are probed), so the agreement says something.
    expect(answered / asked).toBeGreaterThan(0.25)
  })

  it("agrees on the GitHub table, each route's path under every method", () => {
    const table = loadTable(repoPath("bench/routing/github-routes.json"))
    const router = Router.Infer(t.union(templateCases(table, "declared") as never))
    let answered = 0
    for (const route of table) {
      const url = route.path.replace(/:(\w+)/g, (_, name: string) => `${name}-7`)
      for (const verb of ["GET", "PATCH", "OPTIONS"]) {
        const plain = request(verb, url)
        if (pathMethods(router, plain, 0) !== undefined) answered++
        expect(allowedMethods(router, plain, 0), `${verb} ${url}`).toEqual(probedMethods(router, plain, 0))
      }
    }
    expect(answered).toBe(table.length * 3)
  })

  it("reads a case's methods, every method for a case without one, and leaves a wildcard's paths to probing", () => {
    const router = Router.Infer(
      t.union({
        Show: "GET /blog/<id:int>",
        Remove: "DELETE /blog/<id:int>",
        Rename: "POST /blog/<slug>",
        Search: "GET /search?q=<q:int>",
        Any: "/any/<n:int>",
        Files: "GET /files/<...path>",
      }),
    )
    expect(pathMethods(router, request("PUT", "/blog/3"), 0)).toEqual(new Set(["GET", "DELETE", "POST"]))
    expect(pathMethods(router, request("PUT", "/blog/x"), 0)).toEqual(new Set(["POST"]))
    expect(pathMethods(router, request("PUT", "/search?q=x"), 0)).toEqual(new Set(["GET"]))
    expect(pathMethods(router, request("PUT", "/any/1"), 0)).toBeNull()
    expect(pathMethods(router, request("PUT", "/any/x"), 0)).toEqual(new Set())
    expect(pathMethods(router, request("PUT", "/files/a/b"), 0)).toBeUndefined()
    expect(pathMethods(router, request("PUT", "/blog/%zz"), 0)).toBeUndefined()
    expect(allowedMethods(router, request("PUT", "/blog/3"), 0)).toEqual(["GET", "HEAD", "POST", "DELETE"])
    expect(allowedMethods(router, request("PUT", "/files/a/b"), 0)).toEqual(["GET", "HEAD"])
  })

  it("answers a composed router from its parts as probing it does (property)", () => {
    // A part: a union's router, shifted under a literal, mapped, or opaque (Router.Single: probed alone).
    const part = fc.tuple(
      declaration,
      fc.constantFrom("infer", "shift", "map", "single"),
      fc.constantFrom("a", "blog", "x-y/1"),
    )
    let composedAnswers = 0
    fc.assert(
      fc.property(
        fc.array(part, { minLength: 1, maxLength: 3 }).chain((parts) =>
          fc.tuple(
            fc.constant(parts),
            fc.array(fc.tuple(method, fc.oneof(target, ...parts.map(([templates]) => spelledAfter(templates)))), {
              minLength: 15,
              maxLength: 15,
            }),
          ),
        ),
        ([parts, requests]) => {
          const routers = parts.map(([templates, kind, prefix]) => {
            const inner = Router.Infer(t.union(Object.fromEntries(templates.map((template, i) => [`C${i}`, template]))))
            if (kind === "shift") return Router.Shift(prefix, inner)
            if (kind === "map")
              return Router.Map(
                (e: unknown) => ({ e }),
                (o: { e: unknown }) => o.e,
                inner as never,
              )
            if (kind === "single") return Router.Single({ $: "One" }, `/${prefix}`)
            return inner
          })
          const router = Router.Shift("site", Router.Sum(...(routers as Array<RouterOf<unknown>>)))
          for (const [verb, url] of requests) {
            for (const [composed, at] of [
              [router, `/site${url === "/" ? "" : url}`] as const,
              [routers[0], url] as const,
            ]) {
              const plain = request(verb, at)
              const expected = probedMethods(composed as RouterOf<unknown>, plain, 0)
              const found = allowedMethods(composed as RouterOf<unknown>, plain, 0)
              if (found !== undefined) composedAnswers++
              expect(found, `${at} in ${parts.map(([templates, kind]) => `${kind} ${templates}`)}`).toEqual(expected)
            }
          }
        },
      ),
      { numRuns: 150 },
    )
    expect(composedAnswers).toBeGreaterThan(100)
  })

  it("walks only a router of Router.Infer; a composed one answers from its parts", () => {
    const inner = Router.Infer(t.union({ Show: "GET /blog/<id:int>", Remove: "DELETE /blog/<id:int>" }))
    const shifted = Router.Shift("api", inner)
    const summed = Router.Sum(inner, Router.Infer(t.union({ Edit: "PATCH /blog/<id:int>" })))
    expect(pathMethods(shifted, request("PUT", "/api/blog/3"), 0)).toBeUndefined()
    expect(allowedMethods(shifted, request("PUT", "/api/blog/3"), 0)).toEqual(["GET", "HEAD", "DELETE"])
    expect(pathMethods(inner, request("PUT", "/api/blog/3"), 1)).toEqual(new Set(["GET", "DELETE"]))
    expect(allowedMethods(summed, request("PUT", "/blog/3"), 0)).toEqual(["GET", "HEAD", "PATCH", "DELETE"])
    // Router.Single takes its one path with any method: nothing to refuse there.
    const withSingle = Router.Sum(inner, Router.Single({ $: "One" }, "/blog/3") as RouterOf<unknown>)
    expect(allowedMethods(withSingle, request("PUT", "/blog/3"), 0)).toBeUndefined()
    expect(probedMethods(withSingle, request("PUT", "/blog/3"), 0)).toBeUndefined()
    expect(allowedMethods(withSingle, request("PUT", "/blog/4"), 0)).toEqual(["GET", "HEAD", "DELETE"])
  })
})
