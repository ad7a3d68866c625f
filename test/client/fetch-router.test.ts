/**
 * `sitelets/fetch` (issue 36, the typed client tier): its `Router.Request`
 * builds the request `sitelets/client` builds — method, URL, headers and
 * body — for every kind of field (path, query, JSON body, form fields in
 * the body and, for a GET, in the query, files, headers, cookies), refuses
 * the values it refuses with the same `LinkError`, and its `Fetch` decodes
 * what the full client decodes, on plain and composed routers, against a
 * real sitelet.
 */
import { describe, expect, expectTypeOf, it } from "vitest"
import { Sitelet } from "../../src/api/sitelet-namespace.js"
import { FetchError } from "../../src/client/fetch-error.js"
import { Router as Client } from "../../src/client/index.js"
import { Cookie, FormData, Header, Json, Query, Responds, Returns } from "../../src/descriptor/attributes.js"
import { Media } from "../../src/descriptor/media.js"
import { NoBody } from "../../src/descriptor/no-body.js"
import type { Infer } from "../../src/descriptor/descriptor.js"
import { t } from "../../src/descriptor/t.js"
import { Router as Light } from "../../src/client/fetch-entry.js"
import { OpenTelemetry } from "../../src/otel/index.js"
import { Content } from "../../src/sitelet/content/content.js"
import { Http } from "../../src/sitelet/http/http-status.js"

const Post = t.record({ title: t.string, at: t.datetime, tags: t.list(t.string) })
const Problem = t.record({ detail: t.string })
const Api = t.union({
  Get: t.case("GET /posts/<id:int>/<slug>?q=<q:string?>&page=<page:int?>", Responds({ 200: Post, 404: Problem })),
  Save: t.case("POST /posts", { post: Json(Post) }, Returns(Post)),
  Login: t.case(
    "POST /login",
    { user: FormData(t.string), remember: FormData(t.option(t.bool)) },
    Responds({ 204: NoBody }),
  ),
  Filter: t.case("GET /filter", { tag: FormData(t.list(t.string)), day: Query(t.datetime) }),
  Upload: t.case("POST /upload/<id:int>", { file: FormData(t.file), note: FormData(t.string) }),
  Tenant: t.case("GET /tenant", {
    tenant: Header(t.string, "X-Tenant"),
    ids: Header(t.list(t.int), "X-Ids"),
    session: Cookie(t.string, "sid"),
  }),
  Page: t.case("GET /page/<...path>", Returns(Media("text/html"))),
  Remove: "DELETE /posts/<id:int>",
})
type Api = Infer<typeof Api>

const at = new Date(Date.UTC(2026, 10, 28, 9, 30))
const values: Api[] = [
  { $: "Get", id: 3, slug: "a b/c", q: "it's & more", page: 2 },
  { $: "Get", id: -1, slug: "é" },
  { $: "Save", post: { title: 'x"y', at, tags: ["a", "b"] } },
  { $: "Login", user: "ann", remember: true },
  { $: "Login", user: "bob & co" },
  { $: "Filter", tag: ["x", "y z"], day: at },
  { $: "Filter", tag: [], day: at },
  { $: "Upload", id: 1, file: new File(["hello"], "a.txt", { type: "text/plain" }), note: "n" },
  { $: "Tenant", tenant: "acme", ids: [1, 2], session: "s; =1" },
  { $: "Page", path: "docs/a b" },
  { $: "Remove", id: 7 },
]

const base = "http://api.test/app/"
const full = Client.Shift("v1", Client.Infer(Api))
const light = Light.Shift("v1", Light.Infer(Api))

async function described(request: Request) {
  const multipart = request.headers.get("content-type")?.startsWith("multipart/form-data") === true
  const body = multipart
    ? await Promise.all(
        [...(await request.formData()).entries()].map(async ([name, value]) =>
          typeof value === "string" ? [name, value] : [name, value.name, value.type, await value.text()],
        ),
      )
    : await request.text()
  // The multipart boundary is random: compared without it.
  const headers = [...request.headers].map(([name, value]) =>
    name === "content-type" && multipart ? [name, "multipart/form-data"] : [name, value],
  )
  return { method: request.method, url: request.url, headers, body }
}

