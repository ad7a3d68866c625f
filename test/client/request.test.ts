import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { t } from "../../src/descriptor/t.js"
import { DateTimeFormat, EndPoint, FormData, Json, Method, Query } from "../../src/descriptor/attributes.js"
import { Router } from "../../src/client/client-router.js"
import { endpointRequestParts, resolveLink } from "../../src/client/request.js"
import * as clientMessages from "../../src/client/messages.js"
import { LinkError } from "../../src/router/link/link-error.js"
import { Sitelet } from "../../src/api/sitelet-namespace.js"
import { Content } from "../../src/sitelet/content/content.js"
import type { Descriptor, Infer } from "../../src/descriptor/descriptor.js"
import { arbitraryOf } from "../support/arbitrary.js"
import { Post, Site, siteBodyCases, siteCases } from "../fixtures/site.js"

const numRuns = Number(process.env.FC_NUM_RUNS ?? 100)
const base = "http://client.test"

/** A union whose cases carry bodies of every kind, under every method. */
const Bodies = t.union({
  Put: t.case("PUT /items/<id:int>", { item: Json(Post) }),
  Patch: t.case(
    { id: t.int, change: t.union({ Rename: t.case({ name: t.string }), Clear: t.case({}) }) },
    EndPoint("PATCH /change"),
    Json("change"),
  ),
  Remove: t.case({ id: t.int, reason: t.option(t.string) }, EndPoint("/items"), Method("DELETE"), Query("reason")),
  Form: t.case(
    { user: t.string, age: t.int, when: t.datetime, agree: t.option(t.bool), note: t.option(t.string) },
    EndPoint("POST /form"),
    FormData("user", "age", "when", "agree", "note"),
    DateTimeFormat("when", "yyyy-MM-dd"),
  ),
  QueryAndJson: t.case(
    { q: t.string, page: t.option(t.int), body: t.list(t.tuple(t.bigint, t.float)) },
    EndPoint("POST /search"),
    Query("q", "page"),
    Json("body"),
  ),
})

/** A sitelet that records what it parsed and echoes it as JSON. */
function echoSite<D extends Descriptor>(descriptor: D) {
  const seen: unknown[] = []
  // A generic descriptor: Sitelet.New takes the handler of a router's endpoint type as it is.
  const site = Sitelet.New(Router.Infer(descriptor), (_ctx, endpoint) => {
    seen.push(endpoint)
    return Content.Json(endpoint, descriptor)
  })
  const fetch = async (request: Request) =>
    (await site.Handle(request)) ?? new Response("not accepted", { status: 404 })
  return { site, seen, fetch }
}

function skipUnlinkable<E>(router: Router<E>, value: E): boolean {
  try {
    router.link(value)
    return true
  } catch (error) {
    if (error instanceof LinkError) return false
    throw error
  }
}

describe("typed requests: the server parses exactly what the client builds", () => {
  for (const [name, descriptor] of [
    ["the fixture union", Site],
    ["body cases of every kind", Bodies],
  ] as const) {
    it(`holds for ${name} through site.Handle (${numRuns} runs)`, async () => {
      const { site, seen, fetch } = echoSite(descriptor as Descriptor)
      let sent = 0
      await fc.assert(
        fc.asyncProperty(arbitraryOf(descriptor as Descriptor, { url: true }), async (value) => {
          fc.pre(skipUnlinkable(site.Router, value))
          sent++
          seen.length = 0
          const answer = await Router.Fetch(site.Router, value, { base, fetch, response: descriptor as Descriptor })
          expect(seen).toEqual([value])
          expect(answer).toEqual(value)
        }),
        { numRuns },
      )
      expect(sent).toBeGreaterThan(numRuns / 2)
    })
  }
})

describe("Router.Request", () => {
  const router = Router.Infer(Site)

  it.each(siteCases)("builds $url with the case's first method", ({ value, url, method }) => {
    const request = Router.Request(router, value, { base })
    expect(request.url).toBe(base + url)
    expect(request.method).toBe(method ?? "GET")
    expect(request.body).toBeNull()
  })

  it.each(siteBodyCases)("builds the $method $url body like a browser form or JSON client", async (sample) => {
    const request = Router.Request(router, sample.value, { base })
    expect(request.method).toBe(sample.method)
    expect(request.url).toBe(base + sample.url)
    expect(request.headers.get("content-type")).toBe(sample.contentType)
    expect(await request.text()).toBe(sample.body)
  })

  it("puts the form fields of a GET case in the query, where the server reads them", async () => {
    const Forms = t.union({
      Login: t.case("GET|POST /login?to=<to:string?>", { user: FormData(t.option(t.string)), n: FormData(t.int) }),
    })
    const forms = Router.Infer(Forms)
    const value = { $: "Login" as const, to: "/x", user: "a b", n: 2 }
    const request = Router.Request(forms, value, { base })
    expect([request.method, request.url, request.body]).toEqual(["GET", `${base}/login?to=%2Fx&user=a+b&n=2`, null])
    const site = Sitelet.Infer(Forms, (_ctx, e) => Content.Text(JSON.stringify(e)))
    expect(await (await site.Handle(request))?.text()).toBe(JSON.stringify(value))
  })

  it("keeps the caller's headers and options, but the endpoint decides method and body", async () => {
    const value = siteBodyCases[0]!.value
    const request = Router.Request(router, value, {
      base,
      headers: { "x-trace": "1", "content-type": "application/vnd.post+json" },
      credentials: "include",
    })
    expect(request.headers.get("x-trace")).toBe("1")
    expect(request.headers.get("content-type")).toBe("application/vnd.post+json")
    expect(request.credentials).toBe("include")
    expect(await router.Parse(request)).toEqual(value)
  })

  it("resolves against the origin of the base only", () => {
    expect(resolveLink("/a?b=1", "http://127.0.0.1:8080/x/y?z#w")).toBe("http://127.0.0.1:8080/a?b=1")
    expect(Router.Request(router, { $: "Home" }, { base: new URL("https://h.test/deep/page") }).url).toBe(
      "https://h.test/",
    )
  })

  it("says what is missing outside a browser, and rejects a base with no origin", () => {
    expect(() => Router.Request(router, { $: "Home" })).toThrow(clientMessages.noBase("/"))
    expect(() => resolveLink("/", "data:text/plain,x")).toThrow(clientMessages.badBase("data:text/plain,x"))
    expect(() => resolveLink("/", "not a url")).toThrow(clientMessages.badBase("not a url"))
  })

  it("throws LinkError for a value no URL carries", () => {
    expect(() => Router.Request(router, { $: "Article", id: 1, slug: "" }, { base })).toThrow(LinkError)
    expect(() => Router.Request(Router.Empty<number>(), 1, { base })).toThrow(LinkError)
  })

  it("gives the parts without building a Request", () => {
    const parts = endpointRequestParts(Router.Infer(Bodies), { $: "Remove", id: 4, reason: "a b" })
    expect(parts).toMatchObject({ path: "/items/4?reason=a%20b", method: "DELETE", body: undefined })
    const form = endpointRequestParts(Router.Infer(Bodies), {
      $: "Form",
      user: "ann & bob",
      age: 3,
      when: new Date(Date.UTC(2026, 10, 22)),
    } as Infer<typeof Bodies>)
    expect(form.body).toBe("user=ann+%26+bob&age=3&when=2026-11-22")
    expect(form.headers.get("content-type")).toBe("application/x-www-form-urlencoded")
  })
})
