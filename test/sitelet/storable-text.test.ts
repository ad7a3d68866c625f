/**
 * Issue 50, item 9: text a database cannot hold is a 400 naming the field,
 * never a 500 and never changed silently — with `text: "storable"` on
 * `Sitelet.Infer`, `InferWithErrors` and `InferPartial`, on the three
 * hosts: a NUL character in a JSON string, a query value, a path segment, a
 * form field, and a lone surrogate in JSON; after `Protect`'s credentials
 * (a 401 comes first), before the handler; off by default.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Auth, Content, FormData, Json, Sitelet, t } from "../../src/index.js"
import { unstorableMessage, unstorableText } from "../../src/sitelet/storable-text.js"
import { expressHost, fetchHost, type HostUnderTest, nodeHost } from "../host/support.js"

describe("unstorableText", () => {
  it("finds the first NUL or lone surrogate, with the field's path; keeps pairs, dates and bytes", () => {
    expect(unstorableText({ $: "A", post: { title: "a\u0000b" } })).toEqual({
      field: "post.title",
      what: "a NUL character (U+0000)",
    })
    expect(unstorableText({ tags: ["ok", "x\ud800"] })).toEqual({ field: "tags[1]", what: "a lone surrogate" })
    expect(unstorableText({ a: "\udc00" })?.what).toBe("a lone surrogate")
    expect(unstorableText({ a: "end\ud83d" })?.what).toBe("a lone surrogate")
    expect(unstorableText({ map: { "k\u0000": 1 } })).toEqual({
      field: "map.k\u0000",
      what: "a NUL character (U+0000)",
    })
    expect(unstorableText({ a: "😀 été", at: new Date(0), bytes: new Uint8Array([0]), n: 0, b: 1n })).toBeUndefined()
    expect(unstorableMessage({ field: "title", what: "a lone surrogate" })).toBe(
      "title holds a lone surrogate, which the application does not store",
    )
  })
})

const Post = t.record({ title: t.string, tags: t.list(t.string) })
const Api = t.union({
  Create: t.case("POST /posts", { post: Json(Post) }),
  Search: "GET /search?q=<q>",
  Item: "GET /items/<name>",
  Sign: t.case("POST /sign", { name: FormData(t.string) }),
})
let handled = 0
const handlers = {
  Create: () => {
    handled++
    return Content.Text("created")
  },
  Search: () => Content.Text("found"),
  Item: () => Content.Text("item"),
  Sign: () => Content.Text("signed"),
}
const strict = Sitelet.Infer(Api, handlers, { text: "storable" })
const lenient = Sitelet.Infer(Api, handlers)
const Secret = t.union({ Save: t.case("POST /vault", { note: Json(t.string) }) })
const guarded = Sitelet.Protect(
  { VerifyUser: () => true, Credentials: [Auth.Bearer()] },
  Sitelet.InferWithErrors(Secret, () => Content.Text("saved"), { text: "storable" }),
)

const quiet = { onError: () => undefined }
const hosts: HostUnderTest[] = []
const plain: HostUnderTest[] = []
const vaults: HostUnderTest[] = []
beforeAll(async () => {
  hosts.push(fetchHost(strict, quiet), await nodeHost(strict, quiet), await expressHost(strict, quiet))
  plain.push(fetchHost(lenient, quiet), await nodeHost(lenient, quiet))
  vaults.push(fetchHost(guarded, quiet), await nodeHost(guarded, quiet))
})
afterAll(async () => {
  for (const host of [...hosts, ...plain, ...vaults]) await host.close()
})

const json = { "content-type": "application/json" }
const problemOf = (body: string) => JSON.parse(body) as { status: number; detail: string; errors: { field: string }[] }

describe.each([0, 1, 2])("text: storable on host %i (fetch, node, express)", (index) => {
  it.each([
    [
      "a NUL in a JSON string",
      { method: "POST", target: "/posts", headers: json, body: '{"title":"a\\u0000b","tags":[]}' },
      "post.title",
    ],
    [
      "a lone surrogate in a JSON list",
      { method: "POST", target: "/posts", headers: json, body: '{"title":"t","tags":["\\ud800"]}' },
      "post.tags[0]",
    ],
    ["a NUL in a query value", { target: "/search?q=a%00b" }, "q"],
    ["a NUL in a path segment", { target: "/items/a%00b" }, "name"],
    [
      "a NUL in a form field",
      {
        method: "POST",
        target: "/sign",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "name=a%00",
      },
      "name",
    ],
  ])("refuses %s with a 400 naming the field, before the handler", async (_name, request, field) => {
    const before = handled
    const answer = await hosts[index]!.send(request)
    expect([answer.status, answer.headers.get("content-type")]).toEqual([400, "application/problem+json"])
    const problem = problemOf(answer.body)
    expect(problem.errors).toEqual([
      { field, detail: expect.stringMatching(/^holds a (NUL character|lone surrogate)/) },
    ])
    expect(problem.detail).toContain(`${field} holds`)
    expect(handled).toBe(before)
  })

  it("serves text a database holds: pairs, accents, emoji", async () => {
    const answer = await hosts[index]!.send({
      method: "POST",
      target: "/posts",
      headers: json,
      body: JSON.stringify({ title: "été 😀", tags: ["\u00e9"] }),
    })
    expect([answer.status, answer.body]).toEqual([200, "created"])
  })
})

describe("the option's edges", () => {
  it("is off by default: the handler gets the string as it came", async () => {
    for (const host of plain) expect((await host.send({ target: "/search?q=a%00b" })).body).toBe("found")
  })

  it("asks for credentials first under Protect (401), then refuses the text (400), never reaching the handler", async () => {
    for (const host of vaults) {
      const body = JSON.stringify("a\u0000")
      expect((await host.send({ method: "POST", target: "/vault", headers: json, body })).status).toBe(401)
    }
  })
})
