/**
 * The return-address pattern under a mount point (issue: a login under
 * Express `app.use("/app", …)` sent users to `/admin`, a 404): the guard
 * hands `LoginRedirect` the requested URL as this host serves it, and the
 * login answers `RedirectSeeOtherToUrl(safeReturnPath(…))`. Checked with
 * the example site under an Express mount and under `basePath`.
 */
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import express from "express"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Middleware } from "../../src/host/node/index.js"
import { site } from "../../examples/site/site.js"
import { sendRaw, type WireRequest, type WireResponse } from "../host/support.js"

const options = { session: { secret: "mounted login test secret, 32 bytes!" } }
const form = { "content-type": "application/x-www-form-urlencoded" }
let server: Server
let port = 0

beforeAll(async () => {
  const app = express()
  app.use("/app", Middleware(site, options))
  server = createServer(app)
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  port = (server.address() as AddressInfo).port
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

type Send = (request: WireRequest) => Promise<WireResponse>
const viaExpress: Send = (request) => sendRaw(port, request)
const viaBasePath: Send = async (request) => {
  const response = (await site.Handle(
    new Request(`http://localhost${request.target}`, {
      method: request.method ?? "GET",
      headers: request.headers,
      body: request.body as string | undefined,
    }),
    { ...options, basePath: "/app" },
  ))!
  return { status: response.status, headers: new Map(response.headers), body: await response.text() }
}

describe.each([
  ['Express app.use("/app", …)', viaExpress],
  ['basePath: "/app"', viaBasePath],
] as const)("login and back, mounted with %s", (_name, send) => {
  it("sends the user back to the page they asked for, under the prefix", async () => {
    const asked = await send({ target: "/app/admin/messages" })
    expect(asked.status).toBe(307)
    const login = asked.headers.get("location")!
    expect(login).toBe("/app/account/login?returnTo=%2Fapp%2Fadmin%2Fmessages")
    const posted = await send({ method: "POST", target: login, headers: form, body: "user=ada&password=lovelace" })
    expect({ status: posted.status, location: posted.headers.get("location") }).toEqual({
      status: 303,
      location: "/app/admin/messages",
    })
    const cookie = posted.headers.get("set-cookie")!.split(";")[0]!
    const page = await send({ target: "/app/admin/messages", headers: { cookie } })
    expect(page.status).toBe(200)
    expect(page.body).toContain("<h1>Admin · Messages</h1>")
  })

  it("never follows a return address off the site", async () => {
    const target = `/app/account/login?returnTo=${encodeURIComponent("//evil.com/app")}`
    const posted = await send({ method: "POST", target, headers: form, body: "user=ada&password=lovelace" })
    expect(posted.headers.get("location")).toBe("/app/account")
  })
})
