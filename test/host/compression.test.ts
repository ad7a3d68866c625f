import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { brotliDecompressSync, gunzipSync } from "node:zlib"
import { t } from "../../src/descriptor/t.js"
import { Sitelet } from "../../src/api/sitelet-namespace.js"
import { Content } from "../../src/sitelet/content/content.js"
import { header, staticContent } from "../../src/sitelet/content-model.js"
import { Status } from "../../src/sitelet/http/http-status.js"
import {
  acceptedEncodings,
  isCompressible,
  negotiate,
  planCompression,
  resolveCompress,
} from "../../src/host/compression.js"
import { hostMessages } from "../../src/host/host-errors.js"
import { webPlatform } from "../../src/host/platform.js"
import { nodePlatform } from "../../src/host/node/node-compress.js"
import { NodeHandler } from "../../src/host/node/index.js"
import { expressHost, fetchHost, nodeHost, type HostUnderTest, type WireResponse } from "./support.js"

describe("Accept-Encoding negotiation", () => {
  it("reads q-values, lower-cases names, skips malformed entries", () => {
    expect([...acceptedEncodings("gzip;q=0.5, BR, *;q=0")]).toEqual([
      ["gzip", 0.5],
      ["br", 1],
      ["*", 0],
    ])
    expect([...acceptedEncodings("x-gzip")]).toEqual([["gzip", 1]])
    expect([...acceptedEncodings("gzip;q=2, br;q=abc, zstd;q=0.25, ;q=1, b@d, deflate;q=1.0000")]).toEqual([
      ["zstd", 0.25],
    ])
    expect(acceptedEncodings("gzip,".repeat(10_000)).size).toBe(1)
  })

  it("picks the highest q, the server's order on a tie, * for the rest, nothing at q=0", () => {
    const offered = ["br", "zstd", "gzip"] as const
    expect(negotiate("gzip, deflate, br, zstd", offered)).toBe("br")
    expect(negotiate("gzip, br;q=0.8", offered)).toBe("gzip")
    expect(negotiate("*", offered)).toBe("br")
    expect(negotiate("br;q=0, *", offered)).toBe("zstd")
    expect(negotiate("gzip;q=0", offered)).toBeUndefined()
    expect(negotiate("identity", offered)).toBeUndefined()
    expect(negotiate("identity;q=0", offered)).toBeUndefined()
    expect(negotiate(null, offered)).toBeUndefined()
    expect(negotiate("", offered)).toBeUndefined()
    expect(negotiate("br", ["gzip"])).toBeUndefined()
  })

  it("knows which types are worth compressing (mime-db)", () => {
    for (const type of [
      "application/json",
      "text/html; charset=utf-8",
      "image/svg+xml",
      "application/problem+json",
      "text/x-unknown",
    ])
      expect(isCompressible(type), type).toBe(true)
    for (const type of ["image/png", "application/zip", "video/mp4", "text/event-stream", "font/woff2", undefined])
      expect(isCompressible(type), String(type)).toBe(false)
  })

  it("checks the option when the host is built", () => {
    expect(resolveCompress(true)).toEqual({ threshold: 1024, encodings: ["br", "zstd", "gzip"] })
    expect(resolveCompress(false)).toBeUndefined()
    expect(() => resolveCompress({ threshold: -1 })).toThrow(hostMessages.badThreshold(-1))
    expect(() => NodeHandler(Sitelet.Empty, { compress: { encodings: ["deflate" as never] } })).toThrow(
      hostMessages.badEncoding("deflate"),
    )
  })
})

describe("planCompression", () => {
  const options = resolveCompress({ threshold: 100 })!
  const big = "x".repeat(200)
  it("adds Vary: Accept-Encoding to what may be compressed, whatever the client accepts", () => {
    const plan = planCompression(Content.Text(big), "GET", null, options, ["gzip"])
    expect(plan?.encoding).toBeUndefined()
    expect(plan?.content.headers).toContainEqual(["Vary", "Accept-Encoding"])
    const merged = planCompression(
      Content.WithHeaders(Content.Text(big), { Vary: "Origin" }) as never,
      "GET",
      "gzip",
      options,
      ["gzip"],
    )
    expect(merged?.content.headers.filter(([n]) => n === "Vary")).toEqual([["Vary", "Origin, Accept-Encoding"]])
  })
  it("weakens a strong ETag when it compresses", () => {
    const tagged = staticContent(Status.Ok, [header("Content-Type", "text/plain"), header("ETag", '"abc"')], big)
    expect(planCompression(tagged, "GET", "gzip", options, ["gzip"])?.content.headers).toContainEqual([
      "ETag",
      'W/"abc"',
    ])
    expect(planCompression(tagged, "GET", "identity", options, ["gzip"])?.content.headers).toContainEqual([
      "ETag",
      '"abc"',
    ])
  })
  it("leaves alone small, bodiless, encoded, no-transform and incompressible answers, and HEAD gets no coding", () => {
    const png = staticContent(Status.Ok, [header("Content-Type", "image/png")], new Uint8Array(500))
    const encoded = staticContent(
      Status.Ok,
      [header("Content-Type", "text/plain"), header("Content-Encoding", "br")],
      big,
    )
    const noTransform = staticContent(
      Status.Ok,
      [header("Content-Type", "text/plain"), header("Cache-Control", "public, no-transform")],
      big,
    )
    for (const content of [
      Content.Text("small"),
      png,
      encoded,
      noTransform,
      staticContent(Status.NoContent, [], undefined),
    ])
      expect(planCompression(content, "GET", "gzip", options, ["gzip"])).toBeUndefined()
    expect(planCompression(Content.Text("é".repeat(60)), "GET", "gzip", options, ["gzip"])?.encoding).toBe("gzip")
    expect(planCompression(Content.Text(big), "HEAD", "gzip", options, ["gzip"])?.encoding).toBeUndefined()
  })
})

