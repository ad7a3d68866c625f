/**
 * RELIABILITY G3: every answer to a request a `Sitelet.CorsContent` part
 * accepted carries `Vary: Origin` (and the CORS headers for an allowed
 * origin): a 500 when its content throws, a 413 from the body limit, a
 * `Protect` login redirect — on every host, Connect's error handler
 * included. Answers of other parts get none.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { IncomingMessage, ServerResponse } from "node:http"
import { Socket } from "node:net"
import { Content } from "../../src/sitelet/content/content.js"
import { Content as ContentAt, Sum } from "../../src/sitelet/combinators.js"
import { Cors } from "../../src/sitelet/cors/cors.js"
import { CorsContent } from "../../src/sitelet/cors/cors-content.js"
import { Protect } from "../../src/sitelet/auth/protect.js"
import type { Sitelet } from "../../src/sitelet/sitelet.js"
import { header, staticContent } from "../../src/sitelet/content-model.js"
import { Status } from "../../src/sitelet/http/http-status.js"
import { setCorsHeaders } from "../../src/host/node/node-write.js"
import { startHosts, viaHeader, type HostUnderTest, type RawResponse } from "./harness.js"

type Endpoint = { $: "Boom" } | { $: "Upload" } | { $: "Secret" } | { $: "Login" } | { $: "Plain" }
const allowed = "https://app.example"
const origins = (allows: Parameters<Parameters<typeof CorsContent>[2]>[0]) => ({
  ...allows,
  Origins: [allowed],
  ExposeHeaders: ["X-Total"],
})

const site: Sitelet<Endpoint> = Sum<Sitelet<Endpoint>[]>(
  CorsContent<Endpoint>("/api/boom", Cors.Of({ $: "Boom" }), origins, () => {
    throw new Error("content failure")
  }),
  CorsContent<Endpoint>("/api/upload", Cors.Of({ $: "Upload" }), origins, async (ctx) =>
    Content.Text(`upload:${(await ctx.Request.body()).length}`),
  ),
  Protect<Endpoint>(
    { VerifyUser: () => true, LoginRedirect: () => ({ $: "Login" }) },
    CorsContent<Endpoint>("/api/secret", Cors.Of({ $: "Secret" }), origins, () => Content.Text("secret")),
  ),
  ContentAt<Endpoint>("/login", { $: "Login" }, Content.Text("login")),
  ContentAt<Endpoint>("/plain-boom", { $: "Plain" }, () => {
    throw new Error("plain failure")
  }),
)

let hosts: HostUnderTest[] = []
beforeAll(async () => {
  hosts = await startHosts(site, {
    limits: { bodyBytes: 10 },
    session: { secret: "cors error suite secret, 32 bytes+" },
    onError: () => undefined,
  })
})
afterAll(async () => {
  await Promise.all(hosts.map((host) => host.close()))
})

const varyTokens = (response: RawResponse) =>
  (response.headers.get("vary") ?? "").split(",").map((token) => token.trim().toLowerCase())
const corsHeaderNames = (response: RawResponse) =>
  [...response.headers.keys()].filter((name) => name.startsWith("access-control-"))

describe.each(["fetch", "node", "connect"] as const)("CORS headers on error answers, %s host (G3)", (hostName) => {
  const host = () => hosts.find((h) => h.name === hostName)!
  const viaConnectErrorHandler = (response: RawResponse) => {
    if (hostName === "connect" && response.status >= 400) expect(response.headers.get(viaHeader)).toBe("error")
  }

  it("a throwing content: 500 with Vary: Origin and the allowed origin's headers", async () => {
    const response = await host().send({ target: "/api/boom", headers: { origin: allowed } })
    expect(response.status).toBe(500)
    viaConnectErrorHandler(response)
    expect(varyTokens(response)).toContain("origin")
    expect(response.headers.get("access-control-allow-origin")).toBe(allowed)
    expect(response.headers.get("access-control-expose-headers")).toBe("X-Total")
    expect(response.body).not.toContain("content failure")
  })

  it("a throwing content, disallowed origin: Vary: Origin, no CORS headers", async () => {
    const response = await host().send({
      target: "/api/boom",
      headers: { origin: "https://evil.example", vary: "Cookie" },
    })
    expect(response.status).toBe(500)
    expect(varyTokens(response)).toEqual(["origin"])
    expect(corsHeaderNames(response)).toEqual([])
  })

  it("a body over the limit read by the content: 413 with Vary: Origin", async () => {
    const response = await host().send({
      method: "POST",
      target: "/api/upload",
      headers: { origin: allowed },
      body: "x".repeat(11),
    })
    expect(response.status).toBe(413)
    viaConnectErrorHandler(response)
    expect(varyTokens(response)).toContain("origin")
    expect(response.headers.get("access-control-allow-origin")).toBe(allowed)
    const fits = await host().send({
      method: "POST",
      target: "/api/upload",
      headers: { origin: allowed },
      body: "x".repeat(10),
    })
    expect(fits.body).toBe("upload:10")
    expect(varyTokens(fits)).toEqual(["origin"])
  })

  it("a Protect login redirect of a CORS endpoint: Vary: Origin", async () => {
    const response = await host().send({ target: "/api/secret", headers: { origin: allowed } })
    expect(response.status).toBe(307)
    expect(response.headers.get("location")).toBe("/login")
    expect(varyTokens(response)).toContain("origin")
    expect(response.headers.get("access-control-allow-origin")).toBe(allowed)
  })

  it("a part without CORS gets no CORS headers on its 500", async () => {
    const response = await host().send({ target: "/plain-boom", headers: { origin: allowed } })
    expect(response.status).toBe(500)
    expect(varyTokens(response)).not.toContain("origin")
    expect(corsHeaderNames(response)).toEqual([])
  })
})

describe("setCorsHeaders (Connect, before next(err))", () => {
  const response = () => new ServerResponse(new IncomingMessage(new Socket()))
  const content = staticContent(
    Status.Custom(500),
    [header("Vary", "Origin"), header("Access-Control-Allow-Origin", allowed), header("Content-Type", "text/plain")],
    "x",
  )

  it("copies only the CORS headers and appends Origin to a Vary already set", () => {
    const res = response()
    res.setHeader("Vary", "Accept-Encoding")
    setCorsHeaders(res, content)
    expect(res.getHeader("vary")).toBe("Accept-Encoding, Origin")
    expect(res.getHeader("access-control-allow-origin")).toBe(allowed)
    expect(res.getHeader("content-type")).toBeUndefined()
  })

  it("never repeats a token and leaves `Vary: *` alone", () => {
    const res = response()
    res.setHeader("Vary", ["origin", "Cookie"])
    setCorsHeaders(res, content)
    expect(res.getHeader("vary")).toBe("origin, Cookie")
    const star = response()
    star.setHeader("Vary", "*")
    setCorsHeaders(star, content)
    expect(star.getHeader("vary")).toBe("*")
    const bare = response()
    setCorsHeaders(bare, content)
    expect(bare.getHeader("vary")).toBe("Origin")
  })
})