describe("sitelets/fetch's Router.Request", () => {
  it("builds the request sitelets/client builds, for every kind of field", async () => {
    for (const value of values) {
      const init = { base, headers: { "x-trace": "1" }, auth: { bearer: "token" } }
      expect(await described(Light.Request(light, value, init)), value.$).toEqual(
        await described(Client.Request(full, value, init)),
      )
    }
  })

  it("refuses the values sitelets/client refuses, with the same LinkError", () => {
    const bad = [
      { $: "Tenant", tenant: "acme", ids: ["x"], session: "s" },
      { $: "Tenant", tenant: "acme", ids: 3, session: "s" },
      { $: "Tenant", tenant: 3, ids: [], session: "s" },
      { $: "Upload", id: 1, file: "not a file", note: "n" },
      { $: "Login", user: "ann", remember: "yes" },
      { $: "Filter", tag: "x", day: at },
      { $: "Get", id: 1.5, slug: "s" },
      { $: "Save", post: { title: "x", at: new Date(Number.NaN), tags: [] } },
      { $: "Nope" },
    ] as unknown as Api[]
    for (const value of bad) {
      const error = (make: () => Request) => {
        try {
          make()
          return undefined
        } catch (caught) {
          return { name: (caught as Error).name, message: (caught as Error).message }
        }
      }
      const expected = error(() => Client.Request(full, value, { base }))
      expect(expected, JSON.stringify(value)).toBeDefined()
      expect(
        error(() => Light.Request(light, value, { base })),
        JSON.stringify(value),
      ).toEqual(expected)
    }
  })
})

const posts = new Map([[3, { title: "three", at, tags: ["x"] }]])
const server = Sitelet.Shift(
  "v1",
  Sitelet.Infer(Api, {
    Get: (_ctx, e) =>
      posts.has(e.id)
        ? Content.Json(posts.get(e.id)!)
        : Content.SetStatus(Http.Status.NotFound, Content.Json({ detail: `no post ${e.id}` })),
    Save: (_ctx, e) => Content.Json(e.post),
    Login: () => Content.SetStatus(Http.Status.NoContent, Content.Text("")),
    Filter: (_ctx, e) => Content.Text(`${e.tag.join(",")} ${e.day.toISOString()}`),
    Upload: async (_ctx, e) => Content.Text(`${e.id} ${e.note} ${await e.file.text()}`),
    Tenant: (_ctx, e) => Content.Text(`${e.tenant} ${e.ids.join("+")} ${e.session}`),
    Page: (_ctx, e) => Content.Page({ Body: e.path }),
    Remove: () => Content.Json({ removed: true }),
  }),
)
const send = async (request: Request) => (await server.Handle(request)) ?? new Response("unrouted", { status: 404 })