const Pages = t.union({
  Articles: "GET /articles",
  Small: "GET /small",
  Huge: "GET /huge",
  Png: "GET /png",
  Tagged: "GET /tagged",
})
const articles = Array.from({ length: 40 }, (_, id) => ({ id, title: `Article number ${id}`, tags: ["a", "b"] }))
const huge = "lorem ipsum dolor sit amet ".repeat(4000)
const site = Sitelet.Infer(Pages, {
  Articles: () => Content.Json(articles),
  Small: () => Content.Text("small"),
  Huge: () => Content.Text(huge),
  Png: () => staticContent(Status.Ok, [header("Content-Type", "image/png")], new Uint8Array(4000)),
  Tagged: () => Content.WithETag(Content.Json(articles), "v1"),
})

const decoded = (response: WireResponse): string => {
  const raw = response.raw as Buffer
  const encoding = response.headers.get("content-encoding")
  if (encoding === "gzip") return gunzipSync(raw).toString("utf8")
  if (encoding === "br") return brotliDecompressSync(raw).toString("utf8")
  return raw.toString("utf8")
}

const hosts: HostUnderTest[] = []
beforeAll(async () => {
  const options = { compress: { threshold: 256 }, onError: () => undefined }
  hosts.push(fetchHost(site, options), await nodeHost(site, options), await expressHost(site, options))
})
afterAll(async () => {
  for (const host of hosts) await host.close()
})

describe("host option compress, on every host", () => {
  it("compresses with gzip when asked, with the compressed length and Vary", async () => {
    for (const host of hosts) {
      const response = await host.send({ target: "/articles", headers: { "accept-encoding": "gzip" } })
      expect(response.headers.get("content-encoding"), host.name).toBe("gzip")
      expect(response.headers.get("vary"), host.name).toBe("Accept-Encoding")
      if (response.headers.has("content-length"))
        expect(Number(response.headers.get("content-length")), host.name).toBe(response.raw?.byteLength)
      expect(JSON.parse(decoded(response)), host.name).toEqual(articles)
      expect((response.raw as Buffer).byteLength, host.name).toBeLessThan(JSON.stringify(articles).length)
    }
  })

  it("prefers br where the runtime has it (node:zlib), and compresses a large body off the event loop", async () => {
    for (const host of hosts.slice(1)) {
      const response = await host.send({ target: "/huge", headers: { "accept-encoding": "gzip, br" } })
      expect(response.headers.get("content-encoding"), host.name).toBe("br")
      expect(decoded(response), host.name).toBe(huge)
    }
    expect(nodePlatform.encodings).toContain("br")
    expect(webPlatform.encodings).toContain("gzip")
  })

  it("sends the body as it is when nothing acceptable is offered, when refused by q=0, or for malformed values", async () => {
    for (const host of hosts) {
      for (const accept of ["identity;q=0", "gzip;q=0, br;q=0", "compress", "gzip;q=x", ";;;", ""]) {
        const response = await host.send({ target: "/articles", headers: { "accept-encoding": accept } })
        expect([response.status, response.headers.has("content-encoding")], `${host.name} ${accept}`).toEqual([
          200,
          false,
        ])
        expect(response.headers.get("vary"), host.name).toBe("Accept-Encoding")
        expect(JSON.parse(response.body), host.name).toEqual(articles)
      }
    }
  })

  it("never compresses small bodies, images, HEAD or 304", async () => {
    for (const host of hosts) {
      const gzip = { "accept-encoding": "gzip" }
      const small = await host.send({ target: "/small", headers: gzip })
      expect([small.body, small.headers.has("content-encoding"), small.headers.has("vary")]).toEqual([
        "small",
        false,
        false,
      ])
      expect((await host.send({ target: "/png", headers: gzip })).headers.has("content-encoding"), host.name).toBe(
        false,
      )
      const head = await host.send({ method: "HEAD", target: "/articles", headers: gzip })
      expect([head.body, head.headers.has("content-encoding"), head.headers.get("vary")]).toEqual([
        "",
        false,
        "Accept-Encoding",
      ])
    }
  })

  it("weakens the ETag of a compressed answer, and its 304 keeps it with Vary", async () => {
    for (const host of hosts) {
      const first = await host.send({ target: "/tagged", headers: { "accept-encoding": "gzip" } })
      expect(first.headers.get("etag"), host.name).toBe('W/"v1"')
      const again = await host.send({
        target: "/tagged",
        headers: { "accept-encoding": "gzip", "if-none-match": 'W/"v1"' },
      })
      expect([again.status, again.body, again.headers.get("etag"), again.headers.get("vary")], host.name).toEqual([
        304,
        "",
        'W/"v1"',
        "Accept-Encoding",
      ])
      expect(again.headers.has("content-encoding"), host.name).toBe(false)
    }
  })
})

describe("without the option", () => {
  it("never compresses and adds no Vary", async () => {
    const host = await nodeHost(site)
    const response = await host.send({ target: "/articles", headers: { "accept-encoding": "gzip, br" } })
    expect([response.headers.has("content-encoding"), response.headers.has("vary")]).toEqual([false, false])
    await host.close()
  })
})
