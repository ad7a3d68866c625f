import { describe, expect, it } from "vitest"
import { header, staticContent } from "../../../src/sitelet/content-model.js"
import { Cors } from "../../../src/sitelet/cors/cors.js"
import { CorsContent } from "../../../src/sitelet/cors/cors-content.js"
import { handleFetch } from "../../../src/host/fetch/fetch-handle.js"
import { Status } from "../../../src/sitelet/http/http-status.js"
import { corsMessages } from "../../../src/sitelet/cors/cors-messages.js"

const endpoint = { $: "Data" } as const
let calls = 0
const api = CorsContent(
  "/api/data",
  Cors.Of(endpoint, ["GET", "POST"]),
  (allows) => ({
    ...allows,
    Origins: ["https://app.example", "https://other.example"],
    ExposeHeaders: ["X-Total"],
    MaxAge: 60,
  }),
  (ctx, e) => {
    calls++
    return staticContent(
      Status.Ok,
      [header("Content-Type", "application/json"), header("Vary", "Accept")],
      JSON.stringify({ tag: e.$, link: ctx.Link(e) }),
    )
  },
)
const call = (method: string, headers: Record<string, string>) =>
  handleFetch(api, new Request("http://localhost/api/data", { method, headers, body: method === "POST" ? "{}" : null }))

describe("Sitelet.CorsContent", () => {
  it("refuses * with credentials when the sitelet is built", () => {
    expect(() =>
      CorsContent(
        "/x",
        Cors.Of(1),
        (a) => ({ ...a, Origins: ["*"], Credentials: true }),
        () => staticContent(Status.Ok, [], "x"),
      ),
    ).toThrow(corsMessages.wildcardWithCredentials())
  })
  it("answers a preflight with 204 without running the content", async () => {
    const before = calls
    const response = (await call("OPTIONS", {
      origin: "https://other.example",
      "access-control-request-method": "POST",
    }))!
    expect(response.status).toBe(204)
    expect(response.headers.get("access-control-allow-origin")).toBe("https://other.example")
    expect(response.headers.get("access-control-allow-methods")).toBe("GET, POST")
    expect(response.headers.get("access-control-max-age")).toBe("60")
    expect(response.headers.get("content-length")).toBe("0")
    expect(await response.text()).toBe("")
    expect(calls).toBe(before)
  })
  it("serves actual requests with CORS headers and Vary appended", async () => {
    const response = (await call("POST", {
      origin: "https://app.example",
      "content-type": "application/json",
      vary: "Cookie",
    }))!
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ tag: "Data", link: "/api/data" })
    expect(response.headers.get("access-control-allow-origin")).toBe("https://app.example")
    expect(response.headers.get("access-control-expose-headers")).toBe("X-Total")
    expect(response.headers.get("vary")).toBe("Accept, Origin")
  })
  it("still serves a disallowed origin, without CORS headers (CORS is not authorization)", async () => {
    const response = (await call("GET", { origin: "https://evil.example" }))!
    expect(response.status).toBe(200)
    expect([...response.headers.keys()].filter((name) => name.startsWith("access-control-"))).toEqual([])
    expect(response.headers.get("vary")).toBe("Accept, Origin")
  })
  it("does not accept other URLs", async () => {
    expect(await handleFetch(api, new Request("http://localhost/api/data/x"))).toBeUndefined()
    expect(await handleFetch(api, new Request("http://localhost/api"))).toBeUndefined()
  })
})
