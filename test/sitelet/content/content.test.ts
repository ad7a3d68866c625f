import { describe, expect, it } from "vitest"
import { t } from "../../../src/descriptor/t.js"
import { Sitelet } from "../../../src/api/sitelet-namespace.js"
import { Content } from "../../../src/sitelet/content/content.js"
import { Html } from "../../../src/sitelet/html/html.js"
import { Http } from "../../../src/sitelet/http/http-status.js"
import { headerOf, type StaticContent } from "../../../src/sitelet/content-model.js"
import { siteletMessages } from "../../../src/sitelet/messages.js"
import { contentMessages } from "../../../src/sitelet/content/content-messages.js"
import { httpMessages } from "../../../src/sitelet/http/http-messages.js"

const Site = t.union({ Home: "GET /", Post: "GET /post/<id:int>", Any: "/any/<what>" })

const serve = async (content: Parameters<typeof Sitelet.Content>[2], path = "/c", basePath?: string) => {
  const site = Sitelet.Sum(
    Sitelet.Content("/c", { $: "C" } as const, content as never),
    Sitelet.Infer(Site, () => Content.Text("site")),
  )
  const response = await site.Handle(
    new Request(`http://localhost${basePath ?? ""}${path}`),
    basePath ? { basePath } : undefined,
  )
  return { status: response!.status, headers: response!.headers, body: await response!.text() }
}

