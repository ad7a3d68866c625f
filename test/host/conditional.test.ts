import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createHash } from "node:crypto"
import { t } from "../../src/descriptor/t.js"
import { Sitelet } from "../../src/api/sitelet-namespace.js"
import { Content } from "../../src/sitelet/content/content.js"
import { Cors } from "../../src/sitelet/cors/cors.js"
import { expressHost, fetchHost, nodeHost, type HostUnderTest } from "./support.js"

const Pages = t.union({
  Data: "GET /data",
  Versioned: "GET /versioned",
  Dated: "GET /dated",
  Made: "POST /made",
})
const body = JSON.stringify({ items: Array.from({ length: 20 }, (_, i) => ({ id: i, name: `item ${i}` })) })
const pages = Sitelet.Infer(Pages, {
  Data: () => Content.WithHeaders(Content.Json(JSON.parse(body)), { "Cache-Control": "max-age=60" }),
  Versioned: () => Content.WithETag(Content.Text("v7 text"), "v7"),
  Dated: () => Content.WithLastModified(Content.Text("dated"), new Date("2026-01-02T03:04:05Z")),
  Made: () => Content.Text("made"),
})
const cors = Sitelet.CorsContent(
  "/cors",
  Cors.Of({ $: "Cors" as const }),
  (allows) => ({ ...allows, Origins: ["https://app.example"] }),
  () => Content.Text("shared"),
)
const site = Sitelet.Sum<any>(pages, cors)
const expectedTag = `"${createHash("sha1").update(body).digest("base64url")}"`

const hosts: HostUnderTest[] = []
const plain: HostUnderTest[] = []
beforeAll(async () => {
  const on = { onError: () => undefined, etag: true }
  hosts.push(fetchHost(site, on), await nodeHost(site, on), await expressHost(site, on))
  plain.push(fetchHost(site), await nodeHost(site))
})
afterAll(async () => {
  for (const host of [...hosts, ...plain]) await host.close()
})

describe("host option etag", () => {
  it("gives every GET 200 a strong ETag from its bytes, the same on every host", async () => {
    for (const host of hosts) {
      const response = await host.send({ target: "/data" })
      expect([response.status, response.headers.get("etag")], host.name).toEqual([200, expectedTag])
      expect(response.body, host.name).toBe(body)
    }
  })

  it("answers a matching If-None-Match with 304, no body, and the caching headers kept", async () => {
    for (const host of hosts) {
      const response = await host.send({ target: "/data", headers: { "if-none-match": `"x", ${expectedTag}` } })
      expect(response.status, host.name).toBe(304)
      expect(response.body, host.name).toBe("")
      expect(response.headers.get("etag"), host.name).toBe(expectedTag)
      expect(response.headers.get("cache-control"), host.name).toBe("max-age=60")
      expect(response.headers.has("content-type"), host.name).toBe(false)
      const head = await host.send({
        method: "HEAD",
        target: "/data",
        headers: { "if-none-match": `W/${expectedTag}` },
      })
      expect(head.status, host.name).toBe(304)
    }
  })

  it("keeps a handler's own tag, and tags no POST and no error", async () => {
    for (const host of hosts) {
      expect((await host.send({ target: "/versioned" })).headers.get("etag"), host.name).toBe('"v7"')
      expect((await host.send({ target: "/versioned", headers: { "if-none-match": '"v7"' } })).status).toBe(304)
      expect((await host.send({ method: "POST", target: "/made" })).headers.has("etag"), host.name).toBe(false)
      // Express's own 404 (`res.send`) tags its answer itself: only the sitelet's hosts are asked.
      if (host.name !== "express") expect((await host.send({ target: "/nowhere" })).headers.has("etag")).toBe(false)
    }
  })

  it("keeps the CORS headers and Vary on a 304", async () => {
    for (const host of hosts) {
      const first = await host.send({ target: "/cors", headers: { origin: "https://app.example" } })
      const tag = first.headers.get("etag") as string
      const again = await host.send({
        target: "/cors",
        headers: { origin: "https://app.example", "if-none-match": tag },
      })
      expect(again.status, host.name).toBe(304)
      expect(again.headers.get("access-control-allow-origin"), host.name).toBe("https://app.example")
      expect(again.headers.get("vary"), host.name).toContain("Origin")
    }
  })

  it("ignores malformed validators: a 200, never a 500", async () => {
    for (const host of hosts) {
      for (const value of ["junk", '"unterminated', "W/", '"a" "b"'])
        expect((await host.send({ target: "/data", headers: { "if-none-match": value } })).status, value).toBe(200)
      const since = await host.send({ target: "/dated", headers: { "if-modified-since": "not a date" } })
      expect(since.status, host.name).toBe(200)
    }
  })
})

describe("validators without the etag option", () => {
  it("sends no computed ETag, but honours the handler's validators", async () => {
    for (const host of plain) {
      expect((await host.send({ target: "/data" })).headers.has("etag"), host.name).toBe(false)
      expect((await host.send({ target: "/versioned", headers: { "if-none-match": '"v7"' } })).status).toBe(304)
      const dated = await host.send({
        target: "/dated",
        headers: { "if-modified-since": "Fri, 02 Jan 2026 03:04:05 GMT" },
      })
      expect([dated.status, dated.headers.get("last-modified")], host.name).toEqual([
        304,
        "Fri, 02 Jan 2026 03:04:05 GMT",
      ])
    }
  })
})
