import { describe, expect, it } from "vitest"
import { t } from "../../src/descriptor/t.js"
import { Router } from "../../src/router/router.js"
import { createRouteRequest } from "../../src/router/request/request.js"
import { routerMessages } from "../../src/router/messages.js"
import { Expr, Site } from "../fixtures/site.js"

const router = Router.Infer(Site)

describe("hostile request targets", () => {
  it.each([
    "/x/%",
    "/article/1/%zz",
    "/article/1/%E0%A4%A",
    "/article/1/%C0%AE%C0%AE",
    "/article/1/%ED%A0%80",
    "/article/1/..",
    "/files/%2e%2e/secret",
    "/files/a\\..\\b",
    "/search?q=%",
    "/article/1/\ud800",
    "/article/1/a\udc00b",
    "/search?q=\ud800",
  ])("%s is bad and matches nothing", async (target) => {
    const request = createRouteRequest({ method: "GET", target })
    expect(request.bad).toBeTypeOf("string")
    expect(await router.Parse(request)).toBeUndefined()
    expect(await router.ParseWithErrors(request)).toBeUndefined()
    expect(await router.route(request, 0, true)).toBeUndefined()
  })

  it("a lone surrogate is refused in both spellings, as Link refuses it", async () => {
    const raw = createRouteRequest({ method: "GET", target: "/article/1/\ud800" })
    const escaped = createRouteRequest({ method: "GET", target: "/article/1/%ED%A0%80" })
    expect(raw.bad).toBe(routerMessages.targetLoneSurrogate)
    expect(escaped.bad).toBe(routerMessages.targetBadEscapeInPath)
    expect(() => router.Link({ $: "Article", id: 1, slug: "\ud800" })).toThrow(routerMessages.linkLoneSurrogate)
    // A well-formed pair is text like any other, raw or escaped.
    expect(await router.Parse({ url: "/article/1/\ud83d\ude00" })).toEqual({ $: "Article", id: 1, slug: "😀" })
    expect(await router.Parse({ url: "/article/1/%F0%9F%98%80" })).toEqual({ $: "Article", id: 1, slug: "😀" })
  })

  it("an encoded slash stays in its segment and never creates one", async () => {
    expect(await router.Parse({ url: "/article/1/a%2Fb" })).toEqual({ $: "Article", id: 1, slug: "a/b" })
    expect(await router.Parse({ url: "/blog%2Fpost/1" })).toBeUndefined()
    expect(await router.Parse({ url: "/files/%252e%252e%252f" })).toEqual({ $: "Files", path: "%2e%2e%2f" })
  })

  it("empty segments are ignored, so trailing and doubled slashes reach the same endpoint", async () => {
    for (const url of ["/article/1/x/", "//article//1/x", "/article/1/x//"]) {
      expect(await router.Parse({ url })).toEqual({ $: "Article", id: 1, slug: "x" })
    }
  })

  it("matching is case-sensitive", async () => {
    expect(await router.Parse({ url: "/ARTICLE/1/x" })).toBeUndefined()
    expect(await router.Parse({ url: "/\u212Article/1/x" })).toBeUndefined()
  })

  it("a 16,000-character adversarial path terminates without a match", async () => {
    const long = [
      "/" + "-".repeat(16000) + "a",
      "/files/" + "%2F".repeat(5000),
      "/" + "a/".repeat(8000),
      "/Lists/" + "9999/".repeat(3000),
    ]
    for (const url of long) {
      const result = await router.Parse({ url })
      if (url.startsWith("/files/")) expect(result).toEqual({ $: "Files", path: "/".repeat(5000) })
      else expect(result).toBeUndefined()
    }
  })

  it("deep recursion in a path gives no match instead of a crash", async () => {
    const deep = "/" + "Add/".repeat(20000) + "Num/1"
    expect(await Router.Infer(Expr).Parse({ url: deep })).toBeUndefined()
  })

  it("a long list length or a huge number is rejected early", async () => {
    const lists = Router.Infer(t.list(t.string))
    expect(await lists.Parse({ url: "/99999999999/a" })).toBeUndefined()
    expect(await lists.Parse({ url: "/2/a/b" })).toEqual(["a", "b"])
    expect(await Router.Infer(t.bigint).Parse({ url: "/" + "9".repeat(5000) })).toBeUndefined()
    expect(await Router.Infer(t.float).Parse({ url: "/" + "9".repeat(5000) })).toBeUndefined()
  })

  it("prototype names are never looked up on objects", async () => {
    for (const segment of ["constructor", "__proto__", "toString", "hasOwnProperty", "prototype"]) {
      expect(await router.Parse({ url: `/${segment}` })).toBeUndefined()
      expect(await router.Parse({ url: `/${segment}/x` })).toBeUndefined()
      expect(await router.Parse({ url: `/search?${segment}=1` })).toBeUndefined()
    }
    expect(await router.Parse({ url: "/constructor/__proto__/x" })).toEqual({ $: "Proto", key: "x" })
    expect(({} as Record<string, unknown>).key).toBeUndefined()
  })

  it("control characters after decoding never match typed segments", async () => {
    for (const url of ["/Other/%00", "/Other/1%0a", "/Enum/%7f", "/Stamp/2026-01-02-03.04.05%0d"]) {
      expect(await router.Parse({ url })).toBeUndefined()
    }
  })

  it("a malformed multipart body does not match and does not throw", async () => {
    for (const body of ['--B\r\nContent-Disposition: form-data; name="user"\r\n\r\nann', "garbage", "--B--"]) {
      const result = await router.Parse({
        method: "POST",
        url: "/login",
        headers: { "content-type": "multipart/form-data; boundary=B" },
        body,
      })
      expect(result).toBeUndefined()
    }
  })
})

describe("multipart bodies", () => {
  it("skip binary file parts and keep the text fields", async () => {
    const form = new FormData()
    form.set("user", "ann")
    form.set("avatar", new Blob([new Uint8Array([0xff, 0xfe, 0x00, 0xc0])]), "a.bin")
    form.set("password", "pw")
    const router = Router.Infer(Site)
    expect(await router.Parse({ method: "POST", url: "/login", body: form })).toEqual({
      $: "Login",
      user: "ann",
      password: "pw",
    })
  })
})
