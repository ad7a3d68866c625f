/**
 * The host option `csrf` (RELIABILITY F6) on the three hosts: unsafe
 * requests from another origin are refused with 403 before the handler
 * runs; same-origin ones, safe methods, trusted origins and origins a
 * `CorsContent` part lists are served.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { resolveCsrf } from "../../src/host/csrf.js"
import { hostMessages } from "../../src/host/host-errors.js"
import { Content, Cors, FormData, Sitelet, t } from "../../src/index.js"
import { expressHost, fetchHost, type HostUnderTest, nodeHost, type WireRequest } from "./support.js"

const Site = t.union({
  Page: "GET /page",
  Transfer: t.case("POST /transfer", { amount: FormData(t.int) }),
})
let transfers = 0
const site = Sitelet.Sum(
  Sitelet.Infer(Site, {
    Page: () => Content.Text("page"),
    Transfer: (_ctx, e) => {
      transfers++
      return Content.Text(`moved ${e.amount}`)
    },
  }),
  Sitelet.CorsContent(
    "/api/items",
    Cors.Of({ $: "Items" as const }),
    (allows) => ({
      ...allows,
      Origins: ["https://app.example"],
      Methods: ["PUT"],
      Headers: ["Content-Type"],
      Credentials: true,
    }),
    () => Content.Text("items saved"),
  ),
)
const form = { "content-type": "application/x-www-form-urlencoded" }
const transfer = (headers: Record<string, string>): WireRequest => ({
  method: "POST",
  target: "/transfer",
  headers: { ...form, ...headers },
  body: "amount=5",
})

const quiet = { onError: () => undefined }
const on: HostUnderTest[] = []
const lenient: HostUnderTest[] = []
const off: HostUnderTest[] = []
beforeAll(async () => {
  on.push(
    fetchHost(site, { ...quiet, csrf: true }),
    await nodeHost(site, { ...quiet, csrf: true }),
    await expressHost(site, { ...quiet, csrf: true }),
  )
  const options = { ...quiet, csrf: { trustedOrigins: ["https://Example.com"], allowWithoutOrigin: true } }
  lenient.push(fetchHost(site, options), await nodeHost(site, options), await expressHost(site, options))
  off.push(fetchHost(site, quiet), await nodeHost(site, quiet), await expressHost(site, quiet))
})
afterAll(async () => {
  for (const host of [...on, ...lenient, ...off]) await host.close()
})

describe.each([0, 1, 2])("csrf on host %i (fetch, node, express)", (index) => {
  const host = () => on[index]!
  it.each([
    ["Sec-Fetch-Site: same-origin", { "sec-fetch-site": "same-origin", origin: "http://localhost" }],
    ["the site's own Origin, no Sec-Fetch-Site (an older browser)", { origin: "http://localhost" }],
    ["Sec-Fetch-Site: none (started by the user)", { "sec-fetch-site": "none" }],
  ])("serves %s", async (_name, headers) => {
    expect((await host().send(transfer(headers))).body).toBe("moved 5")
  })

  it.each([
    [
      "a cross-site form post",
      { "sec-fetch-site": "cross-site", origin: "https://evil.example" },
      "https://evil.example",
    ],
    [
      "a sibling subdomain (same-site, other origin)",
      { "sec-fetch-site": "same-site", origin: "http://sub.localhost" },
      "http://sub.localhost",
    ],
    ["another Origin, no Sec-Fetch-Site", { origin: "https://evil.example" }, "https://evil.example"],
    ["Origin: null (a sandboxed frame, a redirect)", { origin: "null" }, "null"],
    ["no Origin and no Sec-Fetch-Site, with a cookie", { cookie: "sid=1" }, null],
    ["no Origin and no Sec-Fetch-Site, with a browser's Basic authentication", { authorization: "Basic YTpi" }, null],
    ["no Origin and no Sec-Fetch-Site, with Digest authentication", { authorization: "  digest u=1" }, null],
  ])("refuses %s with 403, before the handler", async (_name, headers, origin) => {
    const before = transfers
    const response = await host().send(transfer(headers))
    expect(response.status).toBe(403)
    // Express renders the HostError through its own error handler: the same message.
    expect(response.body).toBe(hostMessages.crossSite(origin))
    expect(transfers).toBe(before)
  })

  it.each([
    ["no Origin, no Sec-Fetch-Site and no credential (a generated client)", {}],
    ["no Origin, no Sec-Fetch-Site, a bearer token", { authorization: "Bearer abc.def" }],
    ["no Origin, no Sec-Fetch-Site, an API key", { "x-api-key": "k" }],
  ])("serves %s: nothing ambient to forge", async (_name, headers) => {
    expect((await host().send(transfer(headers))).body).toBe("moved 5")
  })

  it("lets safe methods through from anywhere", async () => {
    expect(
      (
        await host().send({
          target: "/page",
          headers: { "sec-fetch-site": "cross-site", origin: "https://evil.example" },
        })
      ).body,
    ).toBe("page")
  })

  it("answers the CORS preflight, and serves the actual request from an origin the CorsContent part lists", async () => {
    const preflight = await host().send({
      method: "OPTIONS",
      target: "/api/items",
      headers: {
        origin: "https://app.example",
        "access-control-request-method": "PUT",
        "sec-fetch-site": "cross-site",
      },
    })
    expect(preflight.status).toBe(204)
    const actual = await host().send({
      method: "PUT",
      target: "/api/items",
      headers: { origin: "https://app.example", "sec-fetch-site": "cross-site", "content-type": "application/json" },
      body: "{}",
    })
    expect({
      status: actual.status,
      body: actual.body,
      origin: actual.headers.get("access-control-allow-origin"),
    }).toEqual({
      status: 200,
      body: "items saved",
      origin: "https://app.example",
    })
    const unlisted = await host().send({
      method: "PUT",
      target: "/api/items",
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      body: "{}",
    })
    expect(unlisted.status).toBe(403)
    // Like every answer to a request a CorsContent part accepted (RELIABILITY G3).
    expect(unlisted.headers.get("vary")).toContain("Origin")
    expect(unlisted.headers.get("access-control-allow-origin") ?? null).toBeNull()
  })
})

describe.each([0, 1, 2])("csrf options on host %i", (index) => {
  it("trusts the listed origins and, when asked, requests without Origin that carry a cookie", async () => {
    const host = lenient[index]!
    expect((await host.send(transfer({ "sec-fetch-site": "cross-site", origin: "https://example.com" }))).body).toBe(
      "moved 5",
    )
    expect((await host.send(transfer({ cookie: "sid=1" }))).body).toBe("moved 5")
    expect((await host.send(transfer({ "sec-fetch-site": "cross-site", origin: "https://evil.example" }))).status).toBe(
      403,
    )
  })
  it("is off by default: the seed's behaviour", async () => {
    expect(
      (await off[index]!.send(transfer({ "sec-fetch-site": "cross-site", origin: "https://evil.example" }))).body,
    ).toBe("moved 5")
  })
})

describe("csrf option", () => {
  it("refuses a trusted origin that is not an origin when the host is built", () => {
    for (const bad of ["https://example.com/", "*", "example.com", "https://*.example.com"]) {
      expect(() => resolveCsrf({ trustedOrigins: [bad] })).toThrow(hostMessages.badTrustedOrigin(bad))
    }
  })
})
