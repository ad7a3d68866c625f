/**
 * Body-less answers (issue 23, item 2): `Content.NoContent()` on every
 * host, `NoBody` declarations, and the typed client resolving `undefined`
 * for a success without a body instead of throwing.
 */
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest"
import { NoBody } from "../../src/descriptor/no-body.js"
import * as descriptorMessages from "../../src/descriptor/messages.js"
import { Responds, Returns } from "../../src/descriptor/attributes.js"
import { t } from "../../src/descriptor/t.js"
import { Router } from "../../src/client/client-router.js"
import { FetchError } from "../../src/client/fetch-error.js"
import type { SuccessValue } from "../../src/client/fetch.js"
import { Content } from "../../src/sitelet/content/content.js"
import { Http } from "../../src/sitelet/http/http-status.js"
import { Sitelet } from "../../src/api/sitelet-namespace.js"
import { expressHost, fetchHost, nodeHost, type HostUnderTest } from "../host/support.js"

const Post = t.record({ id: t.int, title: t.string })
const Problem = t.record({ error: t.string })
const Api = t.union({
  DeletePost: t.case("DELETE /posts/<id:int>", {}, Responds({ 204: NoBody, 404: Problem })),
  Archive: t.case("POST /posts/<id:int>/archive", {}, Responds({ 404: Problem })),
  Touch: t.case("POST /posts/<id:int>/touch", {}, Returns(Post)),
  Ping: "POST /ping",
})
const site = Sitelet.Infer(Api, {
  DeletePost: (_ctx, e) =>
    e.id === 1 ? Content.NoContent() : Content.SetStatus(Http.Status.NotFound, Content.Json({ error: "no post" })),
  // A case declaring error statuses only: its success is an empty 200 (or a 204).
  Archive: (_ctx, e) => (e.id === 1 ? Content.Text("") : Content.NoContent()),
  // An undeclared 204 on a case that declares a 200 body.
  Touch: (_ctx, e) => (e.id === 1 ? Content.Json({ id: 1, title: "x" }) : Content.NoContent()),
  Ping: () => Content.NoContent(),
})
const base = "http://api.test"
const fetch = async (request: Request) => (await site.Handle(request)) ?? new Response("unrouted", { status: 404 })

describe("Content.NoContent on every host", () => {
  let hosts: HostUnderTest[] = []
  beforeAll(async () => {
    hosts = [fetchHost(site), await nodeHost(site), await expressHost(site)]
  })
  afterAll(async () => {
    await Promise.all(hosts.map((host) => host.close()))
  })
  it("answers 204 with no body, no Content-Type and no Content-Length", async () => {
    for (const host of hosts) {
      const response = await host.send({ method: "POST", target: "/ping" })
      expect([response.status, response.body], host.name).toEqual([204, ""])
      expect(response.headers.has("content-type"), host.name).toBe(false)
      expect(response.headers.has("content-length"), host.name).toBe(false)
    }
  })
})

describe("NoBody declarations", () => {
  it("refuses a body descriptor for a status HTTP defines without a body", () => {
    for (const code of [204, 205, 304])
      expect(() => Responds({ [code]: Post })).toThrow(descriptorMessages.bodylessStatus(String(code)))
    // @ts-expect-error a 204 carries no body: only NoBody fits it
    expect(() => Responds({ 204: Post })).toThrow(TypeError)
    expect(Responds({ 204: NoBody }).responses[204]).toBe(NoBody)
  })

  it("types: NoBody statuses resolve undefined; a case declaring only errors resolves undefined", () => {
    expectTypeOf<SuccessValue<{ 204: NoBody; 404: typeof Problem }>>().toEqualTypeOf<undefined>()
    expectTypeOf<SuccessValue<{ 200: typeof Post; 204: NoBody }>>().toEqualTypeOf<
      { id: number; title: string } | undefined
    >()
    expectTypeOf<SuccessValue<{ 404: typeof Problem }>>().toEqualTypeOf<undefined>()
  })

  it("a Content.Json at a NoBody status does not type-check", () => {
    Sitelet.Infer(Api, {
      // @ts-expect-error 204 is declared NoBody: no JSON fits it
      DeletePost: () => Content.SetStatus(Http.Status.NoContent, Content.Json({ error: "x" })),
      Archive: () => Content.NoContent(),
      Touch: () => Content.NoContent(),
      Ping: () => Content.NoContent(),
    })
  })
})

describe("the typed client and body-less answers", () => {
  const api = Router.Infer(Api)
  it("resolves undefined for a status declared NoBody, and decodes a declared error", async () => {
    const deleted = await api.Fetch({ $: "DeletePost", id: 1 }, { base, fetch })
    expectTypeOf(deleted).toEqualTypeOf<undefined>()
    expect(deleted).toBeUndefined()
    const missing = await api.Fetch({ $: "DeletePost", id: 2 }, { base, fetch }).catch((error: unknown) => error)
    expect(missing).toBeInstanceOf(FetchError)
    expect((missing as FetchError).value).toEqual({ error: "no post" })
  })

  it("resolves undefined for an empty 2xx or a 204 on a case that declares errors only", async () => {
    const archived = await api.Fetch({ $: "Archive", id: 1 }, { base, fetch })
    expectTypeOf(archived).toEqualTypeOf<undefined>()
    expect(archived).toBeUndefined()
    expect(await api.Fetch({ $: "Archive", id: 2 }, { base, fetch })).toBeUndefined()
  })

  it("resolves undefined for an undeclared 204, decodes the declared 200", async () => {
    expect(await api.Fetch({ $: "Touch", id: 1 }, { base, fetch })).toEqual({ id: 1, title: "x" })
    expect(await api.Fetch({ $: "Touch", id: 2 }, { base, fetch })).toBeUndefined()
  })

  it("still throws for an undeclared 2xx with a body where the case declares a 2xx body", async () => {
    const odd = async () => new Response("surprise", { status: 202 })
    const error = await api.Fetch({ $: "Touch", id: 1 }, { base, fetch: odd }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(FetchError)
    // The response stays readable for the caller.
    expect(await (error as FetchError).response.text()).toBe("surprise")
    const nonEmpty = async () => new Response("surprise", { status: 200 })
    const archived = await api.Fetch({ $: "Archive", id: 1 }, { base, fetch: nonEmpty }).catch((e: unknown) => e)
    expect(archived).toBeInstanceOf(FetchError)
    expect(await (archived as FetchError).response.text()).toBe("surprise")
  })
})
