import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import express from "express"
import { Middleware } from "../../src/host/node/index.js"
import { parseResponse, rawExchange, startHosts, wireBytes, type HostUnderTest } from "./harness.js"
import { site } from "./site.js"
import { defaultLimits, resolveHostOptions } from "../../src/host/host-options.js"
import { hostMessages } from "../../src/host/host-errors.js"
import { defaultBodyLimits } from "../../src/router/request/body-limits.js"
import { Fetch } from "../../src/host/fetch/fetch-handler.js"

// Limits are configurable per host; each is enforced at exactly limit + 1.
const limits = { bodyBytes: 100, urlLength: 200, queryParameters: 5 }
const json = { "content-type": "application/json" }
// Depth 2n + 2: an object and an array per level, then the innermost pair.
const nested = (levels: number) => '{"kids":['.repeat(levels) + '{"kids":[]}' + "]}".repeat(levels)
const boundary = "XbOuNdArYx"
const multipart = { "content-type": `multipart/form-data; boundary=${boundary}` }
const parts = (count: number) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n`.repeat(count) + `--${boundary}--\r\n`
let hosts: HostUnderTest[] = []
beforeAll(async () => {
  hosts = await startHosts(site, { limits, onError: () => undefined })
})
afterAll(async () => {
  await Promise.all(hosts.map((host) => host.close()))
})

describe("configured limits, on every host", () => {
  it.each(["fetch", "node", "connect"] as const)(
    "%s: body, URL length, query and form parameter counts",
    async (name) => {
      const host = hosts.find((h) => h.name === name)!
      expect((await host.send({ method: "POST", target: "/upload", body: "x".repeat(100) })).body).toBe("upload:100")
      expect((await host.send({ method: "POST", target: "/upload", body: "x".repeat(101) })).status).toBe(413)
      expect((await host.send({ method: "POST", target: "/upload", body: "x".repeat(101), chunked: 7 })).status).toBe(
        413,
      )
      expect((await host.send({ target: "/files/" + "a".repeat(193) })).status).toBe(200)
      expect((await host.send({ target: "/files/" + "a".repeat(194) })).status).toBe(414)
      expect((await host.send({ target: "/?a&b&c&d&e" })).status).toBe(200)
      expect((await host.send({ target: "/?a&b&c&d&e&f" })).status).toBe(414)
      const form = { "content-type": "application/x-www-form-urlencoded" }
      expect((await host.send({ method: "POST", target: "/form", headers: form, body: "name=x&b&c&d&e" })).body).toBe(
        "form:x",
      )
      expect(
        (await host.send({ method: "POST", target: "/form", headers: form, body: "name=x&b&c&d&e&f" })).status,
      ).toBe(413)
    },
  )
})

describe("configured body decoding limits, on every host", () => {
  // The default body limit: multipart parts take more than 100 bytes.
  let decodingHosts: HostUnderTest[] = []
  beforeAll(async () => {
    decodingHosts = await startHosts(site, {
      limits: { queryParameters: 5, jsonDepth: 6, bigintDigits: 10 },
      onError: () => undefined,
    })
  })
  afterAll(async () => {
    await Promise.all(decodingHosts.map((host) => host.close()))
  })
  it.each(["fetch", "node", "connect"] as const)("%s: multipart parts, JSON depth and bigint digits", async (name) => {
    const host = decodingHosts.find((h) => h.name === name)!
    expect((await host.send({ method: "POST", target: "/form", headers: multipart, body: parts(5) })).body).toBe(
      "form:x",
    )
    expect((await host.send({ method: "POST", target: "/form", headers: multipart, body: parts(6) })).status).toBe(413)
    // Depth 6 is the limit; the default (64) would accept depth 8.
    expect((await host.send({ method: "POST", target: "/tree", headers: json, body: nested(2) })).body).toBe("tree")
    expect((await host.send({ method: "POST", target: "/tree", headers: json, body: nested(3) })).status).toBe(400)
    expect((await host.send({ method: "POST", target: "/big", headers: json, body: `"${"9".repeat(10)}"` })).body).toBe(
      "big:10",
    )
    expect(
      (await host.send({ method: "POST", target: "/big", headers: json, body: `"${"9".repeat(11)}"` })).status,
    ).toBe(400)
    expect(
      (await host.send({ method: "POST", target: "/big", headers: json, body: `"-${"9".repeat(10)}"` })).body,
    ).toBe("big:11")
  })
})

describe("a JSON depth limit above what the stack can follow", () => {
  let deepHosts: HostUnderTest[] = []
  beforeAll(async () => {
    deepHosts = await startHosts(site, { limits: { jsonDepth: 10_000_000 }, onError: () => undefined })
  })
  afterAll(async () => {
    await Promise.all(deepHosts.map((host) => host.close()))
  })
  it.each(["fetch", "node", "connect"] as const)(
    "%s: a body nested 100 000 levels deep is a 400, never a 500",
    async (name) => {
      const host = deepHosts.find((h) => h.name === name)!
      expect((await host.send({ method: "POST", target: "/tree", headers: json, body: nested(50_000) })).status).toBe(
        400,
      )
      expect((await host.send({ target: "/item/7" })).body).toBe("item:7")
    },
  )
})

describe("limit options", () => {
  it("default to the documented values and reach the router's body decoding", () => {
    const resolved = resolveHostOptions({ limits: { jsonDepth: 6 } })
    expect(resolved.limits).toEqual({ ...defaultLimits, jsonDepth: 6 })
    expect(defaultLimits).toEqual({
      bodyBytes: 1024 * 1024,
      uploadBytes: 1024 * 1024,
      urlLength: 8 * 1024,
      queryParameters: 1000,
      jsonDepth: 64,
      bigintDigits: 1000,
    })
    expect(resolved.bodyLimits).toEqual({ jsonDepth: 6, bigintDigits: 1000, formFields: 1000 })
    // Uploads follow the body limit given, unless they have their own.
    expect(resolveHostOptions({ limits: { bodyBytes: 10 } }).limits.uploadBytes).toBe(10)
    expect(resolveHostOptions({ limits: { bodyBytes: 10, uploadBytes: 99 } }).limits.uploadBytes).toBe(99)
    expect(resolveHostOptions({}).bodyLimits).toEqual(defaultBodyLimits)
  })
  it("refuse a limit that is not an integer at or above its minimum when the host is built", () => {
    for (const [name, value, minimum] of [
      ["jsonDepth", 0, 1],
      ["bigintDigits", 1.5, 1],
      ["bodyBytes", -1, 0],
      ["queryParameters", Number.NaN, 0],
      ["urlLength", Infinity, 0],
    ] as const) {
      expect(() => resolveHostOptions({ limits: { [name]: value } }), name).toThrow(
        new TypeError(hostMessages.badLimit(name, value, minimum)),
      )
      expect(() => Fetch.Handler(site, { limits: { [name]: value } }), name).toThrow(TypeError)
    }
    expect(
      resolveHostOptions({ limits: { bodyBytes: 0, jsonDepth: 1, bigintDigits: undefined } }).limits.bodyBytes,
    ).toBe(0)
  })
})

describe("Connect after a body parser consumed the body (D5)", () => {
  let server: Server
  let port = 0
  beforeAll(async () => {
    const app = express()
    app.use(express.text({ type: "*/*" }))
    app.use(Middleware(site, { onError: () => undefined }) as express.RequestHandler)
    app.use((_req, res) => res.status(404).send("fallthrough"))
    app.use((error: { status?: number }, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      res.status(error.status ?? 500).send("error")
    })
    server = createServer(app)
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    port = (server.address() as AddressInfo).port
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })
  it("answers instead of hanging when a matched case needs the consumed body", async () => {
    const data = await rawExchange(
      port,
      wireBytes({
        method: "POST",
        target: "/echo",
        headers: { "content-type": "application/json" },
        body: '{"title":"t","n":1}',
      }),
    )
    expect(parseResponse(data!).status).toBe(400)
    const miss = await rawExchange(port, wireBytes({ method: "POST", target: "/nowhere", body: "x" }))
    expect(parseResponse(miss!).body).toBe("fallthrough")
  })
})
