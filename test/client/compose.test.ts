/**
 * Composition keeps the client: the client's `Router.Shift`, `Sum`, `Map`
 * and `Embed` give routers with `Fetch`, `Events` and `Socket`, whose
 * `Fetch` decodes the answers each case declares, as the plain router does;
 * `Router.Sum` infers its endpoint union; a server's `Sitelet.Shift`/`Sum`
 * and the client's composed router describe the same URLs.
 */
import { describe, expect, expectTypeOf, it } from "vitest"
import { Router } from "../../src/client/client-router.js"
import { Router as RootRouter } from "../../src/router/router.js"
import { Responds, Returns } from "../../src/descriptor/attributes.js"
import type { Infer } from "../../src/descriptor/descriptor.js"
import { t } from "../../src/descriptor/t.js"
import { Sitelet } from "../../src/api/sitelet-namespace.js"
import { Content } from "../../src/sitelet/content/content.js"
import { Http } from "../../src/sitelet/http/http-status.js"
import { FetchError } from "../../src/client/fetch-error.js"

const User = t.record({ id: t.int, name: t.string })
const Problem = t.record({ detail: t.string })
const Reads = t.union({
  GetUser: t.case("GET /users/<id:int>", Responds({ 200: User, 404: Problem })),
  Health: "GET /health",
})
const Writes = t.union({
  Rename: t.case("POST /users/<id:int>/name?to=<to>", Returns(User)),
  Remove: "DELETE /users/<id:int>",
})
type Reads = Infer<typeof Reads>
type Writes = Infer<typeof Writes>

const users = new Map([[1, "ada"]])
const server = Sitelet.Shift(
  "api",
  Sitelet.Sum(
    Sitelet.Infer(Reads, {
      GetUser: (_ctx, e) =>
        users.has(e.id)
          ? Content.Json({ id: e.id, name: users.get(e.id) as string })
          : Content.SetStatus(Http.Status.NotFound, Content.Json({ detail: `no user ${e.id}` })),
      Health: () => Content.Text("ok"),
    }),
    Sitelet.Infer(Writes, {
      Rename: (_ctx, e) => (users.set(e.id, e.to), Content.Json({ id: e.id, name: e.to })),
      Remove: () => Content.Text("gone"),
    }),
  ),
)
const fetch = async (request: Request) => (await server.Handle(request)) ?? new Response("unrouted", { status: 404 })
const base = "http://api.test"

describe("the client's composed routers", () => {
  const reads = Router.Shift("api", Router.Infer(Reads))
  const api = Router.Shift("api", Router.Sum(Router.Infer(Reads), Router.Infer(Writes)))

  it("Shift keeps Fetch and the declared answers (docs/security.md's call)", async () => {
    const user = await reads.Fetch({ $: "GetUser", id: 1 }, { base, fetch })
    expectTypeOf(user).toEqualTypeOf<{ id: number; name: string }>()
    expect(user).toEqual({ id: 1, name: "ada" })
    const same = await Router.Fetch(Router.Shift("api", Router.Infer(Reads)), { $: "GetUser", id: 1 }, { base, fetch })
    expectTypeOf(same).toEqualTypeOf<{ id: number; name: string }>()
    expect(same).toEqual(user)
    const missing = await reads.Fetch({ $: "GetUser", id: 9 }, { base, fetch }).catch((error: unknown) => error)
    expect(missing).toBeInstanceOf(FetchError)
    expect((missing as FetchError).value).toEqual({ detail: "no user 9" })
    const health = await reads.Fetch({ $: "Health" }, { base, fetch })
    expectTypeOf(health).toEqualTypeOf<Response>()
    expect(await health.text()).toBe("ok")
  })

  it("Sum infers its endpoint union without a type argument and decodes each part's answers", async () => {
    expectTypeOf(api.Link).parameter(0).toEqualTypeOf<Reads | Writes>()
    expect(api.Link({ $: "Rename", id: 1, to: "grace" })).toBe("/api/users/1/name?to=grace")
    const renamed = await api.Fetch({ $: "Rename", id: 1, to: "grace" }, { base, fetch })
    expectTypeOf(renamed).toEqualTypeOf<{ id: number; name: string }>()
    expect(renamed).toEqual({ id: 1, name: "grace" })
    expect(await api.Fetch({ $: "GetUser", id: 1 }, { base, fetch })).toEqual({ id: 1, name: "grace" })
    expectTypeOf(await api.Fetch({ $: "Remove", id: 1 }, { base, fetch })).toEqualTypeOf<Response>()
    expect(await api.Parse({ url: "/api/users/1", method: "GET" })).toEqual({ $: "GetUser", id: 1 })
    // One array, as Sitelet.Sum takes; the root namespace infers the same union.
    const listed = Router.Sum([Router.Infer(Reads), Router.Infer(Writes)])
    expectTypeOf(listed.Link).parameter(0).toEqualTypeOf<Reads | Writes>()
    const root = RootRouter.Sum(RootRouter.Infer(Reads), RootRouter.Infer(Writes))
    expectTypeOf(root.Link).parameter(0).toEqualTypeOf<Reads | Writes>()
  })

  it("Embed and Map decode by the inner case's answers; their type is any inner case's answer", async () => {
    type Site = { $: "Home" } | { $: "Api"; call: Reads }
    const site = Router.Sum(
      Router.Single({ $: "Home" } as Site, "/"),
      Router.Embed(
        (call: Reads) => ({ $: "Api" as const, call }),
        (s: Site) => (s.$ === "Api" ? s.call : undefined),
        Router.Shift("api", Router.Infer(Reads)),
      ),
    )
    const user = await site.Fetch({ $: "Api", call: { $: "GetUser", id: 1 } }, { base, fetch })
    expectTypeOf(user).toEqualTypeOf<{ id: number; name: string } | Response>()
    expect(user).toEqual({ id: 1, name: "grace" })
    expect(await site.Fetch({ $: "Api", call: { $: "Health" } }, { base, fetch })).toBeInstanceOf(Response)
    expectTypeOf(await site.Fetch({ $: "Home" }, { base, fetch })).toEqualTypeOf<Response>()

    const byId = Router.Map(
      (e: Reads) => (e.$ === "GetUser" ? e.id : -1),
      (id: number) => ({ $: "GetUser" as const, id }),
      Router.Shift("api", Router.Infer(Reads)),
    )
    expect(byId.Link(1)).toBe("/api/users/1")
    expect(await byId.Parse({ url: "/api/users/7" })).toBe(7)
    // An outer value with no tag: Fetch gives the Response, in the types and at run time.
    expectTypeOf(await byId.Fetch(1, { base, fetch })).toEqualTypeOf<Response>()
    expect(await byId.Fetch(1, { base, fetch })).toBeInstanceOf(Response)
  })

  it("a root router composed by the root namespace carries no answers, in its type or at run time", async () => {
    const plain = RootRouter.Shift("api", RootRouter.Infer(Reads))
    const response = await Router.Fetch(plain, { $: "GetUser", id: 1 }, { base, fetch })
    expectTypeOf(response).toEqualTypeOf<Response>()
    expect(response).toBeInstanceOf(Response)
  })

  it("describes the same URLs as the server's Sitelet.Shift/Sum", async () => {
    for (const value of [
      { $: "GetUser", id: 3 },
      { $: "Health" },
      { $: "Rename", id: 3, to: "x y" },
      { $: "Remove", id: 3 },
    ] as Array<Reads | Writes>)
      expect(api.Link(value)).toBe(server.Router.Link(value))
  })
})
