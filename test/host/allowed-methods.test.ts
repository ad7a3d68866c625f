import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { t } from "../../src/descriptor/t.js"
import type { Infer } from "../../src/descriptor/descriptor.js"
import { EndPoint, FormData, Json, Method } from "../../src/descriptor/attributes.js"
import { Sitelet } from "../../src/api/sitelet-namespace.js"
import { Content } from "../../src/sitelet/content/content.js"
import { Cors } from "../../src/sitelet/cors/cors.js"
import { Router } from "../../src/router/router.js"
import { createRouteRequest } from "../../src/router/request/request.js"
import { allowedMethods, probedMethods } from "../../src/host/allowed-methods.js"
import { compositionOf } from "../../src/router/composition.js"
import { expressHost, fetchHost, nodeHost, type HostUnderTest } from "./support.js"

const Post = t.record({ title: t.string })

const Blog = t.union({
  List: "GET /",
  Create: t.case("POST /", { post: Json(Post) }),
  Show: "GET /<id:int>",
  Replace: t.case("PUT /<id:int>", { post: Json(Post) }),
  Remove: "DELETE /<id:int>",
})

const Pages = t.union({
  Home: "GET /",
  Blog: t.case("/blog/<sub>", { sub: Blog }),
  Files: "GET /files/<...path>",
  Anything: "/any/<n:int>",
  Form: t.case("POST /form", { name: FormData(t.string) }),
  Search: "GET /search?q=<q>",
  Purge: t.case({}, EndPoint("/cache"), Method("PURGE")),
  Cache: "GET /cache",
})

const Admin = t.union({ Settings: "GET /settings", Save: "PATCH /settings" })
const Api = t.union({ Ping: "GET /ping", Pong: "POST /ping" })
const Other = t.union({ Blog: "PATCH /blog" })

type OtherEndpoint = Infer<typeof Other>
type Outer = { $: "Other"; other: OtherEndpoint }

const pages = Sitelet.Infer(Pages, (_ctx, e) => Content.Text(e.$))
const admin = Sitelet.Protect(
  { VerifyUser: () => true, LoginRedirect: () => ({ $: "Home" }) as never },
  Sitelet.Shift(
    "admin",
    Sitelet.Infer(Admin, (_ctx, e) => Content.Text(e.$)),
  ),
)
const api = Sitelet.Shift(
  "api",
  Sitelet.InferWithErrors(Api, (_ctx, r) => Content.Text(r.$)),
)
const other = Sitelet.Embed(
  (inner: OtherEndpoint): Outer => ({ $: "Other", other: inner }),
  (outer: Outer) => (outer.$ === "Other" ? outer.other : undefined),
  Sitelet.Infer(Other, () => Content.Text("patched")),
)
const cors = Sitelet.CorsContent(
  "/cors",
  Cors.Of({ $: "Cors" as const }),
  (allows) => ({ ...allows, Origins: ["https://app.example"], Methods: ["PUT"] }),
  () => Content.Text("cors"),
)
const site = Sitelet.Sum<any>(pages, admin, api, other, cors)

const allowOf = async (target: string, method = "DELETE") => {
  const found = allowedMethods(site.Router, createRouteRequest({ method, target }), 0)
  return await found
}

describe("allowedMethods: the route table's methods for a path", () => {
  it("lists exactly the methods of the cases matching the path, HEAD with GET, in Allow order", async () => {
    expect(await allowOf("/")).toEqual(["GET", "HEAD"])
    expect(await allowOf("/blog")).toEqual(["GET", "HEAD", "POST", "PATCH"])
    expect(await allowOf("/blog/3")).toEqual(["GET", "HEAD", "PUT", "DELETE"])
    expect(await allowOf("/blog/x")).toBeUndefined()
    expect(await allowOf("/files/a/b/c.css")).toEqual(["GET", "HEAD"])
    expect(await allowOf("/form")).toEqual(["POST"])
    expect(await allowOf("/search")).toEqual(["GET", "HEAD"])
    expect(await allowOf("/cache")).toEqual(["GET", "HEAD", "PURGE"])
  })

  it("has nothing to refuse where a method-less case matches, and nothing for a path no case matches", async () => {
    expect(await allowOf("/any/3")).toBeUndefined()
    // A CorsContent part takes the methods it allows, and no other (its preflight apart).
    expect(await allowOf("/cors")).toEqual(["PUT"])
    expect(await allowOf("/nowhere")).toBeUndefined()
    expect(await allowOf("/blog/3/4")).toBeUndefined()
  })

  it("takes Shift, Protect, Embed and InferWithErrors parts into account", async () => {
    expect(await allowOf("/admin/settings")).toEqual(["GET", "HEAD", "PATCH"])
    expect(await allowOf("/api/ping")).toEqual(["GET", "HEAD", "POST"])
    expect(await allowOf("/admin")).toBeUndefined()
  })

  it("answers this site from its make-up as probing every method does", async () => {
    // Protect, InferWithErrors, CorsContent and Guard mark their router's sources: it routes as their router does.
    expect(compositionOf(admin.Router)?.kind).toBe("same")
    expect(compositionOf(Sitelet.InferWithErrors(Api, () => Content.Text("")).Router)?.kind).toBe("same")
    const targets = [
      "/",
      "/blog",
      "/blog/3",
      "/blog/x",
      "/files/a",
      "/admin/settings",
      "/api/ping",
      "/cors",
      "/any/2",
      "/x",
    ]
    for (const target of targets)
      for (const method of ["DELETE", "PUT", "OPTIONS"]) {
        const request = createRouteRequest({ method, target })
        expect(await allowedMethods(site.Router, request, 0), `${method} ${target}`).toEqual(
          await probedMethods(site.Router, request, 0),
        )
      }
  })

  it("finds the methods of a Router.New router among the common ones", async () => {
    const custom = Router.New<string>(
      (request, offset) =>
        request.segments[offset] === "x" && request.method === "PUT" ? { $: "Success", endpoint: "x" } : undefined,
      () => undefined,
    )
    expect(await allowedMethods(custom, createRouteRequest({ method: "GET", target: "/x" }), 0)).toEqual(["PUT"])
  })
})

