import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { createRouteRequest, EndPoint, Router, t } from "../../../src/index.js"
import { knownParse, knownTarget } from "../../../src/router/request/known-targets.js"
import { parseTarget } from "../../../src/router/request/target.js"

const numRuns = Number(process.env.FC_NUM_RUNS ?? 100)

// Literals a static table keeps: their own spelling in a URL (no `/ % ? # \`, not empty, `.` or `..`).
const plainLiteral = fc
  .string({
    unit: fc.constantFrom("a", "b", "Z", "0", "-", "_", ".", "~", "é", "+", ":", "@", "!"),
    minLength: 1,
    maxLength: 6,
  })
  .filter((literal) => literal !== "." && literal !== "..")

describe("known static targets", () => {
  it("give exactly the parse that splitting the target gives", () => {
    fc.assert(
      fc.property(fc.array(plainLiteral, { maxLength: 5 }), (literals) => {
        const path = "/" + literals.join("/")
        const split = parseTarget(path)
        knownTarget(path, literals)
        expect(knownParse(path)).toEqual(split)
        expect(parseTarget(path)).toEqual(split)
      }),
      { numRuns },
    )
  })

  it("leave every other spelling of the path to the full parse", () => {
    knownTarget("/user/repos", ["user", "repos"])
    for (const other of [
      "/user/repos/",
      "/user//repos",
      "/user/repos?x=1",
      "/user/repos#top",
      "/user/rep%6Fs",
      "http://h/user/repos",
      "/user/repo",
    ]) {
      expect(knownParse(other)).toBeUndefined()
    }
    expect(parseTarget("/user/repos?x=1").query.get("x")).toEqual(["1"])
    expect(parseTarget("/user/rep%6Fs").segments).toEqual(["user", "repos"])
  })

  it("hand each request its own segments", () => {
    Router.Infer(t.union({ Repos: "GET /user/repos" }))
    const first = createRouteRequest({ method: "GET", target: "/user/repos" })
    ;(first.segments as string[]).push("changed")
    expect(createRouteRequest({ method: "GET", target: "/user/repos" }).segments).toEqual(["user", "repos"])
  })

  it("are recorded only for literals that are their own spelling", () => {
    // `%3F` is a literal "?" once decoded: its raw path `/a?b` would split into a path and a query.
    const router = Router.Infer(t.union({ Odd: t.case({}, EndPoint("/a%3Fb")), Dot: t.case({}, EndPoint("/x/.y")) }))
    expect(knownParse("/a?b")).toBeUndefined()
    expect(knownParse("/x/.y")?.segments).toEqual(["x", ".y"])
    expect(router.Link({ $: "Odd" })).toBe("/a%3Fb")
  })

  it("route a static path from the known parse the same as from a split", async () => {
    const router = Router.Infer(t.union({ Home: "GET /", Repos: "GET /user/repos", User: "GET /user/<name>" }))
    expect(await router.Parse({ url: "/user/repos" })).toEqual({ $: "Repos" })
    expect(await router.Parse({ url: "/user/repos?page=2" })).toEqual({ $: "Repos" })
    expect(await router.Parse({ url: "/" })).toEqual({ $: "Home" })
    expect(await router.Parse({ method: "POST", url: "/user/repos" })).toBeUndefined()
    // Another router's static path is only a faster split here: it routes by this router's cases.
    expect(await Router.Infer(t.union({ User: "GET /user/<name>" })).Parse({ url: "/user/repos" })).toEqual({
      $: "User",
      name: "repos",
    })
  })
})
