/**
 * `sitelets/fetch` with nothing else loaded (a front end that calls an API):
 * a JSON body is written and a declared answer decoded without the template
 * parser — reading a case's fields would throw — nor the router or the
 * full codec. The bundle test measures what it carries.
 */
import { describe, expect, it } from "vitest"
import { Returns } from "../../src/descriptor/attributes.js"
import * as descriptorMessages from "../../src/descriptor/messages.js"
import { t } from "../../src/descriptor/t.js"
import { Json, Router } from "../../src/client/fetch-entry.js"

const Post = t.record({ title: t.string, at: t.datetime })
const Api = t.union({
  Get: t.case("GET /posts/<id:int>", Returns(Post)),
  Save: t.case("POST /posts", { post: Json(Post) }, Returns(Post)),
})

describe("sitelets/fetch without the router", () => {
  it("sends a JSON body and decodes the declared answer, never parsing a template", async () => {
    const sent: Request[] = []
    const api = Router.Shift("api", Router.Infer(Api))
    const at = new Date(Date.UTC(2026, 10, 28))
    const saved = await api.Fetch(
      { $: "Save", post: { title: "x", at } },
      {
        base: "http://api.test",
        fetch: async (request) => {
          sent.push(request)
          const post = JSON.parse(await request.clone().text()) as { title: string; at: string }
          return Response.json({ ...post, title: post.title.toUpperCase() })
        },
      },
    )
    expect(saved).toEqual({ title: "X", at })
    expect(saved.at).toBeInstanceOf(Date)
    const [request] = sent
    expect([request!.method, request!.url, request!.headers.get("content-type")]).toEqual([
      "POST",
      "http://api.test/api/posts",
      "application/json",
    ])
    expect(request!.headers.get("accept")).toBe("application/json")
    expect(await request!.text()).toBe('{"title":"x","at":"2026-11-28T00:00:00.000Z"}')
    // The parser was never loaded: a case's fields cannot be read here.
    expect(() => Api.cases.Save.fields).toThrow(descriptorMessages.templateUnread("POST /posts"))
  })

  it("refuses an answer that does not match the declaration with the codec's JsonError", async () => {
    const api = Router.Infer(Api)
    const error = (await api
      .Fetch({ $: "Get", id: 1 }, { base: "http://api.test", fetch: async () => Response.json({ title: 1 }) })
      .then(
        () => undefined,
        (caught: unknown) => caught,
      )) as Error
    expect(error.name).toBe("JsonError")
    expect(error.message).toContain("$.title")
  })
})