describe("sitelets/fetch's Fetch", () => {
  const options = { base, fetch: send }

  it("decodes declared answers as sitelets/client does, and the server reads what it sends", async () => {
    const got = await light.Fetch({ $: "Get", id: 3, slug: "s" }, options)
    expectTypeOf(got).toEqualTypeOf<{ title: string; at: Date; tags: string[] }>()
    expect(got).toEqual(await full.Fetch({ $: "Get", id: 3, slug: "s" }, options))
    expect(got.at).toBeInstanceOf(Date)
    const saved = await Light.Fetch(light, { $: "Save", post: { title: "new", at, tags: [] } }, options)
    expect(saved).toEqual({ title: "new", at, tags: [] })
    expect(await light.Fetch({ $: "Login", user: "ann" }, options)).toBeUndefined()
    const page = await light.Fetch({ $: "Page", path: "a/b" }, options)
    expectTypeOf(page).toEqualTypeOf<Response>()
    expect(await page.text()).toContain("<body>a/b</body>")
    // Undeclared: the Response as received.
    const texts = await Promise.all(
      (
        [
          { $: "Filter", tag: ["x", "y"], day: at },
          { $: "Upload", id: 2, file: new File(["bytes"], "f.bin"), note: "n" },
          { $: "Tenant", tenant: "acme", ids: [1, 2], session: "s; =1" },
        ] as Api[]
      ).map(async (value) => ((await light.Fetch(value, options)) as Response).text()),
    )
    expect(texts).toEqual(["x,y 2026-11-28T09:30:00.000Z", "2 n bytes", "acme 1+2 s; =1"])
  })

  it("throws FetchError with the declared error's decoded value, as sitelets/client does", async () => {
    const caught = async (run: () => Promise<unknown>) => run().catch((error: unknown) => error)
    const lightError = await caught(() => light.Fetch({ $: "Get", id: 9, slug: "s" }, options))
    const fullError = await caught(() => full.Fetch({ $: "Get", id: 9, slug: "s" }, options))
    expect(lightError).toBeInstanceOf(FetchError)
    expect((lightError as FetchError).message).toBe((fullError as FetchError).message)
    expect((lightError as FetchError).value).toEqual({ detail: "no post 9" })
    // A response descriptor given: checked and typed; a mismatch is the codec's JsonError.
    const removed = await Light.Fetch(
      light,
      { $: "Remove", id: 1 },
      { ...options, response: t.record({ removed: t.bool }) },
    )
    expect(removed).toEqual({ removed: true })
    const mismatch = await caught(() => Light.Fetch(light, { $: "Remove", id: 1 }, { ...options, response: t.int }))
    const fullMismatch = await caught(() => Client.Fetch(full, { $: "Remove", id: 1 }, { ...options, response: t.int }))
    expect((mismatch as Error).name).toBe("JsonError")
    expect((mismatch as Error).message).toBe((fullMismatch as Error).message)
  })

  it("takes the telemetry option: a client span per request, unnamed by route (a light router describes none)", async () => {
    const started: Array<{ method: string; url: string }> = []
    const ended: number[] = []
    const telemetry = {
      start: () => ({ run: <Value>(work: () => Value) => work(), end: () => undefined }),
      client: ({ method, url }: { method: string; url: string }) => {
        started.push({ method, url })
        return {
          headers: [["traceparent", "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"]] as const,
          end: ({ status }: { status: number }) => void ended.push(status),
        }
      },
    }
    const got = await light.Fetch({ $: "Get", id: 3, slug: "s" }, { ...options, telemetry })
    expect(got).toEqual(posts.get(3))
    expect(started).toEqual([{ method: "GET", url: "http://api.test/v1/posts/3/s" }])
    expect(ended).toEqual([200])
    // sitelets/otel's tracer takes a light router too (no SDK registered here: nothing is recorded).
    expect(await light.Fetch({ $: "Get", id: 3, slug: "s" }, { ...options, telemetry: OpenTelemetry() })).toEqual(
      posts.get(3),
    )
  })

  it("keeps Fetch and the declared answers through Shift, Sum, Map and Embed", async () => {
    const Health = t.union({ Health: t.case("GET /health", Returns(t.record({ ok: t.bool }))) })
    const both = Light.Sum(light, Light.Infer(Health))
    expectTypeOf(both.link).parameter(0).toEqualTypeOf<Api | Infer<typeof Health>>()
    const healthServer = Sitelet.Sum(server, Sitelet.Infer(Health, { Health: () => Content.Json({ ok: true }) }))
    const sendBoth = async (request: Request) => (await healthServer.Handle(request))!
    const health = await both.Fetch({ $: "Health" }, { base, fetch: sendBoth })
    expectTypeOf(health).toEqualTypeOf<{ ok: boolean }>()
    expect(health).toEqual({ ok: true })
    expect(await both.Fetch({ $: "Get", id: 3, slug: "s" }, { base, fetch: sendBoth })).toEqual(posts.get(3))

    type Site = { $: "Home" } | { $: "Api"; call: Api }
    const site = Light.Embed(
      (call: Api) => ({ $: "Api" as const, call }),
      (s: Site) => (s.$ === "Api" ? s.call : undefined),
      light,
    )
    const embedded = await site.Fetch({ $: "Api", call: { $: "Get", id: 3, slug: "s" } }, options)
    expect(embedded).toEqual(posts.get(3))
    expect(site.Link({ $: "Api", call: { $: "Remove", id: 2 } })).toBe(full.Link({ $: "Remove", id: 2 }))

    const byId = Light.Map(
      (e: Api) => (e.$ === "Remove" ? e.id : -1),
      (id: number) => ({ $: "Remove" as const, id }),
      light,
    )
    expect(byId.Link(4)).toBe("/v1/posts/4")
    expectTypeOf(await byId.Fetch(4, options)).toEqualTypeOf<Response>()
    expect(await (await byId.Fetch(4, options)).json()).toEqual({ removed: true })
  })
})
