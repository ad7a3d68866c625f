/**
 * `Media(type)`: a declared answer whose body is not JSON. The handler
 * answers it with any content but `Content.Json`, the typed client resolves
 * the `Response`, the document lists the media type.
 */
import { describe, expect, expectTypeOf, it } from "vitest"
import { Router } from "../../src/client/client-router.js"
import { FetchError } from "../../src/client/fetch-error.js"
import type { SuccessValue } from "../../src/client/fetch.js"
import { FormData, Responds, Returns } from "../../src/descriptor/attributes.js"
import { isMedia, Media, type MediaAnswer } from "../../src/descriptor/media.js"
import * as descriptorMessages from "../../src/descriptor/messages.js"
import { t } from "../../src/descriptor/t.js"
import { OpenApi } from "../../src/openapi/document.js"
import { Content } from "../../src/sitelet/content/content.js"
import { Http } from "../../src/sitelet/http/http-status.js"
import { Sitelet } from "../../src/api/sitelet-namespace.js"

const Pages = t.union({
  Login: t.case(
    "GET|POST /login",
    { user: FormData(t.option(t.string)) },
    Responds({ 200: Media("text/html"), 401: Media("text/html") }),
  ),
  Report: t.case("GET /report", {}, Returns(Media("text/csv"))),
})
const site = Sitelet.Infer(Pages, {
  Login: (_ctx, e) =>
    e.user === "ada"
      ? Content.Page({ Title: "Welcome", Body: "hello" })
      : Content.SetStatus(Http.Status.Unauthorized, Content.Page({ Title: "Log in", Body: "who are you?" })),
  Report: () => Content.Custom({ Headers: { "Content-Type": "text/csv" }, Body: "a,b\n1,2\n" }),
})
const base = "http://pages.test"
const fetch = async (request: Request) => (await site.Handle(request)) ?? new Response("unrouted", { status: 404 })

describe("Media(type)", () => {
  it("takes a bare media type, lower-cased, and refuses anything else", () => {
    expect(Media("Text/HTML")).toEqual({ "~media": "text/html" })
    expect(isMedia(Media("text/csv"))).toBe(true)
    expect(isMedia(t.string)).toBe(false)
    for (const bad of ["text", "text/html; charset=utf-8", "", "a/b/c", " text/html"])
      expect(() => Media(bad), bad).toThrow(descriptorMessages.badMediaType(bad))
    expect(() => Responds({ 204: Media("text/plain") } as never)).toThrow(descriptorMessages.bodylessStatus("204"))
  })

  it("types: the client resolves the Response for a Media success", () => {
    expectTypeOf<
      SuccessValue<{ 200: MediaAnswer<"text/html">; 401: MediaAnswer<"text/html"> }>
    >().toEqualTypeOf<Response>()
  })

  it("the typed client resolves the unread Response, or throws FetchError for a declared error", async () => {
    const pages = Router.Infer(Pages)
    const sent: string[] = []
    const spy = async (request: Request) => {
      sent.push(request.headers.get("accept") ?? "")
      return fetch(request)
    }
    const welcome = await pages.Fetch({ $: "Login", user: "ada" }, { base, fetch: spy })
    expectTypeOf(welcome).toEqualTypeOf<Response>()
    expect(welcome.status).toBe(200)
    expect(await welcome.text()).toContain("hello")
    const refused = await pages.Fetch({ $: "Login", user: "eve" }, { base, fetch: spy }).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(FetchError)
    expect([(refused as FetchError).status, (refused as FetchError).value]).toEqual([401, undefined])
    expect(await (refused as FetchError).response.text()).toContain("who are you?")
    const report = await pages.Fetch({ $: "Report" }, { base, fetch: spy })
    expect(await report.text()).toBe("a,b\n1,2\n")
    // Accept names what the case declares.
    expect(sent).toEqual(["text/html", "text/html", "text/csv"])
  })

  it("the document lists the status with its media type", () => {
    const document = OpenApi.Document(site, { info: { title: "pages", version: "1" } })
    const paths = document.paths as Record<string, Record<string, { responses: Record<string, { content?: object }> }>>
    expect(paths["/login"]?.get?.responses["401"]?.content).toEqual({ "text/html": { schema: { type: "string" } } })
    expect(paths["/report"]?.get?.responses["200"]?.content).toEqual({ "text/csv": { schema: { type: "string" } } })
    expect(paths["/login"]?.get?.responses.default).toBeUndefined()
  })
})
