/**
 * Bodies a case read but could not use are answered with problem details
 * (RFC 9457) saying why, on the three hosts: the JSON path, what was
 * expected and what was there; the form field and why.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { hostMessages } from "../../src/host/host-errors.js"
import { Content, FormData, Json, Sitelet, t } from "../../src/index.js"
import { jsonMessages } from "../../src/json/messages.js"
import { routerMessages } from "../../src/router/messages.js"
import { expressHost, fetchHost, type HostUnderTest, nodeHost, type WireRequest } from "./support.js"

const Item = t.record({ name: t.string, tags: t.list(t.string) })
const Site = t.union({
  Save: t.case("POST /items", { item: Json(Item) }),
  Move: t.case("POST /move", { amount: FormData(t.int) }),
})
const site = Sitelet.Infer(Site, {
  Save: (_ctx, e) => Content.Json(e.item, Item),
  Move: (_ctx, e) => Content.Text(`moved ${e.amount}`),
})
const json = { "content-type": "application/json" }
const form = { "content-type": "application/x-www-form-urlencoded" }
const quiet = { onError: () => undefined }

const hosts: HostUnderTest[] = []
const plainHosts: HostUnderTest[] = []
beforeAll(async () => {
  hosts.push(fetchHost(site, quiet), await nodeHost(site, quiet), await expressHost(site, quiet))
  const plain = { ...quiet, problemDetails: false }
  plainHosts.push(fetchHost(site, plain), await nodeHost(site, plain), await expressHost(site, plain))
})
afterAll(async () => {
  for (const host of [...hosts, ...plainHosts]) await host.close()
})

const problemOf = async (host: HostUnderTest, request: WireRequest) => {
  const response = await host.send(request)
  return { status: response.status, type: response.headers.get("content-type"), body: response.body }
}

describe.each([0, 1, 2])("problem details on host %i (fetch, node, express)", (index) => {
  const host = () => hosts[index]!
  const express = index === 2

  it("a JSON body of the wrong shape: the path, what was expected, what was there", async () => {
    const answer = await problemOf(host(), {
      method: "POST",
      target: "/items",
      headers: json,
      body: '{"name":"n","tags":["a",7]}',
    })
    const detail = hostMessages.badJsonBody(jsonMessages.mismatch("$.tags[1]", "string", "7"))
    if (express) return expect({ status: answer.status, body: answer.body }).toEqual({ status: 400, body: detail })
    expect({ status: answer.status, type: answer.type }).toEqual({ status: 400, type: "application/problem+json" })
    expect(JSON.parse(answer.body)).toEqual({
      type: "about:blank",
      title: "Bad Request",
      status: 400,
      detail,
      errors: [{ pointer: "/tags/1", path: "$.tags[1]", detail: "expected string, got 7" }],
    })
  })

  it("JSON text that does not parse: at the root", async () => {
    const answer = await problemOf(host(), { method: "POST", target: "/items", headers: json, body: '{"name":' })
    expect(answer.status).toBe(400)
    if (express) return
    const problem = JSON.parse(answer.body) as { errors: Array<{ pointer: string; path: string }> }
    expect(problem.errors[0]).toMatchObject({ pointer: "", path: "$" })
  })

  it("a form field that does not read: the field and why", async () => {
    const answer = await problemOf(host(), { method: "POST", target: "/move", headers: form, body: "amount=lots" })
    const detail = hostMessages.badFormField("amount", routerMessages.formFieldInvalid("int", "lots"))
    if (express) return expect(answer.body).toBe(detail)
    expect(JSON.parse(answer.body)).toEqual({
      type: "about:blank",
      title: "Bad Request",
      status: 400,
      detail,
      errors: [{ field: "amount", detail: routerMessages.formFieldInvalid("int", "lots") }],
    })
  })

  it("a media type no case reads: 415, as a problem too", async () => {
    const answer = await problemOf(host(), {
      method: "POST",
      target: "/items",
      headers: { "content-type": "text/plain" },
      body: "{}",
    })
    expect(answer.status).toBe(415)
    if (!express)
      expect(JSON.parse(answer.body)).toMatchObject({
        status: 415,
        detail: hostMessages.unsupportedMediaType("text/plain"),
      })
  })

  it("a good body is served as before", async () => {
    expect((await host().send({ method: "POST", target: "/move", headers: form, body: "amount=3" })).body).toBe(
      "moved 3",
    )
  })

  it("problemDetails: false gives the plain-text answer", async () => {
    const answer = await problemOf(plainHosts[index]!, {
      method: "POST",
      target: "/items",
      headers: json,
      body: '{"name":1}',
    })
    expect(answer.status).toBe(400)
    expect(answer.body).toBe(hostMessages.unreadableBody)
  })
})

describe("problem details in a Sum, in either order (issue 35)", () => {
  const Reads = t.union({ List: "GET /items" })
  const reads = Sitelet.Infer(Reads, { List: () => Content.Text("list") })
  it.each([
    ["reads first", Sitelet.Sum(reads, site)],
    ["writes first", Sitelet.Sum(site, reads)],
  ])("names the field of a bad JSON body when %s, a GET on the same path in the other part", async (_order, sum) => {
    const answer = await sum.Handle(
      new Request("http://localhost/items", { method: "POST", headers: json, body: '{"name":3,"tags":[]}' }),
    )
    expect(answer?.status).toBe(400)
    expect(await answer?.json()).toMatchObject({
      errors: [{ pointer: "/name", path: "$.name", detail: "expected string, got 3" }],
    })
  })
})
