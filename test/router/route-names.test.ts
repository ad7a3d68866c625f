/**
 * `routeName`: the declared route of an endpoint value — what spans and
 * metrics are named by — through composition, in declaration order, and
 * undefined for a value the router does not link.
 */
import { describe, expect, it } from "vitest"
import { t } from "../../src/index.js"
import { routeName } from "../../src/router/route-names.js"
import { Router } from "../../src/router/router.js"

const Api = t.union({
  Post: "GET /<slug>",
  About: "GET /about",
  Article: "GET /articles/<id:int>",
  Save: "POST /articles/<id:int>",
  Edit: "PUT /articles/<id:int>/edit",
  Files: t.case("GET /files", { path: t.string }, { kind: "attribute", name: "Wildcard", values: [] }),
  Home: "GET /",
})

describe("routeName", () => {
  const router = Router.Infer(Api)

  it("names a value by its template, never its URL", () => {
    expect(routeName(router, { $: "Article", id: 42 }, "GET")).toBe("/articles/{id}")
    expect(routeName(router, { $: "Edit", id: 7 }, "PUT")).toBe("/articles/{id}/edit")
    expect(routeName(router, { $: "Home" }, "GET")).toBe("/")
  })

  it("takes the method into account (HEAD as GET), and an open tail for a wildcard", () => {
    expect(routeName(router, { $: "Save", id: 1 }, "POST")).toBe("/articles/{id}")
    expect(routeName(router, { $: "Article", id: 1 }, "HEAD")).toBe("/articles/{id}")
    expect(routeName(router, { $: "Files", path: "a/b/c.txt" }, "GET")).toBe("/files/{path}")
  })

  it("picks the route declared first when a literal and a parameter both fit, as the router matches", async () => {
    // `/about` parses as Post (declared first): its span is named by Post's route.
    expect(await router.Parse({ url: "/about" })).toEqual({ $: "Post", slug: "about" })
    expect(routeName(router, { $: "Post", slug: "about" }, "GET")).toBe("/{slug}")
    const literalFirst = Router.Infer(t.union({ About: "GET /about", Post: "GET /<slug>" }))
    expect(routeName(literalFirst, { $: "About" }, "GET")).toBe("/about")
    expect(routeName(literalFirst, { $: "Post", slug: "other" }, "GET")).toBe("/{slug}")
  })

  it("keeps the prefixes of composition", () => {
    const api = Router.Shift("api/v1", router)
    expect(routeName(api, { $: "Article", id: 3 }, "GET")).toBe("/api/v1/articles/{id}")
    const both = Router.Sum(api, Router.Infer(t.union({ Login: "POST /login" })))
    expect(routeName(both, { $: "Login" }, "POST")).toBe("/login")
    expect(routeName(both, { $: "Article", id: 3 }, "GET")).toBe("/api/v1/articles/{id}")
  })

  it("is undefined for a value the router does not link, or a method no route takes", () => {
    expect(routeName(router, { $: "Nope" }, "GET")).toBeUndefined()
    expect(routeName(router, 42, "GET")).toBeUndefined()
    expect(routeName(router, { $: "Article", id: 1 }, "DELETE")).toBeUndefined()
  })
})