const hosts: HostUnderTest[] = []
const quiet = { onError: () => undefined }

beforeAll(async () => {
  const on = { ...quiet, methodNotAllowed: true }
  hosts.push(fetchHost(site, on), await nodeHost(site, on), await expressHost(site, on))
})
afterAll(async () => {
  for (const host of hosts) await host.close()
})

describe("host option methodNotAllowed, on every host", () => {
  it("answers a wrong method with 405 and Allow", async () => {
    for (const host of hosts) {
      const response = await host.send({ method: "DELETE", target: "/blog" })
      expect([host.name, response.status], host.name).toEqual([host.name, 405])
      expect(response.headers.get("allow"), host.name).toBe("GET, HEAD, POST, PATCH, OPTIONS")
      expect(response.body, host.name).toBe("Method Not Allowed")
      expect(response.headers.get("x-content-type-options"), host.name).toBe("nosniff")
    }
  })

  it("answers a plain OPTIONS with 204 and Allow, with no body", async () => {
    for (const host of hosts) {
      const response = await host.send({ method: "OPTIONS", target: "/blog/7" })
      expect(response.status, host.name).toBe(204)
      expect(response.headers.get("allow"), host.name).toBe("GET, HEAD, PUT, DELETE, OPTIONS")
      expect(response.body, host.name).toBe("")
    }
  })

  it("still falls through for a path nothing matches (404 / Express next()) and for a method-less case", async () => {
    for (const host of hosts) {
      const response = await host.send({ method: "DELETE", target: "/nowhere" })
      expect(response.status, host.name).toBe(404)
      expect(response.headers.has("allow"), host.name).toBe(false)
    }
    const express = hosts[2] as HostUnderTest
    const after = await express.send({
      method: "POST",
      target: "/after",
      body: "kept",
      headers: { "content-type": "text/plain" },
    })
    expect(after.body).toBe("after:kept")
  })

  it("keeps the 400 of a request whose method is right and whose query or body is wrong", async () => {
    for (const host of hosts) {
      expect((await host.send({ target: "/search" })).status, host.name).toBe(404)
      const bad = await host.send({
        method: "POST",
        target: "/blog",
        body: "{",
        headers: { "content-type": "application/json" },
      })
      expect(bad.status, host.name).toBe(400)
    }
  })

  it("never reads the body of a request it refuses", async () => {
    for (const host of hosts) {
      const response = await host.send({
        method: "PUT",
        target: "/blog",
        body: "x".repeat(10_000),
        headers: { "content-type": "application/json" },
      })
      expect(response.status, host.name).toBe(405)
    }
  })

  it("leaves a CORS preflight to its CorsContent part, and falls through with one elsewhere", async () => {
    const preflight = { "access-control-request-method": "PUT", origin: "https://app.example" }
    for (const host of hosts) {
      const answered = await host.send({ method: "OPTIONS", target: "/cors", headers: preflight })
      expect(answered.status, host.name).toBe(204)
      expect(answered.headers.get("access-control-allow-methods"), host.name).toContain("PUT")
      expect(answered.headers.has("allow"), host.name).toBe(false)
      const elsewhere = await host.send({ method: "OPTIONS", target: "/blog", headers: preflight })
      expect(elsewhere.status, host.name).toBe(404)
    }
  })

  it("lets an InferWithErrors part answer its own wrong methods", async () => {
    for (const host of hosts) {
      const response = await host.send({ method: "DELETE", target: "/api/ping" })
      expect([response.status, response.body], host.name).toEqual([200, "InvalidMethod"])
    }
  })
})

describe("without the option", () => {
  it("falls through exactly as before", async () => {
    const response = await site.Handle(new Request("http://x/blog", { method: "DELETE" }))
    expect(response).toBeUndefined()
    const options = await site.Handle(new Request("http://x/blog", { method: "OPTIONS" }))
    expect(options).toBeUndefined()
  })
})
