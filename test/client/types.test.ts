/**
 * Type-level checks of the client API (checked by `tsc --noEmit` over the
 * tests; the runtime part only makes sure the file runs).
 */
import { describe, expect, expectTypeOf, it } from "vitest"
import { Router, t, Json, type Infer, type InstalledRouter } from "../../src/client/index.js"
import { fakeWindow } from "./fake-window.js"

const Post = t.record({ title: t.string, at: t.datetime })
const Pages = t.union({
  Home: "GET /",
  Article: "GET /article/<id:int>",
  Save: t.case("POST /save", { post: Json(Post) }),
})
const router = Router.Infer(Pages)
const base = "http://x.test"
// Answers every call with a valid Post, so the typed-answer promise below resolves.
const never = async (): Promise<Response> =>
  new Response('{"title":"t","at":"2026-11-22T00:00:00.000Z"}', { headers: { "content-type": "application/json" } })

describe("client types", () => {
  it("infers endpoint values, answers and installed routers", async () => {
    expectTypeOf(Router.Request(router, { $: "Article", id: 1 }, { base })).toEqualTypeOf<Request>()
    expectTypeOf(Router.Fetch(router, { $: "Home" }, { base, fetch: never })).toEqualTypeOf<Promise<Response>>()
    const answer = Router.Fetch(router, { $: "Home" }, { base, fetch: never, response: Post })
    expectTypeOf(answer).resolves.toEqualTypeOf<{ title: string; at: Date }>()
    const app = Router.Install(router, { window: fakeWindow(base + "/") })
    expectTypeOf(app).toMatchTypeOf<
      InstalledRouter<{ $: "Home" } | { $: "Article"; id: number } | { $: "Save"; post: { title: string; at: Date } }>
    >()
    expectTypeOf(app.current).toEqualTypeOf<Infer<typeof Pages> | undefined>()
    // @ts-expect-error a field of the wrong type
    expect(() => Router.Request(router, { $: "Article", id: "1" }, { base })).toThrow()
    // @ts-expect-error a case that does not exist
    expect(() => app.href({ $: "Missing" })).toThrow()
    // @ts-expect-error the endpoint decides the method
    Router.Request(router, { $: "Home" }, { base, method: "POST" })
    // @ts-expect-error the endpoint decides the body
    Router.Request(router, { $: "Home" }, { base, body: "x" })
    app.dispose()
    await expect(answer).resolves.toEqual({ title: "t", at: new Date("2026-11-22T00:00:00.000Z") })
  })
})