describe("Content", () => {
  it("Text and Json have their types and nosniff", async () => {
    const text = await serve(Content.Text("héllo"))
    expect(text).toMatchObject({ status: 200, body: "héllo" })
    expect(text.headers.get("content-type")).toBe("text/plain; charset=utf-8")
    expect(text.headers.get("x-content-type-options")).toBe("nosniff")
    const json = await serve(Content.Json({ a: [1, "<"] }))
    expect(json.body).toBe('{"a":[1,"<"]}')
    expect(json.headers.get("content-type")).toBe("application/json")
  })
  it("Json with a descriptor uses the codec", async () => {
    const Item = t.record({ id: t.bigint, at: t.datetime, tag: t.option(t.string) })
    const content = Content.Json({ id: 12n, at: new Date(Date.UTC(2026, 0, 2)) }, Item)
    expect((await serve(content)).body).toBe('{"id":"12","at":"2026-01-02T00:00:00.000Z"}')
  })
  it("Page escapes the title and writes it only when given", () => {
    const page = Content.Page({
      Title: "<Tom & Jerry>",
      Head: Html.meta({ name: "x", content: "y" }),
      Body: [Html.h1(null, "<hi>")],
    })
    expect(page.body).toBe(
      '<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>&lt;Tom &amp; Jerry&gt;</title><meta name="x" content="y"></head><body><h1>&lt;hi&gt;</h1></body></html>\n',
    )
    expect(headerOf(page, "content-type")).toBe("text/html; charset=utf-8")
    expect(Content.Page({ Body: "x" }).body).not.toContain("<title>")
  })
  it("SetStatus and Custom take a status's code alone, checked as Http.Status.Custom checks it (issue 35)", async () => {
    const created = await serve(Content.SetStatus(201, Content.Json({ id: 1 })))
    expect([created.status, created.body]).toEqual([201, '{"id":1}'])
    expect(Content.SetStatus(201, Content.Json(1)).status).toEqual(Http.Status.Created)
    expect((await serve(Content.Custom({ Status: 418, Body: "tea" }))).status).toBe(418)
    expect(() => Content.SetStatus(99, Content.Text("x"))).toThrow(httpMessages.badStatusCode(99))
    expect(() => Content.Custom({ Status: 600 })).toThrow(httpMessages.badStatusCode(600))
  })

  it("SetStatus works on contents, promises and deferred contents", async () => {
    expect((await serve(Content.SetStatus(Http.Status.Created, Content.Text("made")))).status).toBe(201)
    const fromPromise = await Content.SetStatus(Http.Status.NotFound, Promise.resolve(Content.Text("gone")))
    expect((fromPromise as StaticContent).status.code).toBe(404)
    const redirect = await serve(Content.SetStatus(Http.Status.Custom(302), Content.RedirectTemporary({ $: "Home" })))
    expect(redirect.status).toBe(302)
    expect(redirect.headers.get("location")).toBe("/")
  })
  it("redirects to endpoints (typed, base path included) and URLs", async () => {
    const temporary = await serve(Content.RedirectTemporary({ $: "Post", id: 4 }))
    expect(temporary.status).toBe(307)
    expect(temporary.headers.get("location")).toBe("/post/4")
    const permanent = await serve(Content.RedirectPermanent({ $: "Post", id: 5 }), "/c", "/app")
    expect(permanent.status).toBe(301)
    expect(permanent.headers.get("location")).toBe("/app/post/5")
    expect(Content.RedirectTemporaryToUrl("https://example.com/ü?x=1").headers).toContainEqual([
      "Location",
      "https://example.com/%C3%BC?x=1",
    ])
    expect(() => Content.RedirectTemporaryToUrl("/a\r\nSet-Cookie: x=1")).toThrow(
      contentMessages.badRedirectUrl("/a\r\nSet-Cookie: x=1"),
    )
    // The URL forms of the three redirects: the same checks, their own statuses.
    for (const [content, code] of [
      [Content.RedirectTemporaryToUrl("/x"), 307],
      [Content.RedirectPermanentToUrl("/x"), 301],
      [Content.RedirectSeeOtherToUrl("/x"), 303],
    ] as const) {
      expect({
        code: content.status.code,
        location: content.headers.find(([name]) => name === "Location")?.[1],
      }).toEqual({ code, location: "/x" })
    }
    expect(() => Content.RedirectSeeOtherToUrl("/a\nb")).toThrow(contentMessages.badRedirectUrl("/a\nb"))
  })
  it("error contents carry their status and a strict CSP", async () => {
    for (const [content, code] of [
      [Content.NotFound(), 404],
      [Content.Forbidden(), 403],
      [Content.Unauthorized(), 401],
      [Content.BadRequest("no"), 400],
      [Content.MethodNotAllowed(), 405],
      [Content.ServerError(), 500],
    ] as const) {
      const response = await serve(content)
      expect(response.status).toBe(code)
      expect(response.headers.get("content-security-policy")).toContain("default-src 'none'")
    }
    expect((await serve(Content.BadRequest("no"))).body).toBe("no")
  })
  it("custom headers and contents, checked against response splitting", async () => {
    const custom = await serve(
      Content.WithHeaders(
        Content.Custom({
          Status: Http.Status.Accepted,
          Headers: [
            ["X-A", "1"],
            ["Set-Cookie", "a=1"],
            ["Set-Cookie", "b=2"],
          ],
          Body: new Uint8Array([104, 105]),
        }),
        { "Cache-Control": "no-store" },
      ),
    )
    expect(custom).toMatchObject({ status: 202, body: "hi" })
    expect(custom.headers.get("cache-control")).toBe("no-store")
    expect(custom.headers.getSetCookie()).toEqual(["a=1", "b=2"])
    expect(() => Content.Custom({ Headers: { "X-A": "1\r\nX-B: 2" } })).toThrow(siteletMessages.badHeaderValue("X-A"))
    expect(() => Content.Custom({ Headers: { "X A": "1" } })).toThrow(siteletMessages.badHeaderName("X A"))
  })
  it("Http.Status has the names and Custom", () => {
    expect(Object.keys(Http.Status)).toEqual(
      expect.arrayContaining([
        "Ok",
        "Created",
        "NoContent",
        "BadRequest",
        "Unauthorized",
        "Forbidden",
        "NotFound",
        "MethodNotAllowed",
        "InternalServerError",
        "NotImplemented",
        "Custom",
      ]),
    )
    expect(Http.Status.Custom(418, "I'm a teapot")).toEqual({ code: 418, text: "I'm a teapot" })
    expect(Http.Status.Custom(422).text).toBe("Unprocessable Content")
    expect(() => Http.Status.Custom(99)).toThrow(httpMessages.badStatusCode(99))
    expect(() => Http.Status.Custom(200, "a\r\nb")).toThrow(httpMessages.badReasonPhrase())
  })
  it("a 204 has no body; HEAD gets headers only", async () => {
    const noContent = await serve(Content.SetStatus(Http.Status.NoContent, Content.Text("ignored")))
    expect(noContent).toMatchObject({ status: 204, body: "" })
    const site = Sitelet.Infer(Site, () => Content.Text("body"))
    const head = await site.Handle(new Request("http://localhost/post/1", { method: "HEAD" }))
    expect(head?.status).toBe(200)
    expect(await head?.text()).toBe("")
  })
})
